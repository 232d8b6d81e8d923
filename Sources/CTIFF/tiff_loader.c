// Loads libtiff on first use and calls it through the loaded functions (see CTIFF.h for why
// it is not linked).
#include "CTIFF.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static struct lb_tiff lib;

static int lookup(struct lb_library *library) {
  LB_LIBRARY_FIND(library, lib, TIFFClientOpenExt);
  LB_LIBRARY_FIND(library, lib, TIFFClose);
  LB_LIBRARY_FIND(library, lib, TIFFGetField);
  LB_LIBRARY_FIND(library, lib, TIFFOpenOptionsAlloc);
  LB_LIBRARY_FIND(library, lib, TIFFOpenOptionsFree);
  LB_LIBRARY_FIND(library, lib, TIFFOpenOptionsSetErrorHandlerExtR);
  LB_LIBRARY_FIND(library, lib, TIFFOpenOptionsSetMaxSingleMemAlloc);
  LB_LIBRARY_FIND(library, lib, TIFFOpenOptionsSetWarningHandlerExtR);
  LB_LIBRARY_FIND(library, lib, TIFFReadDirectory);
  LB_LIBRARY_FIND(library, lib, TIFFReadRGBAImageOriented);
  LB_LIBRARY_FIND(library, lib, TIFFSetDirectory);
  LB_LIBRARY_FIND(library, lib, TIFFSetErrorHandler);
  LB_LIBRARY_FIND(library, lib, TIFFSetWarningHandler);
  // The process-wide handlers print to stderr, which is the terminal: off, once; each file's
  // messages go to its own record instead (the first error is the one-line reason).
  lib.TIFFSetErrorHandler(NULL);
  lib.TIFFSetWarningHandler(NULL);
  return 0;
}

// libtiff 4.5 has soname 6 (Debian 12's libtiff6).
static struct lb_library library = LB_LIBRARY("libtiff", lookup, "libtiff.so.6");

LB_LIBRARY_ENTRY_POINTS(tiff, library, lib)

static int on_error(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
  (void)tif;
  (void)module;
  lb_tiff_memory *memory = (lb_tiff_memory *)user;
  if (memory->error[0] == 0) vsnprintf(memory->error, sizeof memory->error, fmt, ap);
  return 1;
}

static int on_warning(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
  (void)tif;
  (void)user;
  (void)module;
  (void)fmt;
  (void)ap;
  return 1;
}

static tmsize_t memory_read(thandle_t handle, void *buffer, tmsize_t count) {
  lb_tiff_memory *m = (lb_tiff_memory *)handle;
  if (count < 0 || m->position >= m->size) return 0;
  uint64_t left = m->size - m->position;
  uint64_t n = (uint64_t)count < left ? (uint64_t)count : left;
  memcpy(buffer, m->data + m->position, (size_t)n);
  m->position += n;
  return (tmsize_t)n;
}

static tmsize_t memory_write(thandle_t handle, void *buffer, tmsize_t count) {
  (void)handle;
  (void)buffer;
  (void)count;
  return -1;
}

static toff_t memory_seek(thandle_t handle, toff_t offset, int whence) {
  lb_tiff_memory *m = (lb_tiff_memory *)handle;
  uint64_t base = whence == SEEK_CUR ? m->position : whence == SEEK_END ? m->size : 0;
  m->position = base + offset;
  return m->position;
}

static int memory_close(thandle_t handle) {
  (void)handle;
  return 0;
}

static toff_t memory_size(thandle_t handle) { return ((lb_tiff_memory *)handle)->size; }

static int memory_map(thandle_t handle, void **base, toff_t *size) {
  lb_tiff_memory *m = (lb_tiff_memory *)handle;
  *base = (void *)m->data;
  *size = m->size;
  return 1;
}

static void memory_unmap(thandle_t handle, void *base, toff_t size) {
  (void)handle;
  (void)base;
  (void)size;
}

TIFF *lb_tiff_open_memory(lb_tiff_memory *memory, tmsize_t max_alloc) {
  TIFFOpenOptions *options = lib.TIFFOpenOptionsAlloc();
  if (options == NULL) return NULL;
  lib.TIFFOpenOptionsSetMaxSingleMemAlloc(options, max_alloc);
  lib.TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, memory);
  lib.TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, memory);
  TIFF *tif = lib.TIFFClientOpenExt("image", "r", (thandle_t)memory, memory_read, memory_write,
                                    memory_seek, memory_close, memory_size, memory_map,
                                    memory_unmap, options);
  lib.TIFFOpenOptionsFree(options);
  return tif;
}

void lb_tiff_close(TIFF *tif) { lib.TIFFClose(tif); }

int lb_tiff_set_directory(TIFF *tif, uint32_t index) { return lib.TIFFSetDirectory(tif, index); }

int lb_tiff_read_directory(TIFF *tif) { return lib.TIFFReadDirectory(tif); }

int lb_tiff_read_rgba_oriented(TIFF *tif, uint32_t width, uint32_t height, uint32_t *raster,
                               int orientation) {
  return lib.TIFFReadRGBAImageOriented(tif, width, height, raster, orientation, 0);
}

int lb_tiff_get_u16(TIFF *tif, uint32_t tag, uint16_t *value) {
  return lib.TIFFGetField(tif, tag, value);
}

int lb_tiff_get_u32(TIFF *tif, uint32_t tag, uint32_t *value) {
  return lib.TIFFGetField(tif, tag, value);
}

int lb_tiff_get_bytes(TIFF *tif, uint32_t tag, uint32_t *count, void **data) {
  return lib.TIFFGetField(tif, tag, count, data);
}

#ifndef LIGHTBOX_CTIFF_SHIM_H
#define LIGHTBOX_CTIFF_SHIM_H
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <tiffio.h>

// TIFFGetField is variadic, which Swift cannot call: one typed accessor per use.
static inline int lb_tiff_get_u16(TIFF *tif, uint32_t tag, uint16_t *value) {
  return TIFFGetField(tif, tag, value);
}
static inline int lb_tiff_get_u32(TIFF *tif, uint32_t tag, uint32_t *value) {
  return TIFFGetField(tif, tag, value);
}
static inline int lb_tiff_get_bytes(TIFF *tif, uint32_t tag, uint32_t *count, void **data) {
  return TIFFGetField(tif, tag, count, data);
}

/// A TIFF read from memory, with the first error libtiff reported on it.
typedef struct {
  const uint8_t *data;
  uint64_t size;
  uint64_t position;
  char error[256];
} lb_tiff_memory;

// libtiff's default handlers print to stderr, which is the terminal: every message goes to
// the file's own record instead (the first error is the one-line reason).
static inline int lb_tiff_on_error(TIFF *tif, void *user, const char *module, const char *fmt,
                                   va_list ap) {
  (void)tif;
  (void)module;
  lb_tiff_memory *memory = (lb_tiff_memory *)user;
  if (memory->error[0] == 0) vsnprintf(memory->error, sizeof memory->error, fmt, ap);
  return 1;
}
static inline int lb_tiff_on_warning(TIFF *tif, void *user, const char *module,
                                     const char *fmt, va_list ap) {
  (void)tif;
  (void)user;
  (void)module;
  (void)fmt;
  (void)ap;
  return 1;
}
static inline tmsize_t lb_tiff_read(thandle_t handle, void *buffer, tmsize_t count) {
  lb_tiff_memory *m = (lb_tiff_memory *)handle;
  if (count < 0 || m->position >= m->size) return 0;
  uint64_t left = m->size - m->position;
  uint64_t n = (uint64_t)count < left ? (uint64_t)count : left;
  memcpy(buffer, m->data + m->position, (size_t)n);
  m->position += n;
  return (tmsize_t)n;
}
static inline tmsize_t lb_tiff_write(thandle_t handle, void *buffer, tmsize_t count) {
  (void)handle;
  (void)buffer;
  (void)count;
  return -1;
}
static inline toff_t lb_tiff_seek(thandle_t handle, toff_t offset, int whence) {
  lb_tiff_memory *m = (lb_tiff_memory *)handle;
  uint64_t base = whence == SEEK_CUR ? m->position : whence == SEEK_END ? m->size : 0;
  m->position = base + offset;
  return m->position;
}
static inline int lb_tiff_close(thandle_t handle) {
  (void)handle;
  return 0;
}
static inline toff_t lb_tiff_size(thandle_t handle) { return ((lb_tiff_memory *)handle)->size; }
static inline int lb_tiff_map(thandle_t handle, void **base, toff_t *size) {
  lb_tiff_memory *m = (lb_tiff_memory *)handle;
  *base = (void *)m->data;
  *size = m->size;
  return 1;
}
static inline void lb_tiff_unmap(thandle_t handle, void *base, toff_t size) {
  (void)handle;
  (void)base;
  (void)size;
}

/// Opens the TIFF in `memory` for reading, with its messages kept in `memory->error` and
/// single allocations capped at `max_alloc` bytes.
static inline TIFF *lb_tiff_open_memory(lb_tiff_memory *memory, tmsize_t max_alloc) {
  TIFFSetErrorHandler(NULL);
  TIFFSetWarningHandler(NULL);
  TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
  if (options == NULL) return NULL;
  TIFFOpenOptionsSetMaxSingleMemAlloc(options, max_alloc);
  TIFFOpenOptionsSetErrorHandlerExtR(options, lb_tiff_on_error, memory);
  TIFFOpenOptionsSetWarningHandlerExtR(options, lb_tiff_on_warning, memory);
  TIFF *tif = TIFFClientOpenExt("image", "r", (thandle_t)memory, lb_tiff_read, lb_tiff_write,
                                lb_tiff_seek, lb_tiff_close, lb_tiff_size, lb_tiff_map,
                                lb_tiff_unmap, options);
  TIFFOpenOptionsFree(options);
  return tif;
}
#endif

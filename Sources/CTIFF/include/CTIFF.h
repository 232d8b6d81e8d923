#ifndef LIGHTBOX_CTIFF_H
#define LIGHTBOX_CTIFF_H
#include "CLibraryLoader.h"
#include <stdint.h>
#include <tiffio.h>

#pragma clang assume_nonnull begin

/// The libtiff functions Lightbox calls, looked up in the library loaded on first use: with its
/// codecs (Lerc, zstd, lzma, jbig, libdeflate) it cost every start of Lightbox ~1 ms of
/// loading and symbol binding, and TIFF is decoded only in the decode worker (DECISIONS.md,
/// 2026-11-29). Swift calls the wrappers below (libtiff's `TIFFGetField` is variadic), each
/// of which calls through this table: `lb_tiff_load` must have succeeded first.
struct lb_tiff {
  __typeof__(TIFFClientOpenExt) *_Nonnull TIFFClientOpenExt;
  __typeof__(TIFFClose) *_Nonnull TIFFClose;
  __typeof__(TIFFGetField) *_Nonnull TIFFGetField;
  __typeof__(TIFFOpenOptionsAlloc) *_Nonnull TIFFOpenOptionsAlloc;
  __typeof__(TIFFOpenOptionsFree) *_Nonnull TIFFOpenOptionsFree;
  __typeof__(TIFFOpenOptionsSetErrorHandlerExtR) *_Nonnull TIFFOpenOptionsSetErrorHandlerExtR;
  __typeof__(TIFFOpenOptionsSetMaxSingleMemAlloc) *_Nonnull TIFFOpenOptionsSetMaxSingleMemAlloc;
  __typeof__(TIFFOpenOptionsSetWarningHandlerExtR)
      *_Nonnull TIFFOpenOptionsSetWarningHandlerExtR;
  __typeof__(TIFFReadDirectory) *_Nonnull TIFFReadDirectory;
  __typeof__(TIFFReadRGBAImageOriented) *_Nonnull TIFFReadRGBAImageOriented;
  __typeof__(TIFFSetDirectory) *_Nonnull TIFFSetDirectory;
  __typeof__(TIFFSetErrorHandler) *_Nonnull TIFFSetErrorHandler;
  __typeof__(TIFFSetWarningHandler) *_Nonnull TIFFSetWarningHandler;
};

// lb_tiff_load and lb_tiff_error (CLibraryLoader.h).
LB_LIBRARY_DECLARE_ENTRY_POINTS(tiff)

/// A TIFF read from memory, with the first error libtiff reported on it.
typedef struct {
  const uint8_t *_Nullable data;
  uint64_t size;
  uint64_t position;
  char error[256];
} lb_tiff_memory;

/// Opens the TIFF in `memory` for reading, with its messages kept in `memory->error` (libtiff's
/// default handlers print to stderr, which is the terminal) and single allocations capped at
/// `max_alloc` bytes. NULL when it is not a readable TIFF.
TIFF *_Nullable lb_tiff_open_memory(lb_tiff_memory *memory, tmsize_t max_alloc);

void lb_tiff_close(TIFF *tif);

/// TIFFSetDirectory: 1 when the page `index` is now current.
int lb_tiff_set_directory(TIFF *tif, uint32_t index);

/// TIFFReadDirectory: 1 when the next page is now current.
int lb_tiff_read_directory(TIFF *tif);

/// TIFFReadRGBAImageOriented into `raster` (width × height ABGR words).
int lb_tiff_read_rgba_oriented(TIFF *tif, uint32_t width, uint32_t height, uint32_t *raster,
                               int orientation);

// TIFFGetField is variadic, which Swift cannot call: one typed accessor per use.
int lb_tiff_get_u16(TIFF *tif, uint32_t tag, uint16_t *value);
int lb_tiff_get_u32(TIFF *tif, uint32_t tag, uint32_t *value);
int lb_tiff_get_bytes(TIFF *tif, uint32_t tag, uint32_t *count, void *_Nullable *_Nonnull data);

#pragma clang assume_nonnull end
#endif

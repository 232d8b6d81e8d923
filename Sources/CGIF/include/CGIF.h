#ifndef LIGHTBOX_CGIF_H
#define LIGHTBOX_CGIF_H
#include "CLibraryLoader.h"
#include <stddef.h>
#include <stdint.h>
#include <gif_lib.h>

#pragma clang assume_nonnull begin

/// The giflib functions Lightbox calls, looked up in the library loaded on first use:
/// linked, it was one of the decoder libraries that cost every start of Lightbox ~0.5 ms
/// together, and GIF is decoded only in the decode worker (DECISIONS.md, 2026-11-29).
struct lb_gif {
  __typeof__(DGifOpen) *_Nonnull DGifOpen;
  __typeof__(DGifCloseFile) *_Nonnull DGifCloseFile;
  __typeof__(DGifGetRecordType) *_Nonnull DGifGetRecordType;
  __typeof__(DGifGetExtension) *_Nonnull DGifGetExtension;
  __typeof__(DGifGetExtensionNext) *_Nonnull DGifGetExtensionNext;
  __typeof__(DGifGetImageDesc) *_Nonnull DGifGetImageDesc;
  __typeof__(DGifGetLine) *_Nonnull DGifGetLine;
  __typeof__(GifErrorString) *_Nonnull GifErrorString;
};

// lb_gif_load and lb_gif_error (CLibraryLoader.h).
LB_LIBRARY_DECLARE_ENTRY_POINTS(gif)

/// A GIF read from memory.
typedef struct {
  const uint8_t *_Nullable data;
  size_t size;
  size_t position;
} lb_gif_memory;

/// Opens the GIF in `memory` (after `lb_gif_load` succeeded); on failure returns NULL with
/// the giflib error in `error`.
GifFileType *_Nullable lb_gif_open_memory(lb_gif_memory *memory, int *error);

#pragma clang assume_nonnull end
#endif

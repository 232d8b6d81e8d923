#ifndef LIGHTBOX_CSIXEL_H
#define LIGHTBOX_CSIXEL_H
#include "CLibraryLoader.h"
#include <sixel/sixel.h>

#pragma clang assume_nonnull begin

/// The libsixel functions Lightbox calls, looked up in the library loaded on first use:
/// linked, it was one of the libraries that cost every start of Lightbox ~0.5 ms together,
/// and only `--sixel-encoder libsixel` uses it (DECISIONS.md, 2026-11-29).
struct lb_sixel {
  __typeof__(sixel_dither_new) *_Nonnull sixel_dither_new;
  __typeof__(sixel_dither_unref) *_Nonnull sixel_dither_unref;
  __typeof__(sixel_dither_initialize) *_Nonnull sixel_dither_initialize;
  __typeof__(sixel_dither_set_diffusion_type) *_Nonnull sixel_dither_set_diffusion_type;
  __typeof__(sixel_dither_get_num_of_palette_colors)
      *_Nonnull sixel_dither_get_num_of_palette_colors;
  __typeof__(sixel_output_new) *_Nonnull sixel_output_new;
  __typeof__(sixel_output_unref) *_Nonnull sixel_output_unref;
  __typeof__(sixel_output_set_8bit_availability) *_Nonnull sixel_output_set_8bit_availability;
  __typeof__(sixel_output_set_palette_type) *_Nonnull sixel_output_set_palette_type;
  __typeof__(sixel_output_set_encode_policy) *_Nonnull sixel_output_set_encode_policy;
  __typeof__(sixel_encode) *_Nonnull sixel_encode;
  __typeof__(sixel_helper_format_error) *_Nonnull sixel_helper_format_error;
};

// lb_sixel_load and lb_sixel_error (CLibraryLoader.h).
LB_LIBRARY_DECLARE_ENTRY_POINTS(sixel)

#pragma clang assume_nonnull end
#endif

#ifndef LIGHTBOX_CHEIF_SHIM_H
#define LIGHTBOX_CHEIF_SHIM_H
#include "CLibraryLoader.h"
#include <libheif/heif.h>

#pragma clang assume_nonnull begin

/// The libheif functions Lightbox calls, looked up in the library loaded on first use: linked,
/// libheif and its codecs (libde265, dav1d, aom, x265) cost every start of Lightbox ~10 ms,
/// and HEIF is decoded in the decode worker (DECISIONS.md, 2026-11-26).
struct lb_heif {
  __typeof__(heif_context_alloc) *_Nonnull heif_context_alloc;
  __typeof__(heif_context_free) *_Nonnull heif_context_free;
  __typeof__(heif_context_get_primary_image_handle) *_Nonnull heif_context_get_primary_image_handle;
  __typeof__(heif_context_read_from_memory_without_copy) *_Nonnull heif_context_read_from_memory_without_copy;
  __typeof__(heif_context_set_maximum_image_size_limit) *_Nonnull heif_context_set_maximum_image_size_limit;
  __typeof__(heif_decode_image) *_Nonnull heif_decode_image;
  __typeof__(heif_decoding_options_alloc) *_Nonnull heif_decoding_options_alloc;
  __typeof__(heif_decoding_options_free) *_Nonnull heif_decoding_options_free;
  __typeof__(heif_image_get_height) *_Nonnull heif_image_get_height;
  __typeof__(heif_image_get_plane_readonly) *_Nonnull heif_image_get_plane_readonly;
  __typeof__(heif_image_get_width) *_Nonnull heif_image_get_width;
  __typeof__(heif_image_handle_get_height) *_Nonnull heif_image_handle_get_height;
  __typeof__(heif_image_handle_get_ispe_height) *_Nonnull heif_image_handle_get_ispe_height;
  __typeof__(heif_image_handle_get_ispe_width) *_Nonnull heif_image_handle_get_ispe_width;
  __typeof__(heif_image_handle_get_nclx_color_profile) *_Nonnull heif_image_handle_get_nclx_color_profile;
  __typeof__(heif_image_handle_get_number_of_thumbnails) *_Nonnull heif_image_handle_get_number_of_thumbnails;
  __typeof__(heif_image_handle_get_raw_color_profile) *_Nonnull heif_image_handle_get_raw_color_profile;
  __typeof__(heif_image_handle_get_raw_color_profile_size) *_Nonnull heif_image_handle_get_raw_color_profile_size;
  __typeof__(heif_image_handle_get_thumbnail) *_Nonnull heif_image_handle_get_thumbnail;
  __typeof__(heif_image_handle_get_width) *_Nonnull heif_image_handle_get_width;
  __typeof__(heif_image_handle_release) *_Nonnull heif_image_handle_release;
  __typeof__(heif_image_release) *_Nonnull heif_image_release;
  __typeof__(heif_nclx_color_profile_free) *_Nonnull heif_nclx_color_profile_free;
  __typeof__(heif_image_handle_get_list_of_thumbnail_IDs) *_Nonnull heif_image_handle_get_list_of_thumbnail_IDs;
};

// lb_heif_load and lb_heif_error (CLibraryLoader.h).
LB_LIBRARY_DECLARE_ENTRY_POINTS(heif)

#pragma clang assume_nonnull end
#endif

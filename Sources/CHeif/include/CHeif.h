#ifndef LIGHTBOX_CHEIF_SHIM_H
#define LIGHTBOX_CHEIF_SHIM_H
#include "CLibraryLoader.h"
#include <libheif/heif.h>
#include <libheif/heif_plugin.h>
#include "ycbcr_kernels.h"

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
  // For a reduced decode's YCbCr planes (HEIFDecoder+Planes.swift).
  __typeof__(heif_image_get_bits_per_pixel_range) *_Nonnull heif_image_get_bits_per_pixel_range;
  __typeof__(heif_image_get_chroma_format) *_Nonnull heif_image_get_chroma_format;
  __typeof__(heif_image_get_colorspace) *_Nonnull heif_image_get_colorspace;
  __typeof__(heif_image_get_nclx_color_profile) *_Nonnull heif_image_get_nclx_color_profile;
  __typeof__(heif_image_has_channel) *_Nonnull heif_image_has_channel;
  __typeof__(heif_image_handle_has_alpha_channel) *_Nonnull heif_image_handle_has_alpha_channel;
  // For the HEVC decoder plugin (hevc_plugin.c).
  __typeof__(heif_image_add_plane) *_Nonnull heif_image_add_plane;
  __typeof__(heif_image_create) *_Nonnull heif_image_create;
  __typeof__(heif_image_get_plane) *_Nonnull heif_image_get_plane;
  __typeof__(heif_image_set_nclx_color_profile) *_Nonnull heif_image_set_nclx_color_profile;
  __typeof__(heif_nclx_color_profile_alloc) *_Nonnull heif_nclx_color_profile_alloc;
  __typeof__(heif_nclx_color_profile_set_color_primaries) *_Nonnull heif_nclx_color_profile_set_color_primaries;
  __typeof__(heif_nclx_color_profile_set_matrix_coefficients) *_Nonnull heif_nclx_color_profile_set_matrix_coefficients;
  __typeof__(heif_nclx_color_profile_set_transfer_characteristics) *_Nonnull heif_nclx_color_profile_set_transfer_characteristics;
  __typeof__(heif_register_decoder_plugin) *_Nonnull heif_register_decoder_plugin;
};

// lb_heif_load and lb_heif_error (CLibraryLoader.h).
LB_LIBRARY_DECLARE_ENTRY_POINTS(heif)

/// Makes libheif decode HEVC through FFmpeg's decoder (`on` 1) or through libde265 (`on` 0),
/// for the decodes that start after the call, in the whole process.
///
/// FFmpeg's decoder is 2.7 times as fast as libde265 on a phone's 16 MP grid (its assembly
/// covers more of HEVC) and decodes it to the same pixels; it costs the process a load of
/// libavcodec (~13 ms) the first time it is turned on (docs/DECISIONS.md, 2026-11-29).
/// Returns 0 when the chosen decoder is in use; -1 when FFmpeg's could not be loaded or
/// registered, or the environment says `LIGHTBOX_HEVC_DECODER=libde265` (`lb_heif_hevc_error`
/// says which), and libde265 stays. libheif must be loaded.
int lb_heif_hevc_use_ffmpeg(int on);

/// 1 when FFmpeg's HEVC decoder can be used (loaded and registered with libheif, the first
/// call does it, and not refused by `LIGHTBOX_HEVC_DECODER=libde265`), else 0.
int lb_heif_hevc_ffmpeg_available(void);

/// Why FFmpeg's HEVC decoder could not be turned on, or "".
const char *_Nonnull lb_heif_hevc_error(void);

/// How many pictures (tiles, thumbnails, whole images) FFmpeg's decoder has given libheif in
/// this process: what tests check the choice by.
long lb_heif_hevc_ffmpeg_pictures(void);

/// A HEIF grid's tiles to decode and shrink (`lb_hevc_grid_reduce`).
struct lb_hevc_grid {
  /// Each tile's HEVC bitstream in Annex B form, row-major.
  const uint8_t *_Nonnull const *_Nonnull streams;
  const size_t *_Nonnull sizes;
  intptr_t count;
  intptr_t columns;
  /// The grid's output size: tiles past it are cut away.
  intptr_t width, height;
  /// Where the region of whole blocks starts in the grid, and its blocks.
  intptr_t left, top;
  intptr_t factor, out_columns, out_rows;
  /// FFmpeg's frame threads (the tiles decoded side by side); 0: one per core, up to 4.
  int threads;
};

/// What the tiles turned out to be: the first tile's layout and range (its planes are not to
/// be read once `lb_hevc_grid_reduce` returns) and its bitstream's matrix coefficients.
struct lb_hevc_grid_format {
  struct lb_ycbcr_picture picture;
  int matrix;
  int tile_width, tile_height;
};

/// Decodes `grid`'s tiles in order with FFmpeg's HEVC decoder and adds each, where it lies in
/// the grid, into the block sums of `lb_ycbcr_accumulate` (`sums`: 3 × out_columns ×
/// out_rows, zeroed by the caller), so a picture of a fraction of the grid's size is made
/// without the grid in memory. 0, or -1 with a one-line reason in `error` (no FFmpeg, a tile
/// FFmpeg refuses, tiles of different layouts or pixel formats).
int lb_hevc_grid_reduce(const struct lb_hevc_grid *_Nonnull grid, uint64_t *_Nonnull sums,
                        struct lb_hevc_grid_format *_Nonnull format, char *_Nonnull error,
                        size_t error_size);

#pragma clang assume_nonnull end
#endif

// Loads libheif on first use (see CHeif.h for why it is not linked).
#include "CHeif.h"

static struct lb_heif table;

static int lookup(struct lb_library *library) {
  LB_LIBRARY_FIND(library, table, heif_context_alloc);
  LB_LIBRARY_FIND(library, table, heif_context_free);
  LB_LIBRARY_FIND(library, table, heif_context_get_primary_image_handle);
  LB_LIBRARY_FIND(library, table, heif_context_read_from_memory_without_copy);
  LB_LIBRARY_FIND(library, table, heif_context_set_maximum_image_size_limit);
  LB_LIBRARY_FIND(library, table, heif_decode_image);
  LB_LIBRARY_FIND(library, table, heif_decoding_options_alloc);
  LB_LIBRARY_FIND(library, table, heif_decoding_options_free);
  LB_LIBRARY_FIND(library, table, heif_image_get_height);
  LB_LIBRARY_FIND(library, table, heif_image_get_plane_readonly);
  LB_LIBRARY_FIND(library, table, heif_image_get_width);
  LB_LIBRARY_FIND(library, table, heif_image_handle_get_height);
  LB_LIBRARY_FIND(library, table, heif_image_handle_get_ispe_height);
  LB_LIBRARY_FIND(library, table, heif_image_handle_get_ispe_width);
  LB_LIBRARY_FIND(library, table, heif_image_handle_get_nclx_color_profile);
  LB_LIBRARY_FIND(library, table, heif_image_handle_get_number_of_thumbnails);
  LB_LIBRARY_FIND(library, table, heif_image_handle_get_raw_color_profile);
  LB_LIBRARY_FIND(library, table, heif_image_handle_get_raw_color_profile_size);
  LB_LIBRARY_FIND(library, table, heif_image_handle_get_thumbnail);
  LB_LIBRARY_FIND(library, table, heif_image_handle_get_width);
  LB_LIBRARY_FIND(library, table, heif_image_handle_release);
  LB_LIBRARY_FIND(library, table, heif_image_release);
  LB_LIBRARY_FIND(library, table, heif_nclx_color_profile_free);
  LB_LIBRARY_FIND(library, table, heif_image_handle_get_list_of_thumbnail_IDs);
  LB_LIBRARY_FIND(library, table, heif_image_get_bits_per_pixel_range);
  LB_LIBRARY_FIND(library, table, heif_image_get_chroma_format);
  LB_LIBRARY_FIND(library, table, heif_image_get_colorspace);
  LB_LIBRARY_FIND(library, table, heif_image_get_nclx_color_profile);
  LB_LIBRARY_FIND(library, table, heif_image_has_channel);
  LB_LIBRARY_FIND(library, table, heif_image_handle_has_alpha_channel);
  LB_LIBRARY_FIND(library, table, heif_image_add_plane);
  LB_LIBRARY_FIND(library, table, heif_image_create);
  LB_LIBRARY_FIND(library, table, heif_image_get_plane);
  LB_LIBRARY_FIND(library, table, heif_image_set_nclx_color_profile);
  LB_LIBRARY_FIND(library, table, heif_nclx_color_profile_alloc);
  LB_LIBRARY_FIND(library, table, heif_nclx_color_profile_set_color_primaries);
  LB_LIBRARY_FIND(library, table, heif_nclx_color_profile_set_matrix_coefficients);
  LB_LIBRARY_FIND(library, table, heif_nclx_color_profile_set_transfer_characteristics);
  LB_LIBRARY_FIND(library, table, heif_register_decoder_plugin);
  return 0;
}

// libheif 1.x keeps soname 1 (its headers say 1.15 here).
static struct lb_library library = LB_LIBRARY("libheif", lookup, "libheif.so.1");

LB_LIBRARY_ENTRY_POINTS(heif, library, table)

// Loads libsixel on first use (see CSixel.h for why it is not linked).
#include "CSixel.h"

static struct lb_sixel table;

static int lookup(struct lb_library *library) {
  LB_LIBRARY_FIND(library, table, sixel_dither_new);
  LB_LIBRARY_FIND(library, table, sixel_dither_unref);
  LB_LIBRARY_FIND(library, table, sixel_dither_initialize);
  LB_LIBRARY_FIND(library, table, sixel_dither_set_diffusion_type);
  LB_LIBRARY_FIND(library, table, sixel_dither_get_num_of_palette_colors);
  LB_LIBRARY_FIND(library, table, sixel_output_new);
  LB_LIBRARY_FIND(library, table, sixel_output_unref);
  LB_LIBRARY_FIND(library, table, sixel_output_set_8bit_availability);
  LB_LIBRARY_FIND(library, table, sixel_output_set_palette_type);
  LB_LIBRARY_FIND(library, table, sixel_output_set_encode_policy);
  LB_LIBRARY_FIND(library, table, sixel_encode);
  LB_LIBRARY_FIND(library, table, sixel_helper_format_error);
  return 0;
}

static struct lb_library library = LB_LIBRARY("libsixel", lookup, "libsixel.so.1");

LB_LIBRARY_ENTRY_POINTS(sixel, library, table)

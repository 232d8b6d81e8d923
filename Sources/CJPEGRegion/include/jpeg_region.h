#ifndef LIGHTBOX_JPEG_REGION_H
#define LIGHTBOX_JPEG_REGION_H
#include <stddef.h>

/// What `lb_jpeg_region` decoded: the region's pixels start at column `x_skip` of each
/// row of `pixels` (libjpeg widens a horizontal crop to whole iMCUs).
typedef struct {
  int width;   ///< columns in `pixels` (the widened crop)
  int height;  ///< rows in `pixels`
  int x_skip;  ///< columns to drop on the left to reach the region's first column
  int scaled_width;   ///< the whole image at this scale
  int scaled_height;
} lb_jpeg_region_info;

/// Decodes the rows `y ..< y + height` and about the columns `x ..< x + width` (scaled
/// coordinates) of a JPEG at `scale_num`/8 as RGBA into `pixels` (malloc'd; the caller
/// frees it). Rows above are skipped (Huffman-decoded only), rows below never read, and
/// columns outside are not transformed (`jpeg_crop_scanline`). Returns 0, or -1 with a
/// one-line reason in `error` (libjpeg's fatal errors end here through setjmp/longjmp in
/// C, never through Swift frames). CMYK and other colour spaces libjpeg cannot turn into
/// RGB fail (the caller decodes those whole).
int lb_jpeg_region(const unsigned char *data, size_t size, int scale_num, int x, int y,
                   int width, int height, unsigned char **pixels, lb_jpeg_region_info *info,
                   char *error, size_t error_size);

#endif

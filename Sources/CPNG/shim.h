#ifndef LIGHTBOX_CPNG_SHIM_H
#define LIGHTBOX_CPNG_SHIM_H
#include <png.h>
// PNG_IMAGE_SIZE and friends are macros; reach them through inline functions.
static inline size_t lb_png_image_row_stride(png_imagep image) {
  return PNG_IMAGE_ROW_STRIDE(*image);
}
static inline size_t lb_png_image_size(png_imagep image) { return PNG_IMAGE_SIZE(*image); }
static inline int lb_png_image_failed(png_imagep image) { return PNG_IMAGE_FAILED(*image); }
#endif

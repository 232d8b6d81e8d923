#include "jpeg_region.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

typedef struct {
  struct jpeg_error_mgr pub;
  jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
} region_error;

static void region_error_exit(j_common_ptr cinfo) {
  region_error *err = (region_error *)cinfo->err;
  (*cinfo->err->format_message)(cinfo, err->message);
  longjmp(err->jump, 1);
}

// Warnings (corrupt data libjpeg can go past) are not fatal: the region shows what the
// data gives, as the whole-image decoder does.
static void region_output_message(j_common_ptr cinfo) { (void)cinfo; }

int lb_jpeg_region(const unsigned char *data, size_t size, int scale_num, int x, int y,
                   int width, int height, unsigned char **pixels, lb_jpeg_region_info *info,
                   char *error, size_t error_size) {
  struct jpeg_decompress_struct cinfo;
  region_error err;
  unsigned char *volatile out = NULL;
  *pixels = NULL;
  memset(info, 0, sizeof(*info));
  cinfo.err = jpeg_std_error(&err.pub);
  err.pub.error_exit = region_error_exit;
  err.pub.output_message = region_output_message;
  err.message[0] = 0;
  if (setjmp(err.jump)) {
    snprintf(error, error_size, "%s", err.message[0] ? err.message : "JPEG decode failed");
    jpeg_destroy_decompress(&cinfo);
    free(out);
    return -1;
  }
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, data, (unsigned long)size);
  jpeg_read_header(&cinfo, TRUE);
  if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
    snprintf(error, error_size, "CMYK JPEG: decoded whole");
    jpeg_destroy_decompress(&cinfo);
    return -1;
  }
  cinfo.scale_num = (unsigned int)(scale_num < 1 ? 1 : scale_num > 8 ? 8 : scale_num);
  cinfo.scale_denom = 8;
  cinfo.out_color_space = JCS_EXT_RGBA;
  cinfo.dct_method = JDCT_ISLOW;
  jpeg_start_decompress(&cinfo);
  int full_width = (int)cinfo.output_width;
  int full_height = (int)cinfo.output_height;
  info->scaled_width = full_width;
  info->scaled_height = full_height;
  if (x < 0) x = 0;
  if (y < 0) y = 0;
  if (x >= full_width || y >= full_height || width <= 0 || height <= 0) {
    snprintf(error, error_size, "region outside the image");
    jpeg_destroy_decompress(&cinfo);
    return -1;
  }
  if (width > full_width - x) width = full_width - x;
  if (height > full_height - y) height = full_height - y;
  JDIMENSION crop_x = (JDIMENSION)x;
  JDIMENSION crop_width = (JDIMENSION)width;
  jpeg_crop_scanline(&cinfo, &crop_x, &crop_width);
  if (y > 0) jpeg_skip_scanlines(&cinfo, (JDIMENSION)y);
  size_t stride = (size_t)cinfo.output_width * 4;
  out = malloc(stride * (size_t)height);
  if (!out) {
    snprintf(error, error_size, "out of memory for a %dx%d region", (int)crop_width, height);
    jpeg_destroy_decompress(&cinfo);
    return -1;
  }
  int rows = 0;
  while (rows < height && cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = out + stride * (size_t)rows;
    rows += (int)jpeg_read_scanlines(&cinfo, &row, 1);
  }
  info->width = (int)cinfo.output_width;
  info->height = rows;
  info->x_skip = x - (int)crop_x;
  // The rows below the region are never decoded.
  jpeg_abort_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  *pixels = out;
  return 0;
}

// A decoded YCbCr picture shrunk by whole blocks and converted to RGBA (ycbcr_kernels.h).
#include "ycbcr_kernels.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static inline uint32_t sample(const uint8_t *row, intptr_t x, int wide) {
  if (wide) {
    uint16_t value;
    memcpy(&value, row + x * 2, 2);
    return value;
  }
  return row[x];
}

/// Adds, for each output column, the samples of one plane row over the columns each block
/// covers, each weighted by `weight` times the number of picture columns that map to it
/// (`shift`: the plane's subsampling).
static void add_row(const uint8_t *row, int wide, intptr_t width, intptr_t factor, int shift,
                    uint32_t weight, uint64_t *sums, intptr_t columns) {
  for (intptr_t column = 0; column < columns; column++) {
    intptr_t first = column * factor;
    intptr_t end = first + factor < width ? first + factor : width;
    uint64_t sum = 0;
    if (shift == 0) {
      if (wide) {
        for (intptr_t x = first; x < end; x++) sum += sample(row, x, 1);
      } else {
        for (intptr_t x = first; x < end; x++) sum += row[x];
      }
    } else {
      // Plane column c covers picture columns 2c and 2c + 1.
      for (intptr_t c = first >> 1; c <= (end - 1) >> 1; c++) {
        intptr_t low = c * 2 > first ? c * 2 : first;
        intptr_t high = c * 2 + 2 < end ? c * 2 + 2 : end;
        sum += sample(row, c, wide) * (uint64_t)(high - low);
      }
    }
    sums[column] += sum * weight;
  }
}

/// Sums one plane over the block row [top, bottom) of picture rows.
static void add_rows(const uint8_t *plane, size_t stride, int wide, intptr_t width,
                     intptr_t factor, int shift_x, int shift_y, intptr_t top, intptr_t bottom,
                     uint64_t *sums, intptr_t columns) {
  if (shift_y == 0) {
    for (intptr_t y = top; y < bottom; y++) {
      add_row(plane + (size_t)y * stride, wide, width, factor, shift_x, 1, sums, columns);
    }
    return;
  }
  for (intptr_t r = top >> 1; r <= (bottom - 1) >> 1; r++) {
    intptr_t low = r * 2 > top ? r * 2 : top;
    intptr_t high = r * 2 + 2 < bottom ? r * 2 + 2 : bottom;
    add_row(plane + (size_t)r * stride, wide, width, factor, shift_x, (uint32_t)(high - low),
            sums, columns);
  }
}

static inline uint8_t to_byte(double value) {
  double scaled = value * 255.0 + 0.5;
  if (scaled <= 0) return 0;
  if (scaled >= 255) return 255;
  return (uint8_t)scaled;
}

void lb_ycbcr_reduce_to_rgba(const struct lb_ycbcr_picture *picture, intptr_t factor,
                             uint8_t *out) {
  const intptr_t width = picture->width, height = picture->height;
  const intptr_t columns = (width + factor - 1) / factor;
  const int wide = picture->depth > 8;
  const int mono = picture->cb == NULL || picture->cr == NULL;
  uint64_t *sums = calloc((size_t)columns * 3, sizeof *sums);
  if (!sums) {
    memset(out, 0, (size_t)columns * (size_t)((height + factor - 1) / factor) * 4);
    return;
  }
  const double top = (double)((1 << picture->depth) - 1);
  const double half = (double)(1 << (picture->depth - 1));
  const double unit = (double)(1 << (picture->depth - 8));
  // Y' in 0…1 and Cb', Cr' in −0.5…0.5 from the averages.
  const double luma_scale = picture->full_range ? 1.0 / top : 1.0 / (219.0 * unit);
  const double luma_offset = picture->full_range ? 0.0 : 16.0 * unit;
  const double chroma_scale = picture->full_range ? 1.0 / top : 1.0 / (224.0 * unit);
  const double kr = picture->kr, kb = picture->kb, kg = 1.0 - kr - kb;
  for (intptr_t row = 0; row * factor < height; row++) {
    intptr_t first = row * factor;
    intptr_t end = first + factor < height ? first + factor : height;
    memset(sums, 0, (size_t)columns * 3 * sizeof *sums);
    add_rows(picture->y, picture->y_stride, wide, width, factor, 0, 0, first, end, sums,
             columns);
    if (!mono) {
      add_rows(picture->cb, picture->cb_stride, wide, width, factor, picture->shift_x,
               picture->shift_y, first, end, sums + columns, columns);
      add_rows(picture->cr, picture->cr_stride, wide, width, factor, picture->shift_x,
               picture->shift_y, first, end, sums + columns * 2, columns);
    }
    uint8_t *target = out + (size_t)row * (size_t)columns * 4;
    for (intptr_t column = 0; column < columns; column++) {
      intptr_t block_width = (column + 1) * factor < width ? factor : width - column * factor;
      double count = (double)(block_width * (end - first));
      double y = sums[column] / count;
      uint8_t *pixel = target + column * 4;
      pixel[3] = 255;
      if (picture->rgb) {
        pixel[0] = to_byte(y / top);
        pixel[1] = to_byte(sums[columns + column] / count / top);
        pixel[2] = to_byte(sums[columns * 2 + column] / count / top);
        continue;
      }
      if (mono) {
        // As libheif 1.15 turns monochrome into RGB: the samples themselves, range untouched.
        uint8_t gray = to_byte(y / top);
        pixel[0] = pixel[1] = pixel[2] = gray;
        continue;
      }
      double luma = (y - luma_offset) * luma_scale;
      double cb = (sums[columns + column] / count - half) * chroma_scale;
      double cr = (sums[columns * 2 + column] / count - half) * chroma_scale;
      double red = luma + 2.0 * (1.0 - kr) * cr;
      double blue = luma + 2.0 * (1.0 - kb) * cb;
      double green = (luma - kr * red - kb * blue) / kg;
      pixel[0] = to_byte(red);
      pixel[1] = to_byte(green);
      pixel[2] = to_byte(blue);
    }
  }
  free(sums);
}

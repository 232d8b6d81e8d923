// A decoded picture in planes shrunk by whole blocks and converted to RGBA (ycbcr_kernels.h).
#include "ycbcr_kernels.h"
#include <stdlib.h>
#include <string.h>

static inline intptr_t min_of(intptr_t a, intptr_t b) { return a < b ? a : b; }
static inline intptr_t max_of(intptr_t a, intptr_t b) { return a > b ? a : b; }

/// Adds the samples [first, end) of a plane row (8 or 16 bits each) to `acc`: one add per
/// sample, which the compiler vectorises.
static void add_row(uint32_t *acc, const uint8_t *row, int wide, intptr_t first, intptr_t end) {
  const intptr_t count = end - first;
  if (wide) {
    const uint8_t *at = row + first * 2;
    for (intptr_t i = 0; i < count; i++) {
      uint16_t value;
      memcpy(&value, at + i * 2, 2);
      acc[i] += value;
    }
  } else {
    const uint8_t *at = row + first;
    for (intptr_t i = 0; i < count; i++) acc[i] += at[i];
  }
}

/// Sum of `acc` over the picture columns [first, end) (acc[0] is plane column `origin`) of a
/// plane subsampled by `shift`: each plane column counted once per picture column it covers.
static uint64_t span_sum(const uint32_t *acc, intptr_t origin, int shift, intptr_t first,
                         intptr_t end) {
  uint64_t sum = 0;
  if (shift == 0) {
    for (intptr_t x = first; x < end; x++) sum += acc[x - origin];
    return sum;
  }
  // Plane column c covers picture columns 2c and 2c + 1: whole ones count twice.
  const intptr_t inner_first = (first + 1) >> 1, inner_end = end >> 1;
  for (intptr_t c = inner_first; c < inner_end; c++) sum += 2 * (uint64_t)acc[c - origin];
  if (first & 1) sum += acc[(first >> 1) - origin];
  if ((end & 1) && (end >> 1) >= inner_first) sum += acc[(end >> 1) - origin];
  return sum;
}

/// A tile's planes summed down its rows for one row of blocks at a time (`acc`, one count per
/// plane column), then across into the blocks: the per-block work is done once per row of
/// blocks instead of once per pixel row.
struct accumulation {
  const struct lb_ycbcr_picture *tile;
  intptr_t left, factor, columns, rows;
  intptr_t x_first, x_end;
  int planes;
  intptr_t plane_first[3], plane_end[3];
  uint32_t *acc[3];
  uint64_t *sums;
};

/// Moves the column sums into block row `block_row` of the sums and clears them.
static void flush(struct accumulation *a, intptr_t block_row) {
  const size_t plane_size = (size_t)(a->columns * a->rows);
  for (int plane = 0; plane < a->planes; plane++) {
    const int shift = plane ? a->tile->shift_x : 0;
    uint64_t *target = a->sums + (size_t)plane * plane_size + (size_t)(block_row * a->columns);
    for (intptr_t x = a->x_first; x < a->x_end;) {
      const intptr_t block = (a->left + x) / a->factor;
      const intptr_t segment_end = min_of(a->x_end, (block + 1) * a->factor - a->left);
      target[block] += span_sum(a->acc[plane], a->plane_first[plane], shift, x, segment_end);
      x = segment_end;
    }
    memset(a->acc[plane], 0,
           (size_t)(a->plane_end[plane] - a->plane_first[plane]) * sizeof(uint32_t));
  }
}

void lb_ycbcr_accumulate(const struct lb_ycbcr_picture *tile, intptr_t left, intptr_t top,
                         intptr_t factor, intptr_t columns, intptr_t rows, uint64_t *sums) {
  const int wide = tile->depth > 8;
  const intptr_t region_width = columns * factor, region_height = rows * factor;
  // The tile's pixels inside the region, in tile coordinates.
  const intptr_t x_first = max_of(0, -left), x_end = min_of(tile->width, region_width - left);
  const intptr_t y_first = max_of(0, -top), y_end = min_of(tile->height, region_height - top);
  if (x_first >= x_end || y_first >= y_end) return;
  struct accumulation a = {tile, left, factor, columns, rows, x_first, x_end,
                           tile->cb && tile->cr ? 3 : 1, {0}, {0}, {NULL}, sums};
  size_t total = 0;
  for (int plane = 0; plane < a.planes; plane++) {
    const int shift = plane ? tile->shift_x : 0;
    a.plane_first[plane] = x_first >> shift;
    a.plane_end[plane] = ((x_end - 1) >> shift) + 1;
    total += (size_t)(a.plane_end[plane] - a.plane_first[plane]);
  }
  uint32_t *storage = calloc(total, sizeof *storage);
  if (!storage) return;
  size_t offset = 0;
  for (int plane = 0; plane < a.planes; plane++) {
    a.acc[plane] = storage + offset;
    offset += (size_t)(a.plane_end[plane] - a.plane_first[plane]);
  }
  const uint8_t *bases[3] = {tile->y, tile->cb, tile->cr};
  const size_t strides[3] = {tile->y_stride, tile->cb_stride, tile->cr_stride};
  intptr_t block_row = (top + y_first) / factor;
  intptr_t pending = 0;
  for (intptr_t y = y_first; y < y_end; y++) {
    const intptr_t row_of_blocks = (top + y) / factor;
    // A new row of blocks, or counts that could pass 32 bits (2 × 65,535 × 16,384 < 2^32).
    if (row_of_blocks != block_row || pending == 16384) {
      flush(&a, block_row);
      block_row = row_of_blocks;
      pending = 0;
    }
    for (int plane = 0; plane < a.planes; plane++) {
      const int shift_y = plane ? tile->shift_y : 0;
      add_row(a.acc[plane], bases[plane] + (size_t)(y >> shift_y) * strides[plane], wide,
              a.plane_first[plane], a.plane_end[plane]);
    }
    pending++;
  }
  flush(&a, block_row);
  free(storage);
}

static inline uint8_t to_byte(double value) {
  double scaled = value * 255.0 + 0.5;
  if (scaled <= 0) return 0;
  if (scaled >= 255) return 255;
  return (uint8_t)scaled;
}

void lb_ycbcr_sums_to_rgba(const uint64_t *sums, intptr_t columns, intptr_t rows,
                           intptr_t factor, const struct lb_ycbcr_picture *format,
                           uint8_t *out) {
  const int mono = format->cb == NULL || format->cr == NULL;
  const double top = (double)((1 << format->depth) - 1);
  const double half = (double)(1 << (format->depth - 1));
  const double unit = (double)(1 << (format->depth - 8));
  // Y' in 0…1 and Cb', Cr' in −0.5…0.5 from the averages.
  const double luma_scale = format->full_range ? 1.0 / top : 1.0 / (219.0 * unit);
  const double luma_offset = format->full_range ? 0.0 : 16.0 * unit;
  const double chroma_scale = format->full_range ? 1.0 / top : 1.0 / (224.0 * unit);
  const double kr = format->kr, kb = format->kb, kg = 1.0 - kr - kb;
  const double count = (double)(factor * factor);
  const size_t plane = (size_t)(columns * rows);
  for (size_t block = 0; block < plane; block++) {
    const double first = (double)sums[block] / count;
    uint8_t *pixel = out + block * 4;
    pixel[3] = 255;
    if (mono) {
      // As libheif 1.15 turns monochrome into RGB: the samples themselves, range untouched.
      pixel[0] = pixel[1] = pixel[2] = to_byte(first / top);
      continue;
    }
    const double second = (double)sums[plane + block] / count;
    const double third = (double)sums[2 * plane + block] / count;
    if (format->rgb) {
      pixel[0] = to_byte(first / top);
      pixel[1] = to_byte(second / top);
      pixel[2] = to_byte(third / top);
      continue;
    }
    const double luma = (first - luma_offset) * luma_scale;
    const double cb = (second - half) * chroma_scale;
    const double cr = (third - half) * chroma_scale;
    const double red = luma + 2.0 * (1.0 - kr) * cr;
    const double blue = luma + 2.0 * (1.0 - kb) * cb;
    const double green = (luma - kr * red - kb * blue) / kg;
    pixel[0] = to_byte(red);
    pixel[1] = to_byte(green);
    pixel[2] = to_byte(blue);
  }
}

void lb_ycbcr_reduce_to_rgba(const struct lb_ycbcr_picture *picture, intptr_t factor,
                             uint8_t *out) {
  const intptr_t columns = picture->width / factor, rows = picture->height / factor;
  if (columns <= 0 || rows <= 0) return;
  uint64_t *sums = calloc((size_t)(columns * rows) * 3, sizeof *sums);
  if (!sums) {
    memset(out, 0, (size_t)(columns * rows) * 4);
    return;
  }
  lb_ycbcr_accumulate(picture, 0, 0, factor, columns, rows, sums);
  lb_ycbcr_sums_to_rgba(sums, columns, rows, factor, picture, out);
  free(sums);
}

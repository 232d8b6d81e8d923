// The fast sixel encoder's two passes over every pixel, dithering and band packing, in C:
// as Swift loops over unsafe pointers they still cost ~53 ms for a 2000×1140 detail picture
// on two threads (the loupe's whole pan step, `lightbox-bench loupe`), mostly in the packing's
// per-column colour search and the writer's per-byte calls that did not inline. The output
// is byte for byte what the Swift code wrote (FastSixelEncoderTests compares against a
// reference stream); the palette stays in Swift (a subsample of ~64k pixels).

#include "sixel_kernels.h"

#include <limits.h>
#include <stdlib.h>

void lb_sixel_nearest_init(lb_sixel_nearest *n, const int32_t *palette, intptr_t colors) {
  if (colors > 256) colors = 256;
  n->count = (int32_t)colors;
  // Insertion sort by green; equal greens keep index order (the search's tie rule needs no
  // particular order, but a fixed one keeps the output reproducible).
  for (int32_t k = 0; k < n->count; k++) {
    int32_t g = palette[k * 3 + 1];
    int32_t p = k;
    while (p > 0 && n->green[p - 1] > g) {
      n->red[p] = n->red[p - 1];
      n->green[p] = n->green[p - 1];
      n->blue[p] = n->blue[p - 1];
      n->index[p] = n->index[p - 1];
      p--;
    }
    n->red[p] = palette[k * 3];
    n->green[p] = g;
    n->blue[p] = palette[k * 3 + 2];
    n->index[p] = k;
  }
  int32_t position = 0;
  for (int32_t g = 0; g <= 256; g++) {
    while (position < n->count && n->green[position] < g) position++;
    n->start[g] = position;
  }
}

int32_t lb_sixel_nearest_entry(const lb_sixel_nearest *n, int32_t bin) {
  return lb_sixel_nearest_color(n, (bin >> 10) * 8 + 4, ((bin >> 5) & 31) * 8 + 4,
                                (bin & 31) * 8 + 4);
}

int32_t lb_sixel_nearest_color(const lb_sixel_nearest *n, int32_t cr, int32_t cg, int32_t cb) {
  int32_t best = INT32_MAX;
  int32_t best_index = INT32_MAX;
  const int32_t first = n->start[cg];
#define LB_CONSIDER(i)                                                   \
  do {                                                                   \
    int32_t dr = n->red[i] - cr, dg = n->green[i] - cg, db = n->blue[i] - cb; \
    int32_t d = dr * dr + dg * dg + db * db;                             \
    if (d < best || (d == best && n->index[i] < best_index)) {           \
      best = d;                                                          \
      best_index = n->index[i];                                          \
    }                                                                    \
  } while (0)
  for (int32_t i = first; i < n->count; i++) {
    int32_t dg = n->green[i] - cg;
    if (dg * dg > best) break;
    LB_CONSIDER(i);
  }
  for (int32_t i = first - 1; i >= 0; i--) {
    int32_t dg = cg - n->green[i];
    if (dg * dg > best) break;
    LB_CONSIDER(i);
  }
#undef LB_CONSIDER
  return best_index;
}

static inline int32_t clamp255(int32_t v) { return v < 0 ? 0 : (v > 255 ? 255 : v); }

/// Pixel `x` of a row: its index into `out`, its error carried right (`l*`) and down
/// (`below`, with `p*` the pending sum for the cell below it: its 5/16 plus the last pixel's
/// 1/16), reading the errors made for it by the row above (`above`). A macro over the
/// caller's locals, so that the state stays in registers (through a struct, every store to
/// `below` could alias it).
#define LB_DITHER_PIXEL(px, out, above, below, x, lr, lg, lb, pr, pg, pb)                  \
  do {                                                                                    \
    const uint8_t *p_ = (px) + (x) * 4;                                                   \
    const intptr_t e_ = (x) * 3;                                                          \
    const int32_t r_ = clamp255((int32_t)p_[0] + (((above)[e_] + (lr) * 7) >> 4));       \
    const int32_t g_ = clamp255((int32_t)p_[1] + (((above)[e_ + 1] + (lg) * 7) >> 4));   \
    const int32_t b_ = clamp255((int32_t)p_[2] + (((above)[e_ + 2] + (lb) * 7) >> 4));   \
    const int32_t bin_ = (r_ >> 3) << 10 | (g_ >> 3) << 5 | (b_ >> 3);                    \
    int32_t index_ = cache[bin_];                                                         \
    if (index_ < 0) {                                                                     \
      index_ = lb_sixel_nearest_entry(&nearest, bin_);                                    \
      cache[bin_] = (int16_t)index_;                                                      \
    }                                                                                     \
    (out)[x] = (uint8_t)index_;                                                           \
    /* Half the error is carried. */                                                      \
    const int32_t er_ = (r_ - palette[index_ * 3]) / 2;                                   \
    const int32_t eg_ = (g_ - palette[index_ * 3 + 1]) / 2;                               \
    const int32_t eb_ = (b_ - palette[index_ * 3 + 2]) / 2;                               \
    /* 3/16 below left completes that cell; 5/16 below and the last pixel's 1/16 below    \
       right wait for the next pixel's 3/16. */                                           \
    if ((x) > 0) {                                                                        \
      (below)[e_ - 3] = (pr) + er_ * 3;                                                   \
      (below)[e_ - 2] = (pg) + eg_ * 3;                                                   \
      (below)[e_ - 1] = (pb) + eb_ * 3;                                                   \
    }                                                                                     \
    (pr) = er_ * 5 + (lr);                                                                \
    (pg) = eg_ * 5 + (lg);                                                                \
    (pb) = eb_ * 5 + (lb);                                                                \
    (lr) = er_;                                                                           \
    (lg) = eg_;                                                                           \
    (lb) = eb_;                                                                           \
  } while (0)

void lb_sixel_dither(const uint8_t *pixels, intptr_t width, intptr_t height,
                     const int32_t *palette, intptr_t colors, int16_t *cache,
                     uint8_t *indices) {
  if (width <= 0 || height <= 0) return;
  lb_sixel_nearest nearest;
  lb_sixel_nearest_init(&nearest, palette, colors);
  // Errors ×16: the rows above, between and below a pair of rows.
  const intptr_t span = width * 3;
  int32_t *rows[3] = {calloc((size_t)span, sizeof(int32_t)),
                      calloc((size_t)span, sizeof(int32_t)),
                      calloc((size_t)span, sizeof(int32_t))};
  if (!rows[0] || !rows[1] || !rows[2]) {
    // No memory for three rows of errors: nearest colours without dithering.
    for (intptr_t i = 0; i < width * height; i++) {
      const uint8_t *p = pixels + i * 4;
      int32_t bin = (p[0] >> 3) << 10 | (p[1] >> 3) << 5 | (p[2] >> 3);
      indices[i] = (uint8_t)lb_sixel_nearest_entry(&nearest, bin);
    }
    for (int i = 0; i < 3; i++) free(rows[i]);
    return;
  }
  intptr_t y = 0;
  // Two rows at once, the lower two pixels behind the upper (pixel x of the lower row needs
  // the upper row's pixel x + 1): each pixel's work is a chain of dependent steps (error,
  // clamp, cache, palette, error), and two independent chains keep the core busier. The
  // result is exactly one row after the other's.
  for (; y + 1 < height; y += 2) {
    const uint8_t *upper = pixels + y * width * 4;
    const uint8_t *lower = upper + width * 4;
    uint8_t *upper_out = indices + y * width;
    uint8_t *lower_out = upper_out + width;
    const int32_t *above = rows[0];
    int32_t *middle = rows[1];
    int32_t *below = rows[2];
    int32_t ur = 0, ug = 0, ub = 0, upr = 0, upg = 0, upb = 0;
    int32_t lr = 0, lg = 0, lb = 0, lpr = 0, lpg = 0, lpb = 0;
    LB_DITHER_PIXEL(upper, upper_out, above, middle, 0, ur, ug, ub, upr, upg, upb);
    if (width > 1) LB_DITHER_PIXEL(upper, upper_out, above, middle, 1, ur, ug, ub, upr, upg, upb);
    for (intptr_t x = 2; x < width; x++) {
      LB_DITHER_PIXEL(upper, upper_out, above, middle, x, ur, ug, ub, upr, upg, upb);
      LB_DITHER_PIXEL(lower, lower_out, middle, below, x - 2, lr, lg, lb, lpr, lpg, lpb);
    }
    middle[span - 3] = upr;
    middle[span - 2] = upg;
    middle[span - 1] = upb;
    for (intptr_t x = width > 2 ? width - 2 : 0; x < width; x++) {
      LB_DITHER_PIXEL(lower, lower_out, middle, below, x, lr, lg, lb, lpr, lpg, lpb);
    }
    below[span - 3] = lpr;
    below[span - 2] = lpg;
    below[span - 1] = lpb;
    // The lower row's errors are the next pair's above.
    rows[2] = rows[0];
    rows[0] = below;
  }
  if (y < height) {
    const uint8_t *row = pixels + y * width * 4;
    uint8_t *out = indices + y * width;
    int32_t r = 0, g = 0, b = 0, pr = 0, pg = 0, pb = 0;
    for (intptr_t x = 0; x < width; x++) {
      LB_DITHER_PIXEL(row, out, rows[0], rows[1], x, r, g, b, pr, pg, pb);
    }
  }
  for (int i = 0; i < 3; i++) free(rows[i]);
}

size_t lb_sixel_pack_bound(intptr_t width, intptr_t height) {
  // Every pixel its own entry and node, each a gap run and a mask run of up to 7 bytes
  // ("!NNNNNc"), "#NNN" and a "$", and "-" per band.
  const size_t bands = (size_t)((height + 5) / 6);
  return bands * ((size_t)6 * (size_t)width * 19 + 1) + 16;
}

/// A non-negative decimal number.
static inline uint8_t *put_number(uint8_t *o, intptr_t n) {
  if (n < 10) {
    *o++ = (uint8_t)('0' + n);
    return o;
  }
  uint8_t digits[20];
  int length = 0;
  while (n > 0) {
    digits[length++] = (uint8_t)('0' + n % 10);
    n /= 10;
  }
  while (length > 0) *o++ = digits[--length];
  return o;
}

/// `count` copies of a sixel character, as a repeat introducer when that is shorter.
static inline uint8_t *put_run(uint8_t *o, uint8_t character, intptr_t count) {
  if (count > 3) {
    *o++ = '!';
    o = put_number(o, count);
    *o++ = character;
  } else {
    for (intptr_t i = 0; i < count; i++) *o++ = character;
  }
  return o;
}

size_t lb_sixel_pack_bands(const uint8_t *indices, intptr_t width, intptr_t height,
                           int32_t node_gap, uint8_t *out) {
  if (width <= 0 || height <= 0) return 0;
  const size_t capacity = (size_t)width * 6;
  // Per band: each column's distinct colours and their six-bit masks as entries (at most six
  // per column), then grouped by colour with a counting sort, so that everything a band
  // touches is a few arrays of six entries per column.
  uint8_t *entry_color = malloc(capacity);
  int32_t *entry_column = malloc(capacity * sizeof(int32_t));
  uint8_t *entry_mask = malloc(capacity);
  int32_t *sorted_column = malloc((capacity + 1) * sizeof(int32_t));
  uint8_t *sorted_mask = malloc(capacity);
  uint8_t *node_color = malloc(capacity);
  int32_t *node_first = malloc(capacity * sizeof(int32_t));
  int32_t *node_end = malloc(capacity * sizeof(int32_t));
  int32_t *pending = malloc(capacity * sizeof(int32_t));
  int32_t *column_start = malloc(((size_t)width + 1) * sizeof(int32_t));
  size_t written = 0;
  if (entry_color && entry_column && entry_mask && sorted_column && sorted_mask && node_color &&
      node_first && node_end && pending && column_start) {
    int32_t count[256] = {0};
    int32_t next[256];
    int present[257];
    uint8_t *o = out;
    for (intptr_t top = 0; top < height; top += 6) {
      const int rows = height - top < 6 ? (int)(height - top) : 6;
      int present_count = 0;
      intptr_t entries = 0;
      const uint8_t *band = indices + top * width;
      if (rows == 6) {
        // Full bands without branches on the pixels: row k's mask holds every row of the
        // column with its colour, and a colour's entry is made at its first row (the
        // distinct colours first seen first, as below). An entry is written at every row and
        // kept only where the flag says.
        for (intptr_t x = 0; x < width; x++) {
          const uint8_t *p = band + x;
          const uint8_t c0 = p[0], c1 = p[width], c2 = p[2 * width], c3 = p[3 * width],
                        c4 = p[4 * width], c5 = p[5 * width];
          const unsigned e01 = c0 == c1, e02 = c0 == c2, e03 = c0 == c3, e04 = c0 == c4,
                         e05 = c0 == c5, e12 = c1 == c2, e13 = c1 == c3, e14 = c1 == c4,
                         e15 = c1 == c5, e23 = c2 == c3, e24 = c2 == c4, e25 = c2 == c5,
                         e34 = c3 == c4, e35 = c3 == c5, e45 = c4 == c5;
          const uint8_t colors[6] = {c0, c1, c2, c3, c4, c5};
          const unsigned masks[6] = {
              1u | e01 << 1 | e02 << 2 | e03 << 3 | e04 << 4 | e05 << 5,
              e01 | 2u | e12 << 2 | e13 << 3 | e14 << 4 | e15 << 5,
              e02 | e12 << 1 | 4u | e23 << 3 | e24 << 4 | e25 << 5,
              e03 | e13 << 1 | e23 << 2 | 8u | e34 << 4 | e35 << 5,
              e04 | e14 << 1 | e24 << 2 | e34 << 3 | 16u | e45 << 5,
              e05 | e15 << 1 | e25 << 2 | e35 << 3 | e45 << 4 | 32u,
          };
          for (int k = 0; k < 6; k++) {
            const uint8_t c = colors[k];
            const unsigned first = (masks[k] & ((1u << k) - 1)) == 0;
            entry_color[entries] = c;
            entry_column[entries] = (int32_t)x;
            entry_mask[entries] = (uint8_t)masks[k];
            entries += first;
          }
        }
        // Each colour's entries counted, the colours in order of first appearance.
        for (intptr_t i = 0; i < entries; i++) {
          const uint8_t c = entry_color[i];
          if (count[c] == 0) present[present_count++] = c;
          count[c]++;
        }
      } else {
        for (intptr_t x = 0; x < width; x++) {
          // The column's distinct colours (first seen first) and the rows each covers.
          uint8_t colors[6], masks[6];
          int distinct = 0;
          const uint8_t *p = band + x;
          for (int dy = 0; dy < rows; dy++, p += width) {
            const uint8_t c = *p;
            const uint8_t bit = (uint8_t)(1u << dy);
            int j = 0;
            while (j < distinct && colors[j] != c) j++;
            if (j < distinct) {
              masks[j] |= bit;
            } else {
              colors[distinct] = c;
              masks[distinct] = bit;
              distinct++;
            }
          }
          for (int j = 0; j < distinct; j++) {
            const uint8_t c = colors[j];
            entry_color[entries] = c;
            entry_column[entries] = (int32_t)x;
            entry_mask[entries] = masks[j];
            entries++;
            if (count[c] == 0) present[present_count++] = c;
            count[c]++;
          }
        }
      }
      // Colours in order of first appearance, each one's entries in column order.
      int32_t offset = 0;
      for (int k = 0; k < present_count; k++) {
        next[present[k]] = offset;
        offset += count[present[k]];
      }
      for (intptr_t i = 0; i < entries; i++) {
        const int c = entry_color[i];
        const int32_t position = next[c]++;
        sorted_column[position] = entry_column[i];
        sorted_mask[position] = entry_mask[i];
      }
      // Nodes: each colour's entries cut at long gaps.
      intptr_t nodes = 0;
      int32_t start = 0;
      for (int k = 0; k < present_count; k++) {
        const int c = present[k];
        const int32_t end = start + count[c];
        count[c] = 0;
        int32_t begin = start;
        for (int32_t i = start + 1; i <= end; i++) {
          if (i == end || sorted_column[i] - sorted_column[i - 1] > node_gap) {
            node_color[nodes] = (uint8_t)c;
            node_first[nodes] = begin;
            node_end[nodes] = i;
            nodes++;
            begin = i;
          }
        }
        start = end;
      }
      // Nodes in order of their first column (a stable counting sort over columns).
      for (intptr_t x = 0; x <= width; x++) column_start[x] = 0;
      for (intptr_t n = 0; n < nodes; n++) column_start[sorted_column[node_first[n]] + 1]++;
      for (intptr_t x = 0; x < width; x++) column_start[x + 1] += column_start[x];
      for (intptr_t n = 0; n < nodes; n++) {
        const int32_t x = sorted_column[node_first[n]];
        pending[column_start[x]++] = (int32_t)n;
      }
      // Laid along the band left to right, as many per pass as fit without overlapping,
      // "$" only between passes: a colour that starts where another ends costs "#c".
      intptr_t remaining = nodes;
      int color = -1;
      int pass = 0;
      while (remaining > 0) {
        if (pass > 0) *o++ = '$';
        pass++;
        intptr_t position = 0;
        intptr_t kept = 0;
        for (intptr_t r = 0; r < remaining; r++) {
          const int32_t n = pending[r];
          const int32_t first = node_first[n];
          if (sorted_column[first] < position) {
            pending[kept++] = n;
            continue;
          }
          const int c = node_color[n];
          if (c != color) {
            *o++ = '#';
            o = put_number(o, c);
            color = c;
          }
          const int32_t end = node_end[n];
          int32_t i = first;
          while (i < end) {
            const int32_t x = sorted_column[i];
            if (x > position) o = put_run(o, 63, x - position);
            // Equal masks in consecutive columns make one run.
            const uint8_t m = sorted_mask[i];
            int32_t j = i + 1;
            while (j < end && sorted_column[j] == x + (j - i) && sorted_mask[j] == m) j++;
            o = put_run(o, (uint8_t)(63 + m), j - i);
            position = x + (j - i);
            i = j;
          }
        }
        remaining = kept;
      }
      *o++ = '-';
    }
    written = (size_t)(o - out);
  }
  free(entry_color);
  free(entry_column);
  free(entry_mask);
  free(sorted_column);
  free(sorted_mask);
  free(node_color);
  free(node_first);
  free(node_end);
  free(pending);
  free(column_start);
  return written;
}

#ifndef LIGHTBOX_IMAGE_KERNELS_H
#define LIGHTBOX_IMAGE_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// One row of column sums for a separable resampler: for i < length,
/// `sum[i] = Σ_{j < count} weights[j] * rows[j * stride + i]`, computed in 32-bit integers
/// and stored as floats. The weights are fixed point (the resampler's sum to 1 << 14), so
/// every sum is exact: |weight| stays under 2^15, and a byte times the weights' absolute sum
/// stays under 2^24, where every integer is a float.
///
/// With SSE2 two rows are multiplied and added at once (`pmaddwd` on interleaved bytes),
/// 16 bytes per step with the sums in registers; plain C elsewhere.
void lb_filter_columns(const uint8_t *rows, size_t stride, intptr_t count,
                       const int16_t *weights, size_t length, float *sum);

/// One output row of RGBA8 from a row of RGBA sums: for x < width, channel c of pixel x is
/// `Σ_{k < counts[x]} weights[x * weight_stride + k] * sum[(starts[x] + k) * 4 + c]`, plus
/// 0.5, truncated and clamped to 0...255. (Fold the sums' fixed-point scale into `weights`.)
void lb_filter_row(const float *sum, intptr_t width, const intptr_t *starts,
                   const intptr_t *counts, const float *weights, intptr_t weight_stride,
                   uint8_t *out);

#endif

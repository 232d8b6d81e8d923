#ifndef LIGHTBOX_YCBCR_KERNELS_H
#define LIGHTBOX_YCBCR_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// A decoded picture in planes, as a codec or libheif gives it: Y, Cb and Cr (Cb and Cr
/// subsampled by `shift_x` and `shift_y`, 0 or 1), or R, G and B (`rgb`; not subsampled), or
/// one plane for monochrome; samples of `depth` bits, one byte each up to 8, two (native
/// order) above.
struct lb_ycbcr_picture {
  const uint8_t *_Nonnull y;
  const uint8_t *_Nullable cb;
  const uint8_t *_Nullable cr;
  size_t y_stride, cb_stride, cr_stride;
  intptr_t width, height;
  int shift_x, shift_y;
  int depth;
  /// The luma weights of red and blue (ITU-T H.273's matrix coefficients: 0.2126 and 0.0722
  /// for BT.709, 0.299 and 0.114 for BT.601).
  double kr, kb;
  /// 1: samples span the whole range; 0: "video" range (16–235 and 16–240 at 8 bits).
  int full_range;
  /// 1: the planes are R, G and B, averaged and scaled to 8 bits without a conversion.
  int rgb;
};

/// Shrinks `picture` by `factor` in each direction, averaging every whole factor×factor block
/// (the last partial column and row of blocks are left out), and converts the result to
/// opaque RGBA8 (`out`: width / factor × height / factor pixels, rows without padding).
///
/// The conversion from YCbCr is affine, so the average of converted pixels is the conversion
/// of the averaged samples (but for clamping): converting after the average gives the
/// picture a full-size conversion would, for a factor² of the work and none of the memory.
/// Monochrome samples are copied to R, G and B as they are (scaled to 8 bits), as libheif does.
/// libheif 1.15 converts every decode to RGB itself (planar when asked for no colorspace):
/// then the kernel only averages, which still spares the interleaving, the alpha plane and a
/// full-size RGBA copy.
void lb_ycbcr_reduce_to_rgba(const struct lb_ycbcr_picture *_Nonnull picture, intptr_t factor,
                             uint8_t *_Nonnull out);

/// Adds `tile`, whose top-left pixel is at (`left`, `top`) of a region of `columns` ×
/// `rows` blocks of `factor` × `factor` pixels (negative or past the region: those pixels are
/// left out), into the region's per-block sums: `sums[c]`, `sums[columns * rows + c]` and
/// `sums[2 * columns * rows + c]` for the first, second and third plane of block c (row-major).
/// Cb and Cr samples count once for every luma pixel they cover. What makes a large picture
/// from tiles (a HEIF grid) shrink tile by tile, without the picture itself in memory.
void lb_ycbcr_accumulate(const struct lb_ycbcr_picture *_Nonnull tile, intptr_t left,
                         intptr_t top, intptr_t factor, intptr_t columns, intptr_t rows,
                         uint64_t *_Nonnull sums);

/// The RGBA8 pixels of the block sums `lb_ycbcr_accumulate` made (every block whole: factor²
/// pixels), converted as `format` (its depth, planes, matrix and range; its planes are not
/// read) says.
void lb_ycbcr_sums_to_rgba(const uint64_t *_Nonnull sums, intptr_t columns, intptr_t rows,
                           intptr_t factor, const struct lb_ycbcr_picture *_Nonnull format,
                           uint8_t *_Nonnull out);

#endif

#ifndef LIGHTBOX_SIXEL_KERNELS_H
#define LIGHTBOX_SIXEL_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// The palette entry nearest a 15-bit colour bin's centre by plain RGB distance, with the
/// entries sorted by green so that a search walks out from the bin's green and stops each
/// way once green alone is farther than the best match. Ties go to the lowest index.
typedef struct {
  int32_t count;
  int32_t red[256];
  int32_t green[256];
  int32_t blue[256];
  int32_t index[256];
  /// Per green value 0...256: the first sorted position whose green is at least it.
  int32_t start[257];
} lb_sixel_nearest;

/// Sorts `palette` (`colors` r, g, b triples, 1...256 of them) into `nearest`.
void lb_sixel_nearest_init(lb_sixel_nearest *nearest, const int32_t *palette, intptr_t colors);

/// The palette index nearest the centre of `bin` (5 bits each of r, g, b).
int32_t lb_sixel_nearest_entry(const lb_sixel_nearest *nearest, int32_t bin);

/// The palette index nearest the colour `r`, `g`, `b` (each 0...255).
int32_t lb_sixel_nearest_color(const lb_sixel_nearest *nearest, int32_t r, int32_t g, int32_t b);

/// Floyd–Steinberg at half strength onto `palette` (`colors` triples): one palette index
/// per pixel of the `height` rows of `width` RGBA pixels at `pixels` into `indices`. Errors
/// are carried ×16 in integers; nearest colours are cached per 15-bit bin (`cache`, 32768
/// entries, -1 where not yet known, shared by nobody else while this runs).
void lb_sixel_dither(const uint8_t *pixels, intptr_t width, intptr_t height,
                     const int32_t *palette, intptr_t colors, int16_t *cache,
                     uint8_t *indices);

/// The most bytes `lb_sixel_pack_bands` can write for `height` rows of `width`.
size_t lb_sixel_pack_bound(intptr_t width, intptr_t height);

/// Six-row bands of palette indices (`height` rows of `width`), each ended by "-", written
/// to `out` (at least `lb_sixel_pack_bound` bytes); returns the bytes written. Per band each
/// colour's columns are cut into nodes at gaps longer than `node_gap`, and the nodes laid
/// left to right, as many per pass as fit, with "$" only between passes (libsixel's
/// packing). Returns 0 when its working memory cannot be allocated.
size_t lb_sixel_pack_bands(const uint8_t *indices, intptr_t width, intptr_t height,
                           int32_t node_gap, uint8_t *out);

#endif

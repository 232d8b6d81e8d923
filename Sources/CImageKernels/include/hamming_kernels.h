#ifndef LIGHTBOX_HAMMING_KERNELS_H
#define LIGHTBOX_HAMMING_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// Near pairs between two runs of 128-bit keys (`first[i]`, `second[i]`): every x in
/// `a_start..<a_end` against every y in `b_start..<b_end` (when `same`, the run against
/// itself, each pair once: y > x), the pairs whose keys differ in at most `radius` bits
/// written to `out` as x, y (two entries a pair) while `capacity` pairs fit. Returns the
/// number of pairs found, which may exceed `capacity` (the caller then asks again with more
/// room). With the CPU's POPCNT instruction where it has one (checked once): the Swift
/// compiler's baseline x86-64 has none, and counting bits by shifts and masks was 80 % of
/// grouping a million photos.
size_t lb_hamming_run_pairs(const uint64_t *first, const uint64_t *second, size_t a_start,
                            size_t a_end, size_t b_start, size_t b_end, int same, int radius,
                            uint32_t *out, size_t capacity);

#endif

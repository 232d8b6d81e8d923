#ifndef LIGHTBOX_FUZZ_PLACE_TABLE_H
#define LIGHTBOX_FUZZ_PLACE_TABLE_H
#include <stddef.h>
#include <stdint.h>

/// Sets `count` 32-bit words from `words` to `value`: the place table target's 1 MB grid,
/// filled outside the fuzzer's instrumentation (a Swift loop there traces every compare).
void fuzz_fill_u32(uint32_t *words, uint32_t value, size_t count);

/// zlib's CRC-32 of `count` bytes, as `scripts/places-table` records it.
uint32_t fuzz_crc32(const uint8_t *bytes, size_t count);
#endif

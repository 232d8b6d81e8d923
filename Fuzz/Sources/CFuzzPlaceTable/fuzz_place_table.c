#include "fuzz_place_table.h"

#include <zlib.h>

void fuzz_fill_u32(uint32_t *words, uint32_t value, size_t count) {
  for (size_t i = 0; i < count; i++) words[i] = value;
}

uint32_t fuzz_crc32(const uint8_t *bytes, size_t count) {
  uLong crc = crc32(0L, Z_NULL, 0);
  while (count > 0) {
    uInt chunk = count > 0x40000000u ? 0x40000000u : (uInt)count;
    crc = crc32(crc, bytes, chunk);
    bytes += chunk;
    count -= chunk;
  }
  return (uint32_t)crc;
}

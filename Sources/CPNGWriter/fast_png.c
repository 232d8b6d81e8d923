// A PNG writer for thumbnail cache files: Sub filter + Huffman-only deflate (RFC 1951
// dynamic blocks holding literals only), zlib wrapper (RFC 1950), CRC and Adler-32 from zlib.
//
// Why by hand: zlib's Z_HUFFMAN_ONLY makes the same kind of stream, but every literal goes
// through its match bookkeeping (_tr_tally, a 16-bit bit buffer). On the 40 distinct 256x192
// photo thumbnails of Benchmarks/pipeline (median of 31 runs each, 2026-11-25): libpng with
// Sub + zlib Huffman-only 2.0 ms and 97.0 KB, this writer 0.46 ms and 96.9 KB; after the JPEG
// decode it was the largest cost of a thumbnail. libdeflate has no Huffman-only mode and its
// level 1 is only ~10 % faster than zlib's Huffman-only. The encoder below is one histogram
// pass and one table-lookup pass per block; tests decode its output with libpng and
// ImageMagick, and the png-writer fuzz target checks the round trip on arbitrary pixels.

#include "fast_png.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "fast_png.c writes its bit buffer little-endian"
#endif

enum {
  // Filtered bytes per deflate block, each with its own Huffman code: zlib's block size at
  // its default memLevel; halving it gains 0.2 % on photos, doubling it loses 4 %. A stored
  // block holds at most 65535 bytes.
  kBlockBytes = 16384,
  kLitSymbols = 257,    // literals 0-255 and end-of-block
  kMaxLitBits = 15,
  kMaxCodeLengthBits = 7,
};
_Static_assert(kBlockBytes <= 65535 && kBlockBytes < (1 << 15),
               "a stored block holds 65535 bytes; the sort keys hold 15-bit weights");

/// Appends bits LSB-first; flushes whole bytes six at a time (the buffer has 8 spare bytes).
struct bit_writer {
  unsigned char *out;
  uint64_t bits;
  unsigned count;
};

static inline void put_bits(struct bit_writer *w, uint32_t value, unsigned n) {
  w->bits |= (uint64_t)value << w->count;
  w->count += n;
  if (w->count >= 48) {
    memcpy(w->out, &w->bits, 8);
    w->out += 6;
    w->bits >>= 48;
    w->count -= 48;
  }
}

static void flush_to_byte(struct bit_writer *w) {
  while (w->count > 0) {
    *w->out++ = (unsigned char)w->bits;
    w->bits >>= 8;
    w->count = w->count >= 8 ? w->count - 8 : 0;
  }
  w->bits = 0;
}

/// Code lengths for `n` weights sorted ascending, in place (Moffat and Katajainen's
/// in-place minimum-redundancy algorithm); on return a[i] is the length of the i-th
/// lightest symbol. Needs n >= 2.
static void minimum_redundancy(uint32_t *a, int n) {
  int root = 0, leaf = 2, next;
  a[0] += a[1];
  for (next = 1; next < n - 1; next++) {
    if (leaf >= n || a[root] < a[leaf]) {
      a[next] = a[root];
      a[root++] = (uint32_t)next;
    } else {
      a[next] = a[leaf++];
    }
    if (leaf >= n || (root < next && a[root] < a[leaf])) {
      a[next] += a[root];
      a[root++] = (uint32_t)next;
    } else {
      a[next] += a[leaf++];
    }
  }
  a[n - 2] = 0;
  for (next = n - 3; next >= 0; next--) a[next] = a[a[next]] + 1;
  int available = 1, used = 0;
  uint32_t depth = 0;
  root = n - 2;
  next = n - 1;
  while (available > 0) {
    while (root >= 0 && a[root] == depth) {
      used++;
      root--;
    }
    while (available > used) {
      a[next--] = depth;
      available--;
    }
    available = 2 * used;
    depth++;
    used = 0;
  }
}

/// Canonical Huffman code for `n` symbols of `freq` with lengths at most `max_bits`:
/// fills `lengths` and bit-reversed `codes` (deflate sends Huffman codes MSB first into an
/// LSB-first stream). At least two symbols always get a code, because zlib's inflate
/// refuses an incomplete code-length code.
static void build_code(const uint32_t *freq, int n, unsigned max_bits, uint8_t *lengths,
                       uint16_t *codes) {
  uint16_t order[kLitSymbols];
  uint32_t weight[kLitSymbols];
  int used = 0;
  for (int s = 0; s < n; s++) {
    lengths[s] = 0;
    codes[s] = 0;
    if (freq[s]) order[used++] = (uint16_t)s;
  }
  // Pad to two symbols with weight-zero stand-ins (they get codes that are never sent).
  for (int s = 0; used < 2 && s < n; s++) {
    if (!freq[s]) order[used++] = (uint16_t)s;
  }
  // Sort by weight (ties by symbol): an LSD radix sort of weight << 9 | symbol, three
  // passes of 8 bits (weights stay under 2^15: a block has 16384 bytes). An insertion sort
  // of the 257 literals was a third of the encoder's time.
  uint32_t keys[kLitSymbols], scratch[kLitSymbols];
  for (int i = 0; i < used; i++) keys[i] = freq[order[i]] << 9 | order[i];
  for (unsigned shift = 0; shift < 24; shift += 8) {
    unsigned bucket[257] = {0};
    for (int i = 0; i < used; i++) bucket[((keys[i] >> shift) & 0xFF) + 1]++;
    for (int b = 1; b < 257; b++) bucket[b] += bucket[b - 1];
    for (int i = 0; i < used; i++) scratch[bucket[(keys[i] >> shift) & 0xFF]++] = keys[i];
    memcpy(keys, scratch, sizeof(uint32_t) * (size_t)used);
  }
  for (int i = 0; i < used; i++) order[i] = (uint16_t)(keys[i] & 0x1FF);
  if (used < 2) return;  // only when n < 2, which no caller passes
  for (int i = 0; i < used; i++) weight[i] = freq[order[i]];
  minimum_redundancy(weight, used);

  // Count lengths, then fold anything longer than max_bits back in, keeping the Kraft sum
  // exactly 1 (the heuristic miniz and zlib use: move a leaf down from the deepest level
  // that can take it).
  uint32_t count[33] = {0};
  for (int i = 0; i < used; i++) count[weight[i] > 32 ? 32 : weight[i]]++;
  for (unsigned l = max_bits + 1; l <= 32; l++) {
    count[max_bits] += count[l];
    count[l] = 0;
  }
  uint32_t total = 0;
  for (unsigned l = max_bits; l > 0; l--) total += count[l] << (max_bits - l);
  while (total != (1u << max_bits)) {
    count[max_bits]--;
    for (unsigned l = max_bits - 1; l > 0; l--) {
      if (count[l]) {
        count[l]--;
        count[l + 1] += 2;
        break;
      }
    }
    total--;
  }
  // The lightest symbols take the longest codes.
  int i = 0;
  for (unsigned l = max_bits; l > 0; l--) {
    for (uint32_t k = 0; k < count[l]; k++) lengths[order[i++]] = (uint8_t)l;
  }

  // Canonical codes (RFC 1951 3.2.2): shorter codes first, then by symbol.
  uint16_t next_code[kMaxLitBits + 2] = {0};
  uint32_t code = 0;
  count[0] = 0;
  for (unsigned l = 1; l <= max_bits; l++) {
    code = (code + count[l - 1]) << 1;
    next_code[l] = (uint16_t)code;
  }
  for (int s = 0; s < n; s++) {
    unsigned l = lengths[s];
    if (!l) continue;
    uint32_t c = next_code[l]++;
    uint32_t reversed = 0;
    for (unsigned b = 0; b < l; b++) reversed |= ((c >> b) & 1u) << (l - 1 - b);
    codes[s] = (uint16_t)reversed;
  }
}

/// The code-length sequence of a literals-only block as RFC 1951 code-length symbols:
/// `symbols` gets 0-18, `extra` the repeat counts' extra bits. Returns the symbol count.
static int run_length_code(const uint8_t *lengths, int n, uint8_t *symbols, uint8_t *extra) {
  int out = 0;
  for (int i = 0; i < n;) {
    uint8_t v = lengths[i];
    int run = 1;
    while (i + run < n && lengths[i + run] == v) run++;
    i += run;
    if (v == 0) {
      while (run >= 11) {
        int k = run < 138 ? run : 138;
        symbols[out] = 18;
        extra[out++] = (uint8_t)(k - 11);
        run -= k;
      }
      if (run >= 3) {
        symbols[out] = 17;
        extra[out++] = (uint8_t)(run - 3);
        run = 0;
      }
    } else {
      symbols[out] = v;
      extra[out++] = 0;
      run--;
      while (run >= 3) {
        int k = run < 6 ? run : 6;
        symbols[out] = 16;
        extra[out++] = (uint8_t)(k - 3);
        run -= k;
      }
    }
    while (run-- > 0) {
      symbols[out] = v;
      extra[out++] = 0;
    }
  }
  return out;
}

/// One deflate block of `data`: dynamic Huffman with literals only, or stored when that is
/// smaller (noise).
static void write_block(struct bit_writer *w, const unsigned char *data, size_t n, int last) {
  uint32_t freq[kLitSymbols] = {0};
  // Four histograms: consecutive equal bytes would otherwise stall on one counter.
  uint32_t h[4][256];
  memset(h, 0, sizeof h);
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    h[0][data[i]]++;
    h[1][data[i + 1]]++;
    h[2][data[i + 2]]++;
    h[3][data[i + 3]]++;
  }
  for (; i < n; i++) h[0][data[i]]++;
  for (int s = 0; s < 256; s++) freq[s] = h[0][s] + h[1][s] + h[2][s] + h[3][s];
  freq[256] = 1;

  uint8_t lengths[kLitSymbols + 1];
  uint16_t codes[kLitSymbols];
  build_code(freq, kLitSymbols, kMaxLitBits, lengths, codes);
  lengths[kLitSymbols] = 0;  // the one distance code, unused

  uint8_t cl_symbols[kLitSymbols + 1], cl_extra[kLitSymbols + 1];
  int cl_count = run_length_code(lengths, kLitSymbols + 1, cl_symbols, cl_extra);
  uint32_t cl_freq[19] = {0};
  for (int k = 0; k < cl_count; k++) cl_freq[cl_symbols[k]]++;
  uint8_t cl_lengths[19];
  uint16_t cl_codes[19];
  build_code(cl_freq, 19, kMaxCodeLengthBits, cl_lengths, cl_codes);
  static const uint8_t cl_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5,
                                       11, 4, 12, 3, 13, 2, 14, 1, 15};
  int hclen = 19;
  while (hclen > 4 && cl_lengths[cl_order[hclen - 1]] == 0) hclen--;

  static const uint8_t extra_bits[19] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                         0, 0, 0, 0, 0, 0, 2, 3, 7};
  uint64_t cost = 3 + 5 + 5 + 4 + 3 * (uint64_t)hclen;
  for (int k = 0; k < cl_count; k++) {
    cost += cl_lengths[cl_symbols[k]] + extra_bits[cl_symbols[k]];
  }
  for (int s = 0; s < kLitSymbols; s++) cost += (uint64_t)freq[s] * lengths[s];
  uint64_t stored_cost = 3 + 7 + 32 + 8 * (uint64_t)n;

  if (cost >= stored_cost) {
    put_bits(w, last ? 1u : 0u, 3);  // BFINAL, BTYPE 00
    flush_to_byte(w);
    uint16_t len = (uint16_t)n, nlen = (uint16_t)~len;
    unsigned char header[4] = {(unsigned char)len, (unsigned char)(len >> 8),
                               (unsigned char)nlen, (unsigned char)(nlen >> 8)};
    memcpy(w->out, header, 4);
    memcpy(w->out + 4, data, n);
    w->out += 4 + n;
    return;
  }

  put_bits(w, (last ? 1u : 0u) | (2u << 1), 3);  // BFINAL, BTYPE 10 (dynamic)
  put_bits(w, 0, 5);                             // HLIT: 257 literal/length codes
  put_bits(w, 0, 5);                             // HDIST: 1 distance code (length 0)
  put_bits(w, (uint32_t)(hclen - 4), 4);
  for (int k = 0; k < hclen; k++) put_bits(w, cl_lengths[cl_order[k]], 3);
  for (int k = 0; k < cl_count; k++) {
    uint8_t s = cl_symbols[k];
    put_bits(w, cl_codes[s], cl_lengths[s]);
    if (extra_bits[s]) put_bits(w, cl_extra[k], extra_bits[s]);
  }
  // Pack code and length in one table so the hot loop does one load per byte.
  uint32_t table[256];
  for (int s = 0; s < 256; s++) table[s] = (uint32_t)codes[s] | ((uint32_t)lengths[s] << 16);
  // Three codes (at most 45 bits) go into the buffer after at most 7 pending bits, then
  // the whole bytes are stored with one unaligned 8-byte write and no branch.
  unsigned char *out = w->out;
  uint64_t bits = w->bits;
  unsigned count = w->count;
  while (count >= 8) {
    *out++ = (unsigned char)bits;
    bits >>= 8;
    count -= 8;
  }
  for (i = 0; i + 3 <= n; i += 3) {
    uint32_t t0 = table[data[i]], t1 = table[data[i + 1]], t2 = table[data[i + 2]];
    bits |= (uint64_t)(t0 & 0xFFFF) << count;
    count += t0 >> 16;
    bits |= (uint64_t)(t1 & 0xFFFF) << count;
    count += t1 >> 16;
    bits |= (uint64_t)(t2 & 0xFFFF) << count;
    count += t2 >> 16;
    memcpy(out, &bits, 8);
    out += count >> 3;
    bits >>= count & ~7u;
    count &= 7;
  }
  w->out = out;
  w->bits = bits;
  w->count = count;
  for (; i < n; i++) {
    uint32_t t = table[data[i]];
    put_bits(w, t & 0xFFFF, t >> 16);
  }
  put_bits(w, codes[256], lengths[256]);
}

static void put_be32(unsigned char *p, uint32_t v) {
  p[0] = (unsigned char)(v >> 24);
  p[1] = (unsigned char)(v >> 16);
  p[2] = (unsigned char)(v >> 8);
  p[3] = (unsigned char)v;
}

/// Closes a chunk whose type starts at `type`: CRC over type and data.
static unsigned char *end_chunk(unsigned char *type, size_t data_length) {
  uLong crc = crc32(0L, type, (uInt)(4 + data_length));
  put_be32(type + 4 + data_length, (uint32_t)crc);
  return type + 4 + data_length + 4;
}

int lb_png_write_fast(const unsigned char *pixels, unsigned width, unsigned height, int opaque,
                      unsigned char **out, size_t *out_size) {
  *out = NULL;
  *out_size = 0;
  const size_t channels = opaque ? 3 : 4;
  if (width == 0 || height == 0 || width > 0x7FFFFFFFu / 4 || height > 0x7FFFFFFFu) return -1;
  const size_t stride = (size_t)width * channels;
  if (stride + 1 > SIZE_MAX / height) return -1;
  const size_t raw_size = (stride + 1) * height;
  // One IDAT chunk: its length must fit in 31 bits (stored blocks bound the stream).
  const size_t blocks = (raw_size + kBlockBytes - 1) / kBlockBytes;
  const size_t deflate_bound = raw_size + blocks * 5 + 16;
  if (deflate_bound + 6 > 0x7FFFFFFFu) return -1;

  unsigned char *raw = malloc(raw_size);
  // Signature 8, IHDR 25, IDAT 12 + zlib 2 + deflate + Adler 4, IEND 12, bit-writer slack 8.
  unsigned char *png = malloc(8 + 25 + 12 + 2 + deflate_bound + 4 + 12 + 8);
  if (!raw || !png) {
    free(raw);
    free(png);
    return -1;
  }

  // Sub filter: each byte minus the same channel of the pixel to its left.
  for (unsigned y = 0; y < height; y++) {
    const unsigned char *src = pixels + (size_t)y * width * 4;
    unsigned char *dst = raw + (size_t)y * (stride + 1);
    *dst++ = 1;
    if (opaque) {
      unsigned char r = 0, g = 0, b = 0;
      for (unsigned x = 0; x < width; x++, src += 4, dst += 3) {
        dst[0] = (unsigned char)(src[0] - r);
        dst[1] = (unsigned char)(src[1] - g);
        dst[2] = (unsigned char)(src[2] - b);
        r = src[0];
        g = src[1];
        b = src[2];
      }
    } else {
      uint32_t left = 0;
      for (unsigned x = 0; x < width; x++, src += 4, dst += 4) {
        for (int c = 0; c < 4; c++) dst[c] = (unsigned char)(src[c] - ((left >> (8 * c)) & 0xFF));
        memcpy(&left, src, 4);
      }
    }
  }

  static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  unsigned char *p = png;
  memcpy(p, signature, 8);
  p += 8;
  put_be32(p, 13);
  unsigned char *type = p + 4;
  memcpy(type, "IHDR", 4);
  put_be32(type + 4, width);
  put_be32(type + 8, height);
  type[12] = 8;                   // bit depth
  type[13] = opaque ? 2 : 6;      // RGB or RGBA
  type[14] = type[15] = type[16] = 0;  // deflate, adaptive filtering, not interlaced
  p = end_chunk(type, 13);

  unsigned char *idat_length = p;
  type = p + 4;
  memcpy(type, "IDAT", 4);
  unsigned char *z = type + 4;
  z[0] = 0x78;  // deflate, 32 KiB window
  z[1] = 0x01;  // fastest; (0x78 << 8 | 0x01) % 31 == 0
  struct bit_writer w = {z + 2, 0, 0};
  for (size_t offset = 0; offset < raw_size; offset += kBlockBytes) {
    size_t n = raw_size - offset < kBlockBytes ? raw_size - offset : kBlockBytes;
    write_block(&w, raw + offset, n, offset + n == raw_size);
  }
  flush_to_byte(&w);
  put_be32(w.out, (uint32_t)adler32(1L, raw, (uInt)raw_size));
  size_t zlib_length = (size_t)(w.out + 4 - z);
  put_be32(idat_length, (uint32_t)zlib_length);
  p = end_chunk(type, zlib_length);

  put_be32(p, 0);
  memcpy(p + 4, "IEND", 4);
  p = end_chunk(p + 4, 0);

  free(raw);
  *out = png;
  *out_size = (size_t)(p - png);
  return 0;
}

void lb_png_free(unsigned char *stream) { free(stream); }

long lb_zlib_inflate(const unsigned char *source, size_t length, unsigned char *destination,
                     size_t capacity) {
  uLongf out = (uLongf)capacity;
  int status = uncompress(destination, &out, source, (uLong)length);
  return status == Z_OK ? (long)out : -1;
}

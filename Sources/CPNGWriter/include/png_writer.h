#ifndef LIGHTBOX_PNG_WRITER_H
#define LIGHTBOX_PNG_WRITER_H

#include <stddef.h>

/// Encodes 8-bit RGB (channels 3) or RGBA (channels 4) rows as a PNG with libpng's full
/// writer, whose errors longjmp: the jump stays inside this C file, never across Swift.
///
/// `fast` writes cache files: every row Sub-filtered and zlib Huffman-only, about twice as
/// fast as zlib level 3 without filters and a quarter smaller on photos. Otherwise
/// libpng's defaults (adaptive filters, level 6).
///
/// Returns 0 and a malloc'ed stream in `*out` (free it with `lb_png_free`), or -1 with a
/// NUL-terminated reason in `message`.
int lb_png_write(const unsigned char *pixels, unsigned width, unsigned height, int channels,
                 int fast, unsigned char **out, size_t *out_size, char *message,
                 size_t message_size);

/// Frees a stream returned by `lb_png_write`.
void lb_png_free(unsigned char *stream);

#endif

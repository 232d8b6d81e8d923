#include "png_writer.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/// The growing output buffer and the first error libpng reported.
struct sink {
  unsigned char *data;
  size_t size;
  size_t capacity;
  int failed;
  char message[160];
};

static void write_bytes(png_structp png, png_bytep bytes, png_size_t count) {
  struct sink *sink = png_get_io_ptr(png);
  if (sink->size + count > sink->capacity) {
    size_t capacity = sink->capacity ? sink->capacity : 4096;
    while (capacity < sink->size + count) capacity *= 2;
    unsigned char *grown = realloc(sink->data, capacity);
    if (!grown) png_error(png, "out of memory for the PNG stream");
    sink->data = grown;
    sink->capacity = capacity;
  }
  memcpy(sink->data + sink->size, bytes, count);
  sink->size += count;
}

static void flush_nothing(png_structp png) { (void)png; }

static void on_error(png_structp png, png_const_charp text) {
  struct sink *sink = png_get_error_ptr(png);
  if (!sink->failed) {
    sink->failed = 1;
    strncpy(sink->message, text ? text : "libpng error", sizeof sink->message - 1);
    sink->message[sizeof sink->message - 1] = 0;
  }
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

int lb_png_write(const unsigned char *pixels, unsigned width, unsigned height, int channels,
                 int fast, unsigned char **out, size_t *out_size, char *message,
                 size_t message_size) {
  struct sink sink;
  memset(&sink, 0, sizeof sink);
  *out = NULL;
  *out_size = 0;
  if ((channels != 3 && channels != 4) || width == 0 || height == 0) {
    if (message_size) snprintf(message, message_size, "unsupported PNG layout");
    return -1;
  }
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_error, on_warning);
  if (!png) {
    if (message_size) snprintf(message, message_size, "libpng could not start");
    return -1;
  }
  png_infop info = png_create_info_struct(png);
  // volatile: read after a longjmp back into this frame.
  volatile int ok = 0;
  if (info && setjmp(png_jmpbuf(png)) == 0) {
    png_set_write_fn(png, &sink, write_bytes, flush_nothing);
    png_set_IHDR(png, info, width, height, 8,
                 channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (fast) {
      png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
      png_set_compression_strategy(png, Z_HUFFMAN_ONLY);
      png_set_compression_level(png, 1);
    }
    png_write_info(png, info);
    size_t stride = (size_t)width * (size_t)channels;
    for (unsigned y = 0; y < height; y++) {
      png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    }
    png_write_end(png, info);
    ok = 1;
  }
  png_destroy_write_struct(&png, info ? &info : NULL);
  if (!ok) {
    free(sink.data);
    if (message_size) {
      snprintf(message, message_size, "%s", sink.failed ? sink.message : "libpng failed");
    }
    return -1;
  }
  *out = sink.data;
  *out_size = sink.size;
  return 0;
}

void lb_png_free(unsigned char *stream) { free(stream); }

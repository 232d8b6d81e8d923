#ifndef LIGHTBOX_CGIF_SHIM_H
#define LIGHTBOX_CGIF_SHIM_H
#include <stdint.h>
#include <gif_lib.h>
#include <string.h>

/// A GIF read from memory.
typedef struct {
  const uint8_t *data;
  size_t size;
  size_t position;
} lb_gif_memory;

static inline int lb_gif_read(GifFileType *gif, GifByteType *buffer, int count) {
  lb_gif_memory *m = (lb_gif_memory *)gif->UserData;
  if (count <= 0 || m->position >= m->size) return 0;
  size_t left = m->size - m->position;
  size_t n = (size_t)count < left ? (size_t)count : left;
  memcpy(buffer, m->data + m->position, n);
  m->position += n;
  return (int)n;
}

/// Opens the GIF in `memory`; on failure returns NULL with the giflib error in `error`.
static inline GifFileType *lb_gif_open_memory(lb_gif_memory *memory, int *error) {
  return DGifOpen(memory, lb_gif_read, error);
}
#endif

// Loads giflib on first use (see CGIF.h for why it is not linked).
#include "CGIF.h"

#include <string.h>

static struct lb_gif table;

static int lookup(struct lb_library *library) {
  LB_LIBRARY_FIND(library, table, DGifOpen);
  LB_LIBRARY_FIND(library, table, DGifCloseFile);
  LB_LIBRARY_FIND(library, table, DGifGetRecordType);
  LB_LIBRARY_FIND(library, table, DGifGetExtension);
  LB_LIBRARY_FIND(library, table, DGifGetExtensionNext);
  LB_LIBRARY_FIND(library, table, DGifGetImageDesc);
  LB_LIBRARY_FIND(library, table, DGifGetLine);
  LB_LIBRARY_FIND(library, table, GifErrorString);
  return 0;
}

static struct lb_library library = LB_LIBRARY("giflib", lookup, "libgif.so.7");

LB_LIBRARY_ENTRY_POINTS(gif, library, table)

static int read_memory(GifFileType *gif, GifByteType *buffer, int count) {
  lb_gif_memory *m = (lb_gif_memory *)gif->UserData;
  if (count <= 0 || m->position >= m->size) return 0;
  size_t left = m->size - m->position;
  size_t n = (size_t)count < left ? (size_t)count : left;
  memcpy(buffer, m->data + m->position, n);
  m->position += n;
  return (int)n;
}

GifFileType *lb_gif_open_memory(lb_gif_memory *memory, int *error) {
  return table.DGifOpen(memory, read_memory, error);
}

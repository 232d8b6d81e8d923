// Loads giflib on first use (see CGIF.h for why it is not linked).
#include "CGIF.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct lb_gif table;
static const struct lb_gif *loaded;
static char failure[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  // The sonames of the versions Lightbox is built against (Debian 12), in dependency order.
  const char *names[] = {
      "libgif.so.7",
  };
  enum { count = sizeof names / sizeof names[0] };
  void *handles[count];
  for (int i = 0; i < count; i++) {
    // RTLD_LOCAL: the library's symbols stay out of the process's global scope.
    handles[i] = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!handles[i]) {
      const char *reason = dlerror();
      snprintf(failure, sizeof failure, "%s", reason ? reason : names[i]);
      return;
    }
  }
#define LB_LOOKUP(name)                                                   \
  do {                                                                    \
    for (int i = 0; i < count && !table.name; i++) {                      \
      table.name = (__typeof__(name) *)dlsym(handles[i], #name);          \
    }                                                                     \
    if (!table.name) {                                                    \
      snprintf(failure, sizeof failure, "giflib has no function " #name); \
      return;                                                             \
    }                                                                     \
  } while (0)
  LB_LOOKUP(DGifOpen);
  LB_LOOKUP(DGifCloseFile);
  LB_LOOKUP(DGifGetRecordType);
  LB_LOOKUP(DGifGetExtension);
  LB_LOOKUP(DGifGetExtensionNext);
  LB_LOOKUP(DGifGetImageDesc);
  LB_LOOKUP(DGifGetLine);
  LB_LOOKUP(GifErrorString);
#undef LB_LOOKUP
  loaded = &table;
}

const struct lb_gif *lb_gif_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *lb_gif_error(void) {
  pthread_once(&once, load);
  return loaded ? "" : failure;
}

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

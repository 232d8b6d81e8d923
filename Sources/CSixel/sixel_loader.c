// Loads libsixel on first use (see CSixel.h for why it is not linked).
#include "CSixel.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct lb_sixel table;
static const struct lb_sixel *loaded;
static char failure[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  // The sonames of the versions Lightbox is built against (Debian 12), in dependency order.
  const char *names[] = {
      "libsixel.so.1",
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
      snprintf(failure, sizeof failure, "libsixel has no function " #name); \
      return;                                                             \
    }                                                                     \
  } while (0)
  LB_LOOKUP(sixel_dither_new);
  LB_LOOKUP(sixel_dither_unref);
  LB_LOOKUP(sixel_dither_initialize);
  LB_LOOKUP(sixel_dither_set_diffusion_type);
  LB_LOOKUP(sixel_dither_get_num_of_palette_colors);
  LB_LOOKUP(sixel_output_new);
  LB_LOOKUP(sixel_output_unref);
  LB_LOOKUP(sixel_output_set_8bit_availability);
  LB_LOOKUP(sixel_output_set_palette_type);
  LB_LOOKUP(sixel_output_set_encode_policy);
  LB_LOOKUP(sixel_encode);
  LB_LOOKUP(sixel_helper_format_error);
#undef LB_LOOKUP
  loaded = &table;
}

const struct lb_sixel *lb_sixel_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *lb_sixel_error(void) {
  pthread_once(&once, load);
  return loaded ? "" : failure;
}

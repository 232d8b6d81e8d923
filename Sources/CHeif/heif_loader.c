// Loads libheif on first use (see CHeif.h for why it is not linked).
#include "CHeif.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct lb_heif table;
static const struct lb_heif *loaded;
static char failure[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  // libheif 1.x keeps soname 1 (its headers say 1.15 here).
  void *handle = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *reason = dlerror();
    snprintf(failure, sizeof failure, "%s", reason ? reason : "libheif.so.1 not found");
    return;
  }
#define LB_LOOKUP(name)                                                    \
  do {                                                                     \
    table.name = (__typeof__(name) *)dlsym(handle, #name);                 \
    if (!table.name) {                                                     \
      snprintf(failure, sizeof failure, "libheif has no function " #name); \
      return;                                                              \
    }                                                                      \
  } while (0)
  LB_LOOKUP(heif_context_alloc);
  LB_LOOKUP(heif_context_free);
  LB_LOOKUP(heif_context_get_primary_image_handle);
  LB_LOOKUP(heif_context_read_from_memory_without_copy);
  LB_LOOKUP(heif_context_set_maximum_image_size_limit);
  LB_LOOKUP(heif_decode_image);
  LB_LOOKUP(heif_decoding_options_alloc);
  LB_LOOKUP(heif_decoding_options_free);
  LB_LOOKUP(heif_image_get_height);
  LB_LOOKUP(heif_image_get_plane_readonly);
  LB_LOOKUP(heif_image_get_width);
  LB_LOOKUP(heif_image_handle_get_height);
  LB_LOOKUP(heif_image_handle_get_ispe_height);
  LB_LOOKUP(heif_image_handle_get_ispe_width);
  LB_LOOKUP(heif_image_handle_get_nclx_color_profile);
  LB_LOOKUP(heif_image_handle_get_number_of_thumbnails);
  LB_LOOKUP(heif_image_handle_get_raw_color_profile);
  LB_LOOKUP(heif_image_handle_get_raw_color_profile_size);
  LB_LOOKUP(heif_image_handle_get_thumbnail);
  LB_LOOKUP(heif_image_handle_get_width);
  LB_LOOKUP(heif_image_handle_release);
  LB_LOOKUP(heif_image_release);
  LB_LOOKUP(heif_nclx_color_profile_free);
  LB_LOOKUP(heif_image_handle_get_list_of_thumbnail_IDs);
#undef LB_LOOKUP
  loaded = &table;
}

const struct lb_heif *lb_heif_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *lb_heif_error(void) {
  pthread_once(&once, load);
  return loaded ? "" : failure;
}

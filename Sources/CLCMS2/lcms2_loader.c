// Loads lcms2 on first use (see CLCMS2.h for why it is not linked).
#include "CLCMS2.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct lb_lcms2 table;
static const struct lb_lcms2 *loaded;
static char failure[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  // The sonames of the versions Lightbox is built against (Debian 12), in dependency order.
  const char *names[] = {
      "liblcms2.so.2",
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
      snprintf(failure, sizeof failure, "lcms2 has no function " #name); \
      return;                                                             \
    }                                                                     \
  } while (0)
  LB_LOOKUP(cmsBuildParametricToneCurve);
  LB_LOOKUP(cmsCloseProfile);
  LB_LOOKUP(cmsCreateRGBProfile);
  LB_LOOKUP(cmsCreateTransform);
  LB_LOOKUP(cmsCreate_sRGBProfile);
  LB_LOOKUP(cmsDeleteTransform);
  LB_LOOKUP(cmsDoTransform);
  LB_LOOKUP(cmsFreeToneCurve);
  LB_LOOKUP(cmsGetColorSpace);
  LB_LOOKUP(cmsGetProfileInfoASCII);
  LB_LOOKUP(cmsOpenProfileFromMem);
#undef LB_LOOKUP
  loaded = &table;
}

const struct lb_lcms2 *lb_lcms2_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *lb_lcms2_error(void) {
  pthread_once(&once, load);
  return loaded ? "" : failure;
}

// What every loader of a library loaded on first use shares (see CLibraryLoader.h).
#include "CLibraryLoader.h"

#include <dlfcn.h>
#include <stdio.h>

static void open_and_look_up(struct lb_library *library) {
  for (int i = 0; i < 5 && library->sonames[i]; i++) {
    library->handles[i] = dlopen(library->sonames[i], RTLD_NOW | RTLD_LOCAL);
    if (!library->handles[i]) {
      const char *reason = dlerror();
      snprintf(library->failure, sizeof library->failure, "%s",
               reason ? reason : library->sonames[i]);
      library->state = -1;
      return;
    }
  }
  library->state = library->lookup(library) == 0 ? 1 : -1;
}

int lb_library_load(struct lb_library *library) {
  pthread_mutex_lock(&library->lock);
  if (library->state == 0) open_and_look_up(library);
  int state = library->state;
  pthread_mutex_unlock(&library->lock);
  return state == 1 ? 0 : -1;
}

const char *lb_library_failure(struct lb_library *library) {
  pthread_mutex_lock(&library->lock);
  const char *failure = library->state == -1 ? library->failure : "";
  pthread_mutex_unlock(&library->lock);
  return failure;
}

void *lb_library_symbol(struct lb_library *library, const char *symbol) {
  for (int i = 0; i < 5 && library->handles[i]; i++) {
    void *found = dlsym(library->handles[i], symbol);
    if (found) return found;
  }
  snprintf(library->failure, sizeof library->failure, "%s has no function %s", library->name,
           symbol);
  return NULL;
}

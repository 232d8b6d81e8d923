#ifndef LIGHTBOX_CLIBRARYLOADER_H
#define LIGHTBOX_CLIBRARYLOADER_H
#include <pthread.h>
#include <stddef.h>

// A C library loaded the first time it is needed instead of linked: linked, each library and
// its dependencies are loaded and their symbols bound at every start of Lightbox, for formats
// most runs never meet (DECISIONS.md, 2026-11-26 and 2026-11-29). One loader per library
// (CHeif, CFFmpeg, CTIFF, CWebP, CGIF, CLCMS2, CSixel, CImportIO's libcrypto) keeps a table of
// the functions Lightbox calls; this is what they share.

/// A library to load on first use: its sonames in dependency order, and the function that
/// fills the caller's table with `lb_library_symbol` once they are open.
struct lb_library {
  /// The library's name in messages ("giflib").
  const char *name;
  /// Its sonames (the major versions Lightbox is built against); NULL past the last.
  const char *sonames[5];
  /// Looks up the caller's functions (`LB_LIBRARY_FIND`); 0, or -1 when one is missing.
  int (*lookup)(struct lb_library *library);
  pthread_mutex_t lock;
  /// 0 not tried yet, 1 loaded, -1 failed (`failure` says why).
  int state;
  void *handles[5];
  char failure[256];
};

/// A `struct lb_library` initializer: the name, the lookup function, then the sonames.
#define LB_LIBRARY(display_name, lookup_function, ...)                                      \
  {                                                                                         \
    .name = (display_name), .sonames = {__VA_ARGS__}, .lookup = (lookup_function),          \
    .lock = PTHREAD_MUTEX_INITIALIZER                                                       \
  }

/// Inside a lookup function: `table.function` from the open library, or return -1 (the
/// library's failure then names the missing function).
#define LB_LIBRARY_FIND(library, table, function)                                              \
  do {                                                                                      \
    (table).function = (__typeof__(function) *)lb_library_symbol((library), #function);     \
    if (!(table).function) return -1;                                                       \
  } while (0)

/// Declares, in a loader's header, the two entry points `LB_LIBRARY_ENTRY_POINTS` defines:
/// `lb_<prefix>_load` loads the library once and returns its table, NULL when the library or
/// a function is missing (`lb_<prefix>_error` then says which). Safe from any thread.
#define LB_LIBRARY_DECLARE_ENTRY_POINTS(prefix)                                              \
  const struct lb_##prefix *_Nullable lb_##prefix##_load(void);                             \
  const char *_Nonnull lb_##prefix##_error(void);

/// The two entry points of a loader whose functions are a table `struct lb_<prefix>`:
/// `lb_<prefix>_load` (the table, or NULL when the library or a function is missing) and
/// `lb_<prefix>_error` (why, or "").
#define LB_LIBRARY_ENTRY_POINTS(prefix, library, table)                                      \
  const struct lb_##prefix *lb_##prefix##_load(void) {                                      \
    return lb_library_load(&(library)) == 0 ? &(table) : NULL;                              \
  }                                                                                         \
  const char *lb_##prefix##_error(void) {                                                   \
    (void)lb_library_load(&(library));                                                      \
    return lb_library_failure(&(library));                                                  \
  }

/// Opens the library's sonames (RTLD_NOW | RTLD_LOCAL: its symbols stay out of the process's
/// global scope) and runs its lookup, once; later calls return the first answer. 0 when the
/// library and every function were found, else -1. Safe from any thread.
int lb_library_load(struct lb_library *library);

/// Why `lb_library_load` failed (the loader's message or the missing function), or "" when it
/// did not (or was not called yet).
const char *lb_library_failure(struct lb_library *library);

/// The function or variable `symbol` from the library's open sonames, the first that has it;
/// NULL (and the failure says which) when none does. For lookup functions.
void *lb_library_symbol(struct lb_library *library, const char *symbol);

#endif

#ifndef LIGHTBOX_ALLOCATOR_H
#define LIGHTBOX_ALLOCATOR_H

#include <stddef.h>

/// Maps every allocation of `bytes` or more on its own (glibc's `M_MMAP_THRESHOLD`, which
/// also stops glibc from raising it), so that freeing one gives it back to the system.
/// Returns 1 when set. In C because Swift's Glibc module leaves out <malloc.h>.
int lb_allocator_map_from(size_t bytes);

#endif

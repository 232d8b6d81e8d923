#include "allocator.h"

#include <malloc.h>

int lb_allocator_map_from(size_t bytes) {
  if (bytes > (size_t)0x7FFFFFFF) return 0;
  return mallopt(M_MMAP_THRESHOLD, (int)bytes);
}

#include "file_system.h"

#include <sys/vfs.h>

int lb_file_system_type(const char *path, unsigned long *type) {
  struct statfs info;
  if (statfs(path, &info) != 0) return -1;
  // f_type is a signed word; the magic numbers are 32-bit patterns.
  *type = (unsigned long)(unsigned int)info.f_type;
  return 0;
}

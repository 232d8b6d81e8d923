#ifndef LIGHTBOX_FILE_SYSTEM_H
#define LIGHTBOX_FILE_SYSTEM_H

/// The `f_type` magic number statfs(2) gives for the file system holding `path` (NFS
/// 0x6969, FUSE 0x65735546, …) in `*type`. Returns 0, or -1 with errno set. In C because
/// Swift's Glibc module leaves out <sys/vfs.h>.
int lb_file_system_type(const char *path, unsigned long *type);

#endif

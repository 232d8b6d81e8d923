#define _GNU_SOURCE
#include "import_io.h"

#include <errno.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif

struct lb_sha256 {
  EVP_MD_CTX *context;
};

lb_sha256 *lb_sha256_create(void) {
  lb_sha256 *state = malloc(sizeof *state);
  if (!state) return NULL;
  state->context = EVP_MD_CTX_new();
  if (!state->context || EVP_DigestInit_ex(state->context, EVP_sha256(), NULL) != 1) {
    EVP_MD_CTX_free(state->context);
    free(state);
    return NULL;
  }
  return state;
}

int lb_sha256_update(lb_sha256 *state, const void *bytes, size_t count) {
  return EVP_DigestUpdate(state->context, bytes, count) == 1 ? 0 : -1;
}

int lb_sha256_finish(lb_sha256 *state, unsigned char digest[32]) {
  unsigned int length = 0;
  return EVP_DigestFinal_ex(state->context, digest, &length) == 1 && length == 32 ? 0 : -1;
}

void lb_sha256_free(lb_sha256 *state) {
  if (!state) return;
  EVP_MD_CTX_free(state->context);
  free(state);
}

int lb_rename_noreplace(int folder, const char *from, const char *to) {
  // The system call itself: glibc before 2.28 has no wrapper.
  if (syscall(SYS_renameat2, folder, from, folder, to, RENAME_NOREPLACE) == 0) return 0;
  int error = errno;
  // EINVAL: the file system has no RENAME_NOREPLACE (some FUSE and network mounts); ENOSYS:
  // an old kernel. link() fails with EEXIST too, so nothing is ever replaced.
  if (error != EINVAL && error != ENOSYS) return error;
  if (linkat(folder, from, folder, to, 0) != 0) return errno;
  unlinkat(folder, from, 0);
  return 0;
}

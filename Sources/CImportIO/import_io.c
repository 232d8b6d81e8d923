#define _GNU_SOURCE
#include "import_io.h"

#include "CLibraryLoader.h"

#include <errno.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

// Header-only: the functions are compiled into this file, so the binary needs no libxxhash.
#define XXH_INLINE_ALL
#include <xxhash.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif

// libcrypto is loaded on first use, not linked: linked, it cost every start of Lightbox
// ~0.5 ms of loading and symbol binding (4,000 of its symbols), for the few commands that
// hash (DECISIONS.md, 2026-11-29).
static struct {
  __typeof__(EVP_MD_CTX_new) *EVP_MD_CTX_new;
  __typeof__(EVP_MD_CTX_free) *EVP_MD_CTX_free;
  __typeof__(EVP_DigestInit_ex) *EVP_DigestInit_ex;
  __typeof__(EVP_DigestUpdate) *EVP_DigestUpdate;
  __typeof__(EVP_DigestFinal_ex) *EVP_DigestFinal_ex;
  __typeof__(EVP_sha256) *EVP_sha256;
} crypto;

static int lookup_crypto(struct lb_library *library) {
  LB_LIBRARY_FIND(library, crypto, EVP_MD_CTX_new);
  LB_LIBRARY_FIND(library, crypto, EVP_MD_CTX_free);
  LB_LIBRARY_FIND(library, crypto, EVP_DigestInit_ex);
  LB_LIBRARY_FIND(library, crypto, EVP_DigestUpdate);
  LB_LIBRARY_FIND(library, crypto, EVP_DigestFinal_ex);
  LB_LIBRARY_FIND(library, crypto, EVP_sha256);
  return 0;
}

// OpenSSL 3's soname (Debian 12's libssl3).
static struct lb_library libcrypto = LB_LIBRARY("libcrypto", lookup_crypto, "libcrypto.so.3");

const char *lb_sha256_unavailable(void) {
  return lb_library_load(&libcrypto) == 0 ? NULL : lb_library_failure(&libcrypto);
}

struct lb_sha256 {
  EVP_MD_CTX *context;
};

lb_sha256 *lb_sha256_create(void) {
  if (lb_sha256_unavailable()) return NULL;
  lb_sha256 *state = malloc(sizeof *state);
  if (!state) return NULL;
  state->context = crypto.EVP_MD_CTX_new();
  if (!state->context ||
      crypto.EVP_DigestInit_ex(state->context, crypto.EVP_sha256(), NULL) != 1) {
    crypto.EVP_MD_CTX_free(state->context);
    free(state);
    return NULL;
  }
  return state;
}

int lb_sha256_update(lb_sha256 *state, const void *bytes, size_t count) {
  return crypto.EVP_DigestUpdate(state->context, bytes, count) == 1 ? 0 : -1;
}

int lb_sha256_finish(lb_sha256 *state, unsigned char digest[32]) {
  unsigned int length = 0;
  return crypto.EVP_DigestFinal_ex(state->context, digest, &length) == 1 && length == 32 ? 0
                                                                                          : -1;
}

void lb_sha256_free(lb_sha256 *state) {
  if (!state) return;
  crypto.EVP_MD_CTX_free(state->context);
  free(state);
}

struct lb_xxh128 {
  XXH3_state_t *state;
};

lb_xxh128 *lb_xxh128_create(void) {
  lb_xxh128 *checksum = malloc(sizeof *checksum);
  if (!checksum) return NULL;
  checksum->state = XXH3_createState();
  if (!checksum->state || XXH3_128bits_reset(checksum->state) != XXH_OK) {
    XXH3_freeState(checksum->state);
    free(checksum);
    return NULL;
  }
  return checksum;
}

void lb_xxh128_update(lb_xxh128 *checksum, const void *bytes, size_t count) {
  XXH3_128bits_update(checksum->state, bytes, count);
}

void lb_xxh128_finish(lb_xxh128 *checksum, unsigned char digest[16]) {
  XXH128_canonical_t canonical;
  XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(checksum->state));
  memcpy(digest, canonical.digest, 16);
}

void lb_xxh128_free(lb_xxh128 *checksum) {
  if (!checksum) return;
  XXH3_freeState(checksum->state);
  free(checksum);
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

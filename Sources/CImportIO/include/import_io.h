#ifndef LIGHTBOX_IMPORT_IO_H
#define LIGHTBOX_IMPORT_IO_H

#include <stddef.h>

/// A streaming SHA-256 (OpenSSL's, which uses the CPU's SHA extensions where it has them),
/// from libcrypto loaded on first use (import_io.c says why).
typedef struct lb_sha256 lb_sha256;

/// Why SHA-256 cannot be had (libcrypto, loaded on first use, is missing), or NULL when it
/// can. Safe from any thread.
const char *lb_sha256_unavailable(void);

/// A new hash state, or NULL when out of memory or libcrypto is missing.
lb_sha256 *lb_sha256_create(void);

/// Adds `count` bytes. Returns 0, or -1 when OpenSSL refuses.
int lb_sha256_update(lb_sha256 *state, const void *bytes, size_t count);

/// Writes the 32-byte digest to `digest`; the state may not be updated after. Returns 0 or -1.
int lb_sha256_finish(lb_sha256 *state, unsigned char digest[32]);

void lb_sha256_free(lb_sha256 *state);

/// A streaming XXH3-128 (xxHash's, compiled in: no library to ship): a fast checksum that
/// compares an import's read-back with the bytes it wrote. Not a content identity.
typedef struct lb_xxh128 lb_xxh128;

/// A new checksum state, or NULL when out of memory.
lb_xxh128 *lb_xxh128_create(void);

/// Adds `count` bytes.
void lb_xxh128_update(lb_xxh128 *state, const void *bytes, size_t count);

/// Writes the 16-byte checksum (big-endian, xxHash's canonical form) to `digest`.
void lb_xxh128_finish(lb_xxh128 *state, unsigned char digest[16]);

void lb_xxh128_free(lb_xxh128 *state);

/// Renames `from` to `to`, both in the folder `folder`, failing with EEXIST rather than
/// replacing a file already at `to`: renameat2(RENAME_NOREPLACE), or link then unlink where the
/// file system does not have it (link never replaces either). Returns 0, or an errno value.
/// In C because Swift's Glibc module does not declare renameat2.
int lb_rename_noreplace(int folder, const char *from, const char *to);

#endif

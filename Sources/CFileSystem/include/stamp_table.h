#ifndef LIGHTBOX_STAMP_TABLE_H
#define LIGHTBOX_STAMP_TABLE_H

#include <stddef.h>
#include <stdint.h>

/// The catalog's stamps (size, mtime) by exact path bytes, for a re-scan's comparison.
///
/// A path is kept as its folder (each folder's bytes once) and its name; the bytes live in
/// growing arenas and the lookups are open-addressing tables of entry numbers: a million
/// paths cost a few allocations instead of a million, and a lookup two hashes and two
/// memcmps. In C because a Swift dictionary of a million byte-array keys was
/// most of a re-scan's time (issue 19).
typedef struct lb_stamp_table lb_stamp_table;

/// A new table sized for about `expected` paths, or NULL when out of memory.
lb_stamp_table *lb_stamp_table_create(size_t expected);

void lb_stamp_table_free(lb_stamp_table *table);

/// Adds `path` with its stamp (a path added again takes the new stamp). Returns 0, or -1
/// when out of memory.
int lb_stamp_table_add(lb_stamp_table *table, const uint8_t *path, size_t length,
                       int64_t size, int64_t mtime_ns, int is_photo);

/// Looks up `path`; when it is there and not taken yet, marks it taken, writes its stamp
/// and returns 1; else returns 0.
int lb_stamp_table_take(lb_stamp_table *table, const uint8_t *path, size_t length,
                        int64_t *size, int64_t *mtime_ns, int *is_photo);

/// Number of distinct paths in the table.
size_t lb_stamp_table_count(const lb_stamp_table *table);

/// The next path never taken at or after entry `*cursor`, which moves past it: returns 1
/// with the path's bytes in two parts, its folder (up to and with its last "/") and its name
/// (both valid until the table is freed), or 0 when there is none.
int lb_stamp_table_next_untaken(const lb_stamp_table *table, size_t *cursor,
                                const uint8_t **folder, size_t *folder_length,
                                const uint8_t **name, size_t *name_length);
#endif

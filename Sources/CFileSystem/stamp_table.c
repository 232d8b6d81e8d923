#include "stamp_table.h"

#include <stdlib.h>
#include <string.h>

// 24 bytes an entry (48 before: at a million files the re-scan's table is the largest thing
// beside the library, issue 32 §6). A path is kept as its folder (a number: the folder's
// bytes are kept once) and its name (the arena held every whole path, 69 MB at a million
// photos, and holds their names, 31 MB). Names are in the arena in entry order, so a name's
// length is where the next one starts; the two flags are the folder number's top bits; the
// hash is worked out again when the slots grow (only when the expected count was short).
typedef struct {
  int64_t size;
  int64_t mtime_ns;
  uint32_t name_offset;       // into the arena
  uint32_t folder_and_flags;  // into `folders`, and the flags
} lb_stamp_entry;

/// A folder's path up to and with its last "/" (empty for a path without one).
typedef struct {
  uint32_t offset;  // into `folder_bytes`
  uint32_t length;
  uint32_t hash;
} lb_stamp_folder;

#define LB_STAMP_PHOTO 0x80000000u
#define LB_STAMP_TAKEN 0x40000000u
#define LB_STAMP_FOLDER 0x3FFFFFFFu
#define LB_STAMP_NO_FOLDER UINT32_MAX

struct lb_stamp_table {
  lb_stamp_entry *entries;
  size_t count, entry_capacity;
  uint8_t *arena;  // the names, in entry order
  size_t arena_used, arena_capacity;
  uint32_t *slots;  // entry number + 1; 0 is empty
  size_t slot_mask;
  lb_stamp_folder *folders;
  size_t folder_count, folder_capacity;
  uint8_t *folder_bytes;
  size_t folder_bytes_used, folder_bytes_capacity;
  uint32_t *folder_slots;  // folder number + 1; 0 is empty
  size_t folder_slot_mask;
};

/// FNV-1a over the bytes, 8 at a time where it can (paths share long prefixes, so every
/// byte must count), seeded with `seed` (a name's hash is seeded with its folder's number).
static uint32_t hash_bytes(const uint8_t *bytes, size_t length, uint64_t seed) {
  uint64_t hash = 0xcbf29ce484222325ULL ^ (seed * 0x9e3779b97f4a7c15ULL);
  size_t i = 0;
  for (; i + 8 <= length; i += 8) {
    uint64_t word;
    memcpy(&word, bytes + i, 8);
    hash = (hash ^ word) * 0x100000001b3ULL;
    hash ^= hash >> 29;
  }
  for (; i < length; i++) hash = (hash ^ bytes[i]) * 0x100000001b3ULL;
  hash ^= hash >> 32;
  return (uint32_t)((hash * 0x9e3779b97f4a7c15ULL) >> 32);
}

/// Where `path`'s name starts: after its last "/", or 0.
static size_t name_start(const uint8_t *path, size_t length) {
  for (size_t i = length; i > 0; i--) {
    if (path[i - 1] == '/') return i;
  }
  return 0;
}

/// A power-of-two slot array at least twice `wanted`, calloc'ed.
static uint32_t *new_slots(size_t wanted, size_t *mask) {
  size_t capacity = 1024;
  while (capacity < wanted * 2) capacity *= 2;
  uint32_t *slots = calloc(capacity, sizeof(uint32_t));
  if (slots) *mask = capacity - 1;
  return slots;
}

/// The length of entry `e`'s name: up to the next entry's name, or the arena's end.
static size_t entry_name_length(const lb_stamp_table *table, size_t e) {
  size_t end = e + 1 < table->count ? table->entries[e + 1].name_offset : table->arena_used;
  return end - table->entries[e].name_offset;
}

static uint32_t entry_hash(const lb_stamp_table *table, size_t e) {
  const lb_stamp_entry *entry = &table->entries[e];
  return hash_bytes(table->arena + entry->name_offset, entry_name_length(table, e),
                    entry->folder_and_flags & LB_STAMP_FOLDER);
}

static int grow_slots(lb_stamp_table *table, size_t wanted) {
  size_t mask;
  uint32_t *slots = new_slots(wanted, &mask);
  if (!slots) return -1;
  for (size_t e = 0; e < table->count; e++) {
    size_t slot = entry_hash(table, e) & mask;
    while (slots[slot]) slot = (slot + 1) & mask;
    slots[slot] = (uint32_t)(e + 1);
  }
  free(table->slots);
  table->slots = slots;
  table->slot_mask = mask;
  return 0;
}

static int grow_folder_slots(lb_stamp_table *table, size_t wanted) {
  size_t mask;
  uint32_t *slots = new_slots(wanted, &mask);
  if (!slots) return -1;
  for (size_t f = 0; f < table->folder_count; f++) {
    size_t slot = table->folders[f].hash & mask;
    while (slots[slot]) slot = (slot + 1) & mask;
    slots[slot] = (uint32_t)(f + 1);
  }
  free(table->folder_slots);
  table->folder_slots = slots;
  table->folder_slot_mask = mask;
  return 0;
}

lb_stamp_table *lb_stamp_table_create(size_t expected) {
  lb_stamp_table *table = calloc(1, sizeof(lb_stamp_table));
  if (!table) return NULL;
  table->entry_capacity = expected > 16 ? expected : 16;
  table->entries = malloc(table->entry_capacity * sizeof(lb_stamp_entry));
  // Room for names of 32 bytes on average; only what is written becomes resident.
  table->arena_capacity = table->entry_capacity * 32;
  table->arena = malloc(table->arena_capacity);
  table->folder_capacity = 64;
  table->folders = malloc(table->folder_capacity * sizeof(lb_stamp_folder));
  table->folder_bytes_capacity = 4096;
  table->folder_bytes = malloc(table->folder_bytes_capacity);
  if (!table->entries || !table->arena || !table->folders || !table->folder_bytes ||
      grow_slots(table, table->entry_capacity) != 0 || grow_folder_slots(table, 64) != 0) {
    lb_stamp_table_free(table);
    return NULL;
  }
  return table;
}

void lb_stamp_table_free(lb_stamp_table *table) {
  if (!table) return;
  free(table->entries);
  free(table->arena);
  free(table->slots);
  free(table->folders);
  free(table->folder_bytes);
  free(table->folder_slots);
  free(table);
}

/// Appends `length` bytes to the byte array `*bytes` (`*used` of `*capacity`); returns
/// their offset, or -1 when out of memory or past what 32 bits can point at.
static int64_t append_bytes(uint8_t **bytes, size_t *used, size_t *capacity,
                            const uint8_t *more, size_t length) {
  if (*used + length > UINT32_MAX) return -1;
  if (*used + length > *capacity) {
    size_t grown = *capacity * 2;
    while (grown < *used + length) grown *= 2;
    uint8_t *moved = realloc(*bytes, grown);
    if (!moved) return -1;
    *bytes = moved;
    *capacity = grown;
  }
  if (length) memcpy(*bytes + *used, more, length);
  size_t offset = *used;
  *used += length;
  return (int64_t)offset;
}

/// The folder slot holding `folder`, or the empty slot where it would go.
static size_t find_folder_slot(const lb_stamp_table *table, const uint8_t *folder,
                               size_t length, uint32_t hash) {
  size_t slot = hash & table->folder_slot_mask;
  for (;;) {
    uint32_t number = table->folder_slots[slot];
    if (!number) return slot;
    const lb_stamp_folder *known = &table->folders[number - 1];
    if (known->hash == hash && known->length == length &&
        (length == 0 || memcmp(table->folder_bytes + known->offset, folder, length) == 0)) {
      return slot;
    }
    slot = (slot + 1) & table->folder_slot_mask;
  }
}

/// The number of the folder `folder`, added when `add` is set; LB_STAMP_NO_FOLDER when it
/// is not there (or cannot be added).
static uint32_t folder_number(lb_stamp_table *table, const uint8_t *folder, size_t length,
                              int add) {
  uint32_t hash = hash_bytes(folder, length, 0);
  size_t slot = find_folder_slot(table, folder, length, hash);
  if (table->folder_slots[slot]) return table->folder_slots[slot] - 1;
  if (!add || table->folder_count >= LB_STAMP_FOLDER) return LB_STAMP_NO_FOLDER;
  if (table->folder_count == table->folder_capacity) {
    size_t capacity = table->folder_capacity * 2;
    lb_stamp_folder *folders = realloc(table->folders, capacity * sizeof(lb_stamp_folder));
    if (!folders) return LB_STAMP_NO_FOLDER;
    table->folders = folders;
    table->folder_capacity = capacity;
  }
  if ((table->folder_count + 1) * 2 > table->folder_slot_mask + 1) {
    if (grow_folder_slots(table, table->folder_count + 1) != 0) return LB_STAMP_NO_FOLDER;
    slot = find_folder_slot(table, folder, length, hash);
  }
  int64_t offset = append_bytes(&table->folder_bytes, &table->folder_bytes_used,
                                &table->folder_bytes_capacity, folder, length);
  if (offset < 0) return LB_STAMP_NO_FOLDER;
  table->folders[table->folder_count] =
      (lb_stamp_folder){.offset = (uint32_t)offset, .length = (uint32_t)length, .hash = hash};
  table->folder_count++;
  table->folder_slots[slot] = (uint32_t)table->folder_count;
  return (uint32_t)(table->folder_count - 1);
}

/// The slot holding the name `name` of folder number `folder`, or the empty slot where it
/// would go.
static size_t find_slot(const lb_stamp_table *table, uint32_t folder, const uint8_t *name,
                        size_t length, uint32_t hash) {
  size_t slot = hash & table->slot_mask;
  for (;;) {
    uint32_t number = table->slots[slot];
    if (!number) return slot;
    const lb_stamp_entry *entry = &table->entries[number - 1];
    if ((entry->folder_and_flags & LB_STAMP_FOLDER) == folder &&
        entry_name_length(table, number - 1) == length &&
        (length == 0 || memcmp(table->arena + entry->name_offset, name, length) == 0)) {
      return slot;
    }
    slot = (slot + 1) & table->slot_mask;
  }
}

int lb_stamp_table_add(lb_stamp_table *table, const uint8_t *path, size_t length,
                       int64_t size, int64_t mtime_ns, int is_photo) {
  size_t start = name_start(path, length);
  const uint8_t *name = path + start;
  size_t name_length = length - start;
  uint32_t folder = folder_number(table, path, start, 1);
  if (folder == LB_STAMP_NO_FOLDER) return -1;
  uint32_t hash = hash_bytes(name, name_length, folder);
  size_t slot = find_slot(table, folder, name, name_length, hash);
  if (table->slots[slot]) {
    lb_stamp_entry *entry = &table->entries[table->slots[slot] - 1];
    entry->size = size;
    entry->mtime_ns = mtime_ns;
    entry->folder_and_flags =
        (entry->folder_and_flags & ~LB_STAMP_PHOTO) | (is_photo ? LB_STAMP_PHOTO : 0);
    return 0;
  }
  if (table->count >= UINT32_MAX - 1) return -1;
  if (table->count == table->entry_capacity) {
    size_t capacity = table->entry_capacity * 2;
    lb_stamp_entry *entries = realloc(table->entries, capacity * sizeof(lb_stamp_entry));
    if (!entries) return -1;
    table->entries = entries;
    table->entry_capacity = capacity;
  }
  if ((table->count + 1) * 2 > table->slot_mask + 1) {
    if (grow_slots(table, table->count + 1) != 0) return -1;
    slot = find_slot(table, folder, name, name_length, hash);
  }
  int64_t offset = append_bytes(&table->arena, &table->arena_used, &table->arena_capacity,
                                name, name_length);
  if (offset < 0) return -1;
  table->entries[table->count] = (lb_stamp_entry){
      .size = size,
      .mtime_ns = mtime_ns,
      .name_offset = (uint32_t)offset,
      .folder_and_flags = folder | (is_photo ? LB_STAMP_PHOTO : 0),
  };
  table->count++;
  table->slots[slot] = (uint32_t)table->count;
  return 0;
}

int lb_stamp_table_take(lb_stamp_table *table, const uint8_t *path, size_t length,
                        int64_t *size, int64_t *mtime_ns, int *is_photo) {
  size_t start = name_start(path, length);
  uint32_t folder = folder_number(table, path, start, 0);
  if (folder == LB_STAMP_NO_FOLDER) return 0;
  const uint8_t *name = path + start;
  size_t name_length = length - start;
  size_t slot =
      find_slot(table, folder, name, name_length, hash_bytes(name, name_length, folder));
  if (!table->slots[slot]) return 0;
  lb_stamp_entry *entry = &table->entries[table->slots[slot] - 1];
  if (entry->folder_and_flags & LB_STAMP_TAKEN) return 0;
  entry->folder_and_flags |= LB_STAMP_TAKEN;
  *size = entry->size;
  *mtime_ns = entry->mtime_ns;
  *is_photo = (entry->folder_and_flags & LB_STAMP_PHOTO) != 0;
  return 1;
}

size_t lb_stamp_table_count(const lb_stamp_table *table) { return table->count; }

int lb_stamp_table_next_untaken(const lb_stamp_table *table, size_t *cursor,
                                const uint8_t **folder, size_t *folder_length,
                                const uint8_t **name, size_t *name_length_out) {
  while (*cursor < table->count) {
    size_t e = (*cursor)++;
    const lb_stamp_entry *entry = &table->entries[e];
    if (entry->folder_and_flags & LB_STAMP_TAKEN) continue;
    const lb_stamp_folder *known = &table->folders[entry->folder_and_flags & LB_STAMP_FOLDER];
    *folder = table->folder_bytes + known->offset;
    *folder_length = known->length;
    *name = table->arena + entry->name_offset;
    *name_length_out = entry_name_length(table, e);
    return 1;
  }
  return 0;
}

#include "stamp_table.h"

#include <stdlib.h>
#include <string.h>

// 32 bytes an entry (48 before: at a million files the re-scan's table is the largest thing
// beside the library, issue 32 §6): 32 bits of the hash (the slots use no more), and
// the two flags in the top bits of the length.
typedef struct {
  int64_t size;
  int64_t mtime_ns;
  size_t offset;  // into the arena
  uint32_t hash;
  uint32_t length_and_flags;
} lb_stamp_entry;

#define LB_STAMP_PHOTO 0x80000000u
#define LB_STAMP_TAKEN 0x40000000u
#define LB_STAMP_LENGTH 0x3FFFFFFFu

struct lb_stamp_table {
  lb_stamp_entry *entries;
  size_t count, entry_capacity;
  uint8_t *arena;
  size_t arena_used, arena_capacity;
  uint32_t *slots;  // entry number + 1; 0 is empty
  size_t slot_mask;
};

/// FNV-1a over the bytes, 8 at a time where it can (paths share long prefixes, so every
/// byte must count).
static uint32_t hash_bytes(const uint8_t *bytes, size_t length) {
  uint64_t hash = 0xcbf29ce484222325ULL;
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

static int grow_slots(lb_stamp_table *table, size_t wanted) {
  size_t capacity = 1024;
  while (capacity < wanted * 2) capacity *= 2;
  uint32_t *slots = calloc(capacity, sizeof(uint32_t));
  if (!slots) return -1;
  for (size_t e = 0; e < table->count; e++) {
    size_t slot = table->entries[e].hash & (capacity - 1);
    while (slots[slot]) slot = (slot + 1) & (capacity - 1);
    slots[slot] = (uint32_t)(e + 1);
  }
  free(table->slots);
  table->slots = slots;
  table->slot_mask = capacity - 1;
  return 0;
}

lb_stamp_table *lb_stamp_table_create(size_t expected) {
  lb_stamp_table *table = calloc(1, sizeof(lb_stamp_table));
  if (!table) return NULL;
  table->entry_capacity = expected > 16 ? expected : 16;
  table->entries = malloc(table->entry_capacity * sizeof(lb_stamp_entry));
  table->arena_capacity = table->entry_capacity * 64;
  table->arena = malloc(table->arena_capacity);
  if (!table->entries || !table->arena || grow_slots(table, table->entry_capacity) != 0) {
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
  free(table);
}

/// The slot holding `path`, or the empty slot where it would go.
static size_t find_slot(const lb_stamp_table *table, const uint8_t *path, size_t length,
                        uint32_t hash) {
  size_t slot = hash & table->slot_mask;
  for (;;) {
    uint32_t number = table->slots[slot];
    if (!number) return slot;
    const lb_stamp_entry *entry = &table->entries[number - 1];
    if (entry->hash == hash && (entry->length_and_flags & LB_STAMP_LENGTH) == length &&
        (length == 0 || memcmp(table->arena + entry->offset, path, length) == 0)) {
      return slot;
    }
    slot = (slot + 1) & table->slot_mask;
  }
}

int lb_stamp_table_add(lb_stamp_table *table, const uint8_t *path, size_t length,
                       int64_t size, int64_t mtime_ns, int is_photo) {
  if (length > LB_STAMP_LENGTH) return -1;
  uint32_t hash = hash_bytes(path, length);
  size_t slot = find_slot(table, path, length, hash);
  if (table->slots[slot]) {
    lb_stamp_entry *entry = &table->entries[table->slots[slot] - 1];
    entry->size = size;
    entry->mtime_ns = mtime_ns;
    entry->length_and_flags =
        (entry->length_and_flags & ~LB_STAMP_PHOTO) | (is_photo ? LB_STAMP_PHOTO : 0);
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
  if (table->arena_used + length > table->arena_capacity) {
    size_t capacity = table->arena_capacity * 2;
    while (capacity < table->arena_used + length) capacity *= 2;
    uint8_t *arena = realloc(table->arena, capacity);
    if (!arena) return -1;
    table->arena = arena;
    table->arena_capacity = capacity;
  }
  if ((table->count + 1) * 2 > table->slot_mask + 1) {
    if (grow_slots(table, table->count + 1) != 0) return -1;
    slot = find_slot(table, path, length, hash);
  }
  if (length) memcpy(table->arena + table->arena_used, path, length);
  table->entries[table->count] = (lb_stamp_entry){
      .size = size,
      .mtime_ns = mtime_ns,
      .offset = table->arena_used,
      .hash = hash,
      .length_and_flags = (uint32_t)length | (is_photo ? LB_STAMP_PHOTO : 0),
  };
  table->arena_used += length;
  table->count++;
  table->slots[slot] = (uint32_t)table->count;
  return 0;
}

int lb_stamp_table_take(lb_stamp_table *table, const uint8_t *path, size_t length,
                        int64_t *size, int64_t *mtime_ns, int *is_photo) {
  size_t slot = find_slot(table, path, length, hash_bytes(path, length));
  if (!table->slots[slot]) return 0;
  lb_stamp_entry *entry = &table->entries[table->slots[slot] - 1];
  if (entry->length_and_flags & LB_STAMP_TAKEN) return 0;
  entry->length_and_flags |= LB_STAMP_TAKEN;
  *size = entry->size;
  *mtime_ns = entry->mtime_ns;
  *is_photo = (entry->length_and_flags & LB_STAMP_PHOTO) != 0;
  return 1;
}

size_t lb_stamp_table_count(const lb_stamp_table *table) { return table->count; }

int lb_stamp_table_next_untaken(const lb_stamp_table *table, size_t *cursor,
                                const uint8_t **path, size_t *length) {
  while (*cursor < table->count) {
    const lb_stamp_entry *entry = &table->entries[(*cursor)++];
    if (entry->length_and_flags & LB_STAMP_TAKEN) continue;
    *path = table->arena + entry->offset;
    *length = entry->length_and_flags & LB_STAMP_LENGTH;
    return 1;
  }
  return 0;
}

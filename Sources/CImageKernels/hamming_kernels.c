#include "hamming_kernels.h"

// One body, compiled twice: with POPCNT (x86-64 with SSE4.2 and later) and without.
#define LB_RUN_PAIRS_BODY                                                                     \
  size_t found = 0;                                                                           \
  for (size_t x = a_start; x < a_end; x++) {                                                  \
    uint64_t xf = first[x], xs = second[x];                                                   \
    for (size_t y = same ? x + 1 : b_start; y < b_end; y++) {                                 \
      int d = __builtin_popcountll(xf ^ first[y]) + __builtin_popcountll(xs ^ second[y]);    \
      if (d <= radius) {                                                                      \
        if (found < capacity) {                                                               \
          out[2 * found] = (uint32_t)x;                                                       \
          out[2 * found + 1] = (uint32_t)y;                                                   \
        }                                                                                     \
        found++;                                                                              \
      }                                                                                       \
    }                                                                                         \
  }                                                                                           \
  return found;

static size_t run_pairs_plain(const uint64_t *first, const uint64_t *second, size_t a_start,
                              size_t a_end, size_t b_start, size_t b_end, int same, int radius,
                              uint32_t *out, size_t capacity) {
  LB_RUN_PAIRS_BODY
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
__attribute__((target("popcnt"))) static size_t
run_pairs_popcnt(const uint64_t *first, const uint64_t *second, size_t a_start, size_t a_end,
                 size_t b_start, size_t b_end, int same, int radius, uint32_t *out,
                 size_t capacity) {
  LB_RUN_PAIRS_BODY
}
#endif

size_t lb_hamming_run_pairs(const uint64_t *first, const uint64_t *second, size_t a_start,
                            size_t a_end, size_t b_start, size_t b_end, int same, int radius,
                            uint32_t *out, size_t capacity) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
  // Checked on every call: cheap (a load of what the runtime found at start-up).
  if (__builtin_cpu_supports("popcnt")) {
    return run_pairs_popcnt(first, second, a_start, a_end, b_start, b_end, same, radius, out,
                            capacity);
  }
#endif
  return run_pairs_plain(first, second, a_start, a_end, b_start, b_end, same, radius, out,
                         capacity);
}

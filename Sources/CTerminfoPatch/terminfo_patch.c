// Removing ncurses' scrolling capabilities from the loaded terminal description.
//
// ncurses scrolls lines (change scroll region + index, or insert/delete line) when a frame
// looks like the last one moved up or down. Pictures are written straight to the tty, so a
// scroll moves them with the text (xterm moved sixel tiles a row up when only the status
// line changed), and turning the optimisation off has no API. With the strings gone the
// scroll is impossible and ncurses writes the changed cells instead.
//
// ncurses keeps two copies of the description: the public TERMTYPE at the start of cur_term
// (term.h) and an internal TERMTYPE2 further on, which tigetstr and the update code read.
// Both start with term_names (the start of their string table) and str_table, equal; the
// internal one is the one whose string table holds the string tigetstr("csr") returns. Only
// arrays whose csr entry reads the same are edited, and the result is checked with
// tigetstr. Only the bytes glibc allocated for the structure are read.
#define NCURSES_WIDECHAR 1
#include <malloc.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <stdint.h>
#include <string.h>

#include "terminfo_patch.h"

// Indices in the Strings array, from term.h.
static const struct {
  const char *name;
  int index;
} capabilities[] = {
    {"csr", 3},   {"dl1", 22},  {"il1", 53}, {"dl", 106}, {"indn", 109},
    {"il", 110},  {"rin", 113}, {"ind", 129}, {"ri", 130},
};

static int absent(const char *s) { return s == NULL || s == (char *)-1; }

int lb_remove_scroll_capabilities(void) {
  uintptr_t *word = (uintptr_t *)cur_term;
  if (word == NULL) return 0;
  char *csr = tigetstr("csr");
  if (absent(csr)) return 0;
  size_t words = malloc_usable_size(word) / sizeof(uintptr_t);
  uintptr_t target = (uintptr_t)csr;
  uintptr_t arrays[64];
  size_t count = 0;
  for (size_t offset = 0; offset + 4 < words && count < 64; offset++) {
    if (word[offset] == 0 || word[offset] != word[offset + 1]) continue;
    if (target < word[offset] || target - word[offset] >= (1u << 16) || word[offset + 4] == 0)
      continue;
    arrays[count++] = word[offset + 4];
  }
  // The public copy too, for programs that read it (none here, but keep them equal).
  if (words > 4 && word[0] != 0 && word[0] == word[1] && word[4] != 0 && count < 64) {
    int seen = 0;
    for (size_t i = 0; i < count; i++) seen |= arrays[i] == word[4];
    if (!seen) arrays[count++] = word[4];
  }
  int found = 0;
  for (size_t i = 0; i < count; i++) {
    char **strings = (char **)arrays[i];
    char *current = strings[3];
    if (current == NULL || strcmp(current, csr) != 0) continue;
    if (current == csr) found = 1;
    for (size_t c = 0; c < sizeof capabilities / sizeof capabilities[0]; c++) {
      strings[capabilities[c].index] = NULL;
    }
  }
  if (!found) return 0;
  for (size_t c = 0; c < sizeof capabilities / sizeof capabilities[0]; c++) {
    if (!absent(tigetstr(capabilities[c].name))) return 0;
  }
  return 1;
}

#ifndef LIGHTBOX_CNCURSES_SHIM_H
#define LIGHTBOX_CNCURSES_SHIM_H
// Wide-character ncurses. NCURSES_WIDECHAR must be set before <curses.h> so the
// cchar_t / wide-string entry points are declared.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <langinfo.h>
#include <ncursesw/curses.h>
#include <sys/ioctl.h>

// Macros and globals are not visible to Swift; these inline functions reach them.
static inline WINDOW *lb_stdscr(void) { return stdscr; }
static inline WINDOW *lb_curscr(void) { return curscr; }
static inline int lb_lines(void) { return LINES; }
static inline int lb_cols(void) { return COLS; }
static inline int lb_colors(void) { return COLORS; }
static inline int lb_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t lb_color_pair(int n) { return (attr_t)COLOR_PAIR(n); }
static inline attr_t lb_a_bold(void) { return A_BOLD; }
static inline attr_t lb_a_reverse(void) { return A_REVERSE; }
static inline attr_t lb_a_dim(void) { return A_DIM; }
static inline attr_t lb_a_underline(void) { return A_UNDERLINE; }
static inline attr_t lb_a_normal(void) { return A_NORMAL; }
static inline int lb_key_resize(void) { return KEY_RESIZE; }
static inline int lb_key_mouse(void) { return KEY_MOUSE; }
static inline int lb_err(void) { return ERR; }
static inline void lb_set_escdelay(int ms) { set_escdelay(ms); }
// Bytes waiting on `fd` (FIONREAD; ioctl is variadic, out of Swift's reach): the key pipe
// curses reads from. 0 when it cannot tell.
static inline int lb_pending_input(int fd) {
  int n = 0;
  return ioctl(fd, FIONREAD, &n) == 0 ? n : 0;
}
static inline FILE *lb_stdout(void) { return stdout; }
static inline FILE *lb_stdin(void) { return stdin; }
static inline const char *lb_codeset(void) { return nl_langinfo(CODESET); }
static inline int lb_getcury(WINDOW *w) { return getcury(w); }
static inline int lb_getcurx(WINDOW *w) { return getcurx(w); }
// Mouse: clicks, double-clicks and the wheel (buttons 4 and 5).
static inline mmask_t lb_mouse_mask(void) {
  return BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED;
}
// Reads the pending mouse event: 1 click, 2 double-click, 3 wheel up, 4 wheel down, 0 none.
static inline int lb_read_mouse(int *row, int *column) {
  MEVENT event;
  if (getmouse(&event) != OK) return 0;
  *row = event.y;
  *column = event.x;
  if (event.bstate & BUTTON1_DOUBLE_CLICKED) return 2;
  if (event.bstate & BUTTON1_CLICKED) return 1;
  if (event.bstate & BUTTON4_PRESSED) return 3;
  if (event.bstate & BUTTON5_PRESSED) return 4;
  return 0;
}
#endif

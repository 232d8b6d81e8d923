#ifndef LIGHTBOX_TERMINFO_PATCH_H
#define LIGHTBOX_TERMINFO_PATCH_H

/// Removes the scrolling capabilities (csr, ind, ri, indn, rin, il, il1, dl, dl1) from the
/// terminal description ncurses loaded, so that its update never scrolls lines: a scroll
/// would move sixel pictures along with the text (see terminfo_patch.c for the why and how).
/// Call after newterm/initscr. Returns 1 when every capability now reads as absent.
int lb_remove_scroll_capabilities(void);

#endif

#ifndef LIGHTBOX_TERMINAL_GUARD_H
#define LIGHTBOX_TERMINAL_GUARD_H
#include <stddef.h>

/// Remembers the terminal settings of `fd` and installs signal handlers so the terminal is
/// restored whatever ends the program.
///
/// SIGINT, SIGTERM, SIGHUP and SIGQUIT are not fatal: the handler records the signal and
/// writes one byte to the wake pipe so the run loop quits through its normal path
/// (endwin). Crash signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) write
/// `restore` to `fd`, put back the saved termios, and re-raise with the previous handler.
/// Everything a handler does is async-signal-safe (write, tcsetattr, sigaction, raise).
/// Returns the read end of the wake pipe, or -1.
int lb_guard_install(int fd, const char *restore, size_t restore_length);

/// The last non-fatal signal received (0 when none) and clears it.
int lb_guard_take_signal(void);

/// True while a SIGTERM or SIGHUP is pending (not yet taken): output still to be written
/// should be dropped, since nobody may be reading it (a harness that stopped reading and
/// waits for the exit, a terminal that is gone) and a write would block the exit forever.
int lb_guard_leaving(void);

/// Writes one byte to the wake pipe (safe from any thread) to wake the run loop.
void lb_guard_wake(void);

/// Drains the wake pipe (non-blocking).
void lb_guard_drain(void);

/// Restores the saved termios and writes the restore sequence now (idempotent).
void lb_guard_restore(void);

/// Removes the handlers (after a normal shutdown).
void lb_guard_uninstall(void);

/// True (once) when SIGTSTP (Ctrl-Z) arrived since the last call: the run loop should give
/// the terminal back (endwin) and call lb_guard_suspend_now.
///
/// The SIGTSTP handler is installed by lb_guard_install unless SIGTSTP was ignored (a
/// shell without job control); it only records the signal and wakes the run loop.
int lb_guard_take_suspend(void);

/// Stops the process as SIGTSTP's default action would, and returns after SIGCONT (`fg`)
/// with the handler in place again. Call only with the terminal already given back.
void lb_guard_suspend_now(void);

/// While `hold` is 1, SIGINT and SIGQUIT are ignored (another program in the foreground
/// has the terminal and Ctrl-C is its); 0 puts the guard's handler back.
void lb_guard_hold_interrupts(int hold);

/// Saves the current termios of the guarded fd again (after SIGCONT, say).
void lb_guard_resave(void);
#endif

// Terminal restore that works even when Swift cannot run any more: a crash signal handler
// must only call async-signal-safe functions, which is easiest to guarantee in C.
#include "terminal_guard.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#define LB_RESTORE_MAX 256

static int guard_fd = -1;
static char restore_bytes[LB_RESTORE_MAX];
static size_t restore_len = 0;
static struct termios saved_termios;
static int have_termios = 0;
static int wake_pipe[2] = {-1, -1};
static volatile sig_atomic_t pending_signal = 0;
static volatile sig_atomic_t restored = 0;
static volatile sig_atomic_t pending_suspend = 0;
static struct sigaction old_tstp;
static int tstp_installed = 0;

static const int soft_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define N_SOFT (sizeof soft_signals / sizeof soft_signals[0])
#define N_CRASH (sizeof crash_signals / sizeof crash_signals[0])
static struct sigaction old_soft[N_SOFT];
static struct sigaction old_crash[N_CRASH];
static int installed = 0;

static void write_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return;
    }
    p += w;
    n -= (size_t)w;
  }
}

void lb_guard_restore(void) {
  if (restored) return;
  restored = 1;
  if (guard_fd >= 0 && restore_len > 0) write_all(guard_fd, restore_bytes, restore_len);
  if (guard_fd >= 0 && have_termios) tcsetattr(guard_fd, TCSAFLUSH, &saved_termios);
}

static void on_soft_signal(int sig) {
  int saved_errno = errno;
  pending_signal = sig;
  // Told to go while a write may be blocked on a full tty (this handler may run on another
  // thread, so that write is not interrupted): drop what the terminal has not read, so the
  // blocked write finishes and the run loop sees the signal (lb_guard_leaving).
  if ((sig == SIGTERM || sig == SIGHUP) && guard_fd >= 0) tcflush(guard_fd, TCOFLUSH);
  if (wake_pipe[1] >= 0) {
    char b = 's';
    (void)write(wake_pipe[1], &b, 1);
  }
  errno = saved_errno;
}

// Ctrl-Z: curses must give the terminal back before the process stops, which is not
// async-signal-safe, so the handler only asks the run loop to do it (lb_guard_suspend_now).
static void on_suspend_signal(int sig) {
  (void)sig;
  int saved_errno = errno;
  pending_suspend = 1;
  if (wake_pipe[1] >= 0) {
    char b = 'z';
    (void)write(wake_pipe[1], &b, 1);
  }
  errno = saved_errno;
}

static void install_suspend_handler(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sigemptyset(&sa.sa_mask);
  sa.sa_handler = on_suspend_signal;
  sigaction(SIGTSTP, &sa, NULL);
}

static void on_crash_signal(int sig) {
  lb_guard_restore();
  // Put back whatever handled this signal before us (the Swift runtime's backtracer, or
  // the default action) and raise again so the crash is reported as usual.
  for (size_t i = 0; i < N_CRASH; i++) {
    if (crash_signals[i] == sig) sigaction(sig, &old_crash[i], NULL);
  }
  raise(sig);
}

int lb_guard_install(int fd, const char *restore, size_t restore_length) {
  guard_fd = fd;
  if (restore_length > LB_RESTORE_MAX) restore_length = LB_RESTORE_MAX;
  memcpy(restore_bytes, restore, restore_length);
  restore_len = restore_length;
  have_termios = tcgetattr(fd, &saved_termios) == 0;
  restored = 0;
  if (wake_pipe[0] < 0) {
    if (pipe(wake_pipe) != 0) return -1;
    for (int i = 0; i < 2; i++) {
      fcntl(wake_pipe[i], F_SETFL, fcntl(wake_pipe[i], F_GETFL) | O_NONBLOCK);
      fcntl(wake_pipe[i], F_SETFD, FD_CLOEXEC);
    }
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sigemptyset(&sa.sa_mask);
  sa.sa_handler = on_soft_signal;
  for (size_t i = 0; i < N_SOFT; i++) sigaction(soft_signals[i], &sa, &old_soft[i]);
  // Installed before curses starts, so ncurses keeps its own SIGTSTP handler out (it
  // only takes a signal left at SIG_DFL). A shell without job control starts us with
  // SIGTSTP ignored: then it stays ignored.
  sigaction(SIGTSTP, NULL, &old_tstp);
  tstp_installed = old_tstp.sa_handler != SIG_IGN;
  pending_suspend = 0;
  if (tstp_installed) install_suspend_handler();
  sa.sa_handler = on_crash_signal;
  sa.sa_flags = SA_RESETHAND;
  for (size_t i = 0; i < N_CRASH; i++) sigaction(crash_signals[i], &sa, &old_crash[i]);
  installed = 1;
  return wake_pipe[0];
}

int lb_guard_leaving(void) {
  int s = pending_signal;
  return s == SIGTERM || s == SIGHUP;
}

int lb_guard_take_signal(void) {
  int s = pending_signal;
  pending_signal = 0;
  return s;
}

void lb_guard_wake(void) {
  if (wake_pipe[1] >= 0) {
    char b = 'w';
    (void)write(wake_pipe[1], &b, 1);
  }
}

void lb_guard_drain(void) {
  char buf[64];
  if (wake_pipe[0] < 0) return;
  while (read(wake_pipe[0], buf, sizeof buf) > 0) {
  }
}

int lb_guard_take_suspend(void) {
  int s = pending_suspend;
  pending_suspend = 0;
  return s;
}

void lb_guard_suspend_now(void) {
  // The default action of SIGTSTP stops the whole process; it runs when the signal is
  // raised with SIG_DFL in place and unblocked. Execution continues here after SIGCONT.
  struct sigaction dfl;
  memset(&dfl, 0, sizeof dfl);
  sigemptyset(&dfl.sa_mask);
  dfl.sa_handler = SIG_DFL;
  sigaction(SIGTSTP, &dfl, NULL);
  sigset_t set, old;
  sigemptyset(&set);
  sigaddset(&set, SIGTSTP);
  pthread_sigmask(SIG_UNBLOCK, &set, &old);
  raise(SIGTSTP);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (installed && tstp_installed) install_suspend_handler();
  pending_suspend = 0;
}

void lb_guard_hold_interrupts(int hold) {
  if (!installed) return;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sigemptyset(&sa.sa_mask);
  sa.sa_handler = hold ? SIG_IGN : on_soft_signal;
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGQUIT, &sa, NULL);
}

void lb_guard_resave(void) {
  if (guard_fd >= 0) have_termios = tcgetattr(guard_fd, &saved_termios) == 0;
}

void lb_guard_uninstall(void) {
  if (!installed) return;
  for (size_t i = 0; i < N_SOFT; i++) sigaction(soft_signals[i], &old_soft[i], NULL);
  for (size_t i = 0; i < N_CRASH; i++) sigaction(crash_signals[i], &old_crash[i], NULL);
  if (tstp_installed) sigaction(SIGTSTP, &old_tstp, NULL);
  tstp_installed = 0;
  installed = 0;
}

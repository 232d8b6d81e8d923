// Process isolation for the decode worker (see docs/DECISIONS.md, 2026-11-25). C because
// prctl is variadic (Swift cannot call it) and a seccomp filter is a table of BPF macros.
#define _GNU_SOURCE
#include "process_sandbox.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

int lb_sandbox_channel(int fds[2]) {
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return errno;
  // A parent started with 0, 1 or 2 closed would get one of them here; the spawn's dup2
  // onto 0 and 1 must never be a dup2 of a descriptor onto itself (which keeps CLOEXEC).
  for (int i = 0; i < 2; i++) {
    if (fds[i] < 3) {
      int moved = fcntl(fds[i], F_DUPFD_CLOEXEC, 3);
      if (moved < 0) {
        int error = errno;
        close(fds[0]);
        close(fds[1]);
        return error;
      }
      close(fds[i]);
      fds[i] = moved;
    }
  }
  // A 256 px tile is 256 KB of RGBA; bigger buffers mean fewer round trips per reply.
  int size = 1 << 20;
  for (int i = 0; i < 2; i++) {
    (void)setsockopt(fds[i], SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
    (void)setsockopt(fds[i], SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
  }
  return 0;
}

int lb_sandbox_spawn(const char *path, char *const argv[], char *const envp[], int channel,
                     pid_t *pid) {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  int error = posix_spawn_file_actions_init(&actions);
  if (error != 0) return error;
  error = posix_spawnattr_init(&attributes);
  if (error != 0) {
    posix_spawn_file_actions_destroy(&actions);
    return error;
  }
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  // The browser ignores or catches signals the worker must not inherit (the terminal
  // guard's handlers are reset by exec anyway; ignored ones would not be).
  if (error == 0) error = posix_spawnattr_setsigmask(&attributes, &none);
  if (error == 0) error = posix_spawnattr_setsigdefault(&attributes, &all);
  if (error == 0)
    error = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  if (error == 0) error = posix_spawn_file_actions_adddup2(&actions, channel, 0);
  if (error == 0) error = posix_spawn_file_actions_adddup2(&actions, channel, 1);
  if (error == 0)
    error = posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  // Descriptors the browser opened without O_CLOEXEC (or opened on another thread while
  // this one spawned) never reach the worker.
  if (error == 0) error = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
  if (error == 0) error = posix_spawn(pid, path, &actions, &attributes, argv, envp);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  return error;
}

int lb_sandbox_parent_death_signal(int signal) {
  return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0, 0, 0) == 0 ? 0 : errno;
}

int lb_sandbox_no_new_privs(void) {
  return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 ? 0 : errno;
}

int lb_sandbox_close_from(int lowest) {
#ifdef SYS_close_range
  if (syscall(SYS_close_range, (unsigned)lowest, ~0U, 0) == 0) return 0;
#endif
  DIR *dir = opendir("/proc/self/fd");
  if (dir == NULL) return errno;
  int own = dirfd(dir);
  struct dirent *entry;
  while ((entry = readdir(dir)) != NULL) {
    int fd = atoi(entry->d_name);
    if (entry->d_name[0] >= '0' && entry->d_name[0] <= '9' && fd >= lowest && fd != own) {
      close(fd);
    }
  }
  closedir(dir);
  return 0;
}

static int set_limit(int resource, rlim_t soft, rlim_t hard) {
  struct rlimit limit = {soft, hard};
  return setrlimit(resource, &limit) == 0 ? 0 : errno;
}

int lb_sandbox_limits(uint64_t address_space_bytes, uint64_t cpu_seconds) {
  int error = set_limit(RLIMIT_AS, address_space_bytes, address_space_bytes);
  if (error == 0) error = set_limit(RLIMIT_CPU, cpu_seconds, cpu_seconds + 5);
  if (error == 0) error = set_limit(RLIMIT_CORE, 0, 0);
  if (error == 0) error = set_limit(RLIMIT_FSIZE, 0, 0);
  if (error == 0) error = set_limit(RLIMIT_NOFILE, 16, 16);
  return error;
}

#if defined(__x86_64__)
#define LB_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define LB_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

#define LB_ALLOW(nr) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), \
                     BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)
#define LB_ARG_LOW(n) offsetof(struct seccomp_data, args[n])

int lb_sandbox_seccomp(void) {
#ifndef LB_AUDIT_ARCH
  return ENOSYS;
#else
  struct sock_filter filter[] = {
    // Another architecture's syscall numbers would mean other calls: refuse them all.
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, LB_AUDIT_ARCH, 1, 0),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
    // write: only to standard output (the reply) and standard error (/dev/null).
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_write, 0, 4),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, LB_ARG_LOW(0)),
    BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 3, 1, 0),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
    // openat: read-only (no O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_APPEND).
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_openat, 0, 4),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, LB_ARG_LOW(2)),
    BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND, 0, 1),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    // clone: threads only (decoders such as dav1d and libde265 decode on several); a new
    // process (no CLONE_THREAD) is refused. clone3 passes its flags in memory a filter cannot
    // read, so it fails with ENOSYS and glibc falls back to clone.
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 4),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, LB_ARG_LOW(0)),
    BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 1, 0),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
#ifdef SYS_clone3
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone3, 0, 1),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
#endif
    // prctl: only PR_SET_NAME (dav1d names its threads "dav1d-worker"; seen with strace
    // when every AVIF crashed with SIGSYS).
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_prctl, 0, 4),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, LB_ARG_LOW(0)),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, PR_SET_NAME, 0, 1),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
    // fcntl: only F_GETFD and F_SETFD (FFmpeg's file protocol sets FD_CLOEXEC on the file
    // it opens; every video crashed with SIGSYS without it).
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_fcntl, 0, 5),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, LB_ARG_LOW(1)),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, F_SETFD, 2, 0),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, F_GETFD, 1, 0),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    // sysinfo: glibc's qsort asks for the physical memory size (libtiff sorts its
    // directory entries; every TIFF crashed with SIGSYS without it). Read-only.
    LB_ALLOW(SYS_sysinfo),
    LB_ALLOW(SYS_set_robust_list),
#ifdef SYS_rseq
    LB_ALLOW(SYS_rseq),
#endif
    LB_ALLOW(SYS_sched_getaffinity),
    LB_ALLOW(SYS_read),
    LB_ALLOW(SYS_pread64),
    LB_ALLOW(SYS_readv),
    LB_ALLOW(SYS_close),
    LB_ALLOW(SYS_fstat),
    LB_ALLOW(SYS_newfstatat),
#ifdef SYS_statx
    LB_ALLOW(SYS_statx),
#endif
#ifdef SYS_stat
    LB_ALLOW(SYS_stat),
#endif
    LB_ALLOW(SYS_lseek),
    LB_ALLOW(SYS_mmap),
    LB_ALLOW(SYS_munmap),
    LB_ALLOW(SYS_mremap),
    LB_ALLOW(SYS_mprotect),
    LB_ALLOW(SYS_madvise),
    LB_ALLOW(SYS_brk),
    LB_ALLOW(SYS_futex),
    LB_ALLOW(SYS_clock_gettime),
    LB_ALLOW(SYS_getrusage),
    LB_ALLOW(SYS_getpid),
    LB_ALLOW(SYS_gettid),
    // abort(): block signals, raise SIGABRT at itself.
    LB_ALLOW(SYS_rt_sigprocmask),
    LB_ALLOW(SYS_rt_sigaction),
    LB_ALLOW(SYS_rt_sigreturn),
    LB_ALLOW(SYS_tgkill),
    LB_ALLOW(SYS_sched_yield),
    LB_ALLOW(SYS_exit),
    LB_ALLOW(SYS_exit_group),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
  };
  struct sock_fprog program = {(unsigned short)(sizeof filter / sizeof filter[0]), filter};
  if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0) != 0) return errno;
  return 0;
#endif
}

uint64_t lb_sandbox_cpu_milliseconds(void) {
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return (uint64_t)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000 +
         (uint64_t)(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000;
}

static void *lb_probe_thread_main(void *argument) { return argument; }

int lb_sandbox_probe_thread(void) {
  pthread_t thread;
  int error = pthread_create(&thread, NULL, lb_probe_thread_main, NULL);
  if (error != 0) return error;
  return pthread_join(thread, NULL);
}

int lb_sandbox_probe_open_for_writing(void) {
  int fd = open("/dev/null", O_WRONLY);
  if (fd < 0) return errno;
  close(fd);
  return 0;
}

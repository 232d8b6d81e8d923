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
#include <string.h>
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

int lb_sandbox_is_single_threaded(void) {
  int fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char text[1024];
  ssize_t n = read(fd, text, sizeof text - 1);
  close(fd);
  if (n <= 0) return 0;
  text[n] = '\0';
  // "pid (comm) state ppid ..." — comm may hold spaces and parentheses, so fields are
  // counted from the last ')'; num_threads is field 20, the 18th after it.
  char *field = strrchr(text, ')');
  if (field == NULL) return 0;
  for (int i = 0; i < 18 && field != NULL; i++) field = strchr(field + 1, ' ');
  return field != NULL && strtol(field + 1, NULL, 10) == 1;
}

/// The cores this process may run on when it forked a worker, for the worker to take back.
static cpu_set_t forked_affinity;
static int forked_affinity_saved;

pid_t lb_sandbox_fork_worker(int *parent_channel) {
  if (!lb_sandbox_is_single_threaded()) {
    errno = EBUSY;
    return -1;
  }
  forked_affinity_saved = sched_getaffinity(0, sizeof forked_affinity, &forked_affinity) == 0;
  int fds[2];
  int error = lb_sandbox_channel(fds);
  if (error != 0) {
    errno = error;
    return -1;
  }
  pid_t pid = fork();
  if (pid < 0) {
    error = errno;
    close(fds[0]);
    close(fds[1]);
    errno = error;
    return -1;
  }
  if (pid > 0) {
    close(fds[1]);
    // Linux queues a new child on its parent's core, and the parent runs on: the child
    // started only at the next load balance, 2–5 ms later on a 2-core VM (Benchmarks/door),
    // with the other core idle. Barred from this core it moves at once; it takes back every
    // core once its libraries are loaded (lb_sandbox_restore_affinity).
    int here = sched_getcpu();
    if (here >= 0 && forked_affinity_saved && CPU_COUNT(&forked_affinity) > 1 &&
        CPU_ISSET(here, &forked_affinity)) {
      cpu_set_t others = forked_affinity;
      CPU_CLR(here, &others);
      (void)sched_setaffinity(pid, sizeof others, &others);
    }
    *parent_channel = fds[0];
    return pid;
  }
  // The child: what posix_spawn's file actions and attributes do for a spawned worker. A
  // step that fails ends it; the parent sees its channel close and says so for the file.
  int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
  // A parent started with 0, 1 or 2 closed gets /dev/null there; the dup2s below replace it.
  if (null >= 0 && null < 3) null = fcntl(null, F_DUPFD_CLOEXEC, 3);
  if (null < 0 || dup2(fds[1], 0) < 0 || dup2(fds[1], 1) < 0 || dup2(null, 2) < 0) _exit(127);
  if (lb_sandbox_close_from(3) != 0) _exit(127);
  struct sigaction standard = {0};
  standard.sa_handler = SIG_DFL;
  sigemptyset(&standard.sa_mask);
  for (int signal = 1; signal < NSIG; signal++) (void)sigaction(signal, &standard, NULL);
  sigset_t none;
  sigemptyset(&none);
  (void)sigprocmask(SIG_SETMASK, &none, NULL);
  (void)prctl(PR_SET_NAME, (unsigned long)"lightbox-decode", 0, 0, 0);
  return 0;
}

int lb_sandbox_cpu_count(void) {
  cpu_set_t cores;
  if (sched_getaffinity(0, sizeof cores, &cores) != 0) return 1;
  int count = CPU_COUNT(&cores);
  return count > 0 ? count : 1;
}

void lb_sandbox_restore_affinity(void) {
  if (forked_affinity_saved) {
    (void)sched_setaffinity(0, sizeof forked_affinity, &forked_affinity);
  }
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
    // statfs and access fail as if the path were not there, doing nothing: libselinux, which
    // libavcodec brings in (through GLib's libgio), looks for SELinux in its constructor
    // (statfs /sys/fs/selinux and /selinux, access /etc/selinux/config), and FFmpeg's HEVC
    // decoder is loaded inside the sandbox for a phone's HEIC (the worker died of SIGSYS).
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_statfs, 0, 1),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOENT),
#ifdef SYS_access
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_access, 0, 1),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOENT),
#endif
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_faccessat, 0, 1),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOENT),
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

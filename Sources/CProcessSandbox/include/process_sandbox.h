#ifndef LIGHTBOX_PROCESS_SANDBOX_H
#define LIGHTBOX_PROCESS_SANDBOX_H
#include <stdint.h>
#include <sys/types.h>

/// Makes the two ends of a decode worker's channel: a Unix stream socket pair, both ends
/// close-on-exec, with larger buffers so a thumbnail's pixels cross in few wake-ups.
/// A socket rather than two pipes so the parent can write with MSG_NOSIGNAL: a dead worker
/// is an EPIPE, never a SIGPIPE for the browser. Returns 0 or an errno value.
int lb_sandbox_channel(int fds[2]);

/// Starts `path` with `argv` and `envp` (NULL-terminated) through posix_spawn, with
/// `channel` as its standard input and output, /dev/null as its standard error, every other
/// descriptor closed, an empty signal mask and default signal actions. Returns 0 or an
/// errno value; the child's pid in `pid`.
int lb_sandbox_spawn(const char *path, char *const argv[], char *const envp[], int channel,
                     pid_t *pid);

/// True when this process runs one thread (/proc/self/stat), the only state in which a
/// child made by fork() may go on to run arbitrary code: another thread's locks would be
/// held forever in the child.
int lb_sandbox_is_single_threaded(void);

/// Forks a decode worker from this process while it runs one thread, instead of starting the
/// worker program: the child skips an exec, the dynamic loader and the runtime's start. In
/// the child (return value 0) `channel` is its standard input and output, /dev/null its
/// standard error, every other descriptor closed, the signal mask empty and every signal's
/// action the default (no crash handler of the parent's runtime), the name
/// "lightbox-decode". In the parent the return value is the child's pid and
/// `*parent_channel` its end. Returns -1 with errno set when this process runs more than one
/// thread (EBUSY) or a step failed.
pid_t lb_sandbox_fork_worker(int *parent_channel);

/// In a worker made by lb_sandbox_fork_worker: may run on every core its parent could
/// again (the parent barred the core it ran on, so the new child would not wait behind it).
/// Does nothing in any other process.
void lb_sandbox_restore_affinity(void);

/// The cores this process may run on (sched_getaffinity), at least 1: one system call, where
/// Foundation's `activeProcessorCount` also reads the cgroup's CPU quota through its file API
/// (0.1 ms at a command's start, before its first worker is forked).
int lb_sandbox_cpu_count(void);

/// Asks the kernel to send `signal` to this process when the thread that spawned it exits
/// (prctl PR_SET_PDEATHSIG). Returns 0 or an errno value.
int lb_sandbox_parent_death_signal(int signal);

/// prctl(PR_SET_NO_NEW_PRIVS): exec can never gain privileges (and seccomp may be
/// installed without CAP_SYS_ADMIN). Returns 0 or an errno value.
int lb_sandbox_no_new_privs(void);

/// Closes every descriptor from `lowest` up (close_range, else /proc/self/fd).
/// Returns 0 or an errno value.
int lb_sandbox_close_from(int lowest);

/// Sets the worker's resource limits: address space (bytes), CPU time (seconds; the hard
/// limit a few seconds above, so SIGXCPU comes first), no core files, no file writes, a
/// handful of descriptors. Returns 0 or the errno of the first that failed.
int lb_sandbox_limits(uint64_t address_space_bytes, uint64_t cpu_seconds);

/// Installs the seccomp filter of a decode worker: reading files (openat read-only),
/// reading its requests, writing replies to descriptors 1 and 2, memory management,
/// futexes, time and exiting. Anything else kills the process (SIGSYS).
/// Returns 0 or an errno value.
int lb_sandbox_seccomp(void);

/// CPU time this process has used, user plus system, in milliseconds.
uint64_t lb_sandbox_cpu_milliseconds(void);

/// Test hook: starts a thread and joins it (the filter allows decoders' threads).
/// Returns 0 or an errno value.
int lb_sandbox_probe_thread(void);

/// Test hook: opens /dev/null for writing, which the filter answers with SIGSYS.
/// Returns 0 (no filter) or an errno value.
int lb_sandbox_probe_open_for_writing(void);

#endif

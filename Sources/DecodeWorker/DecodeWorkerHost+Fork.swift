import CProcessSandbox
import Decoders

#if canImport(Glibc)
  import Glibc
#endif

extension DecodeWorkerHost {
  /// Starts a worker of `kind` by forking this process rather than starting the worker
  /// program, for a command that was given a risky file: the first thing `main` does.
  ///
  /// A started worker pays an exec, the dynamic loader's relocations and the runtime's start
  /// before it loads its decoders, and the command's own start comes before the spawn; a fork
  /// at the top of `main` has the child loading libheif while the parent still parses its
  /// arguments (Benchmarks/door; DECISIONS.md, 2026-11-29). The child runs the worker's loop
  /// and sandbox as a started one does, with the same limits, environment and wire.
  ///
  /// Returns true when the worker was made (it waits as an idle worker of `kind`). False,
  /// with nothing done, when this process already runs a second thread (a fork would copy
  /// its locks held forever), when the configuration gives the workers other arguments or
  /// environment than a plain worker's, or when `kind` has its most workers; the command's
  /// `prewarm` starts one then. In the child it never returns.
  public func forkWorker(_ kind: DecodeWorkerKind) -> Bool {
    guard configuration.environment.isEmpty,
      configuration.arguments.allSatisfy({ $0 != "--max-memory-mb" && $0 != "--cpu-seconds" })
    else { return false }
    return adopt(kind) {
      var channel: Int32 = -1
      let pid = lb_sandbox_fork_worker(&channel)
      if pid == 0 { DecodeWorkerLoop.run(limits: .standard, kind: kind, forked: true) }
      return pid > 0 ? DecodeWorkerProcess(pid: pid, channel: channel) : nil
    }
  }
}

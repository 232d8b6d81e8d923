import Pixels
import Decoders
import CProcessSandbox
import Foundation

/// What the decode worker gives up before it reads its first request: the parent's death
/// ends it, no descriptor but 0, 1 and 2, limits on memory and CPU time, no new privileges
/// and a seccomp filter (see docs/DECISIONS.md, 2026-11-25).
public enum DecodeWorkerSandbox {
  /// The worker's resource limits.
  public struct Limits: Sendable, Equatable {
    /// RLIMIT_AS. 2 GiB holds the largest image the pixel budget lets through (200 MP of
    /// RGBA is 800 MB) with the decoder's own buffers; an idle worker has 86 MB of address
    /// space (the runtime and the linked libraries).
    public var addressSpaceMiB: Int
    /// RLIMIT_CPU, over the worker's whole life; it retires (exits after a reply) at half.
    public var cpuSeconds: Int

    public init(addressSpaceMiB: Int, cpuSeconds: Int) {
      self.addressSpaceMiB = addressSpaceMiB
      self.cpuSeconds = cpuSeconds
    }

    public static let standard = Limits(addressSpaceMiB: 2048, cpuSeconds: 120)
  }

  /// Enters the sandbox; returns what failed (a step and the system's reason), or nil.
  /// Nothing after this may open a file for writing, start a process or touch the network.
  static func enter(limits: Limits) -> String? {
    // SIGKILL when the browser goes; if it went before this line, stop now.
    if let failed = step("parent death signal", lb_sandbox_parent_death_signal(SIGKILL)) {
      return failed
    }
    // _exit: a forked worker must not run its command's exit handlers.
    if getppid() == 1 { _exit(0) }
    if let failed = step("closing descriptors", lb_sandbox_close_from(3)) { return failed }
    let bytes = UInt64(limits.addressSpaceMiB) << 20
    if let failed = step("resource limits", lb_sandbox_limits(bytes, UInt64(limits.cpuSeconds))) {
      return failed
    }
    if let failed = step("no new privileges", lb_sandbox_no_new_privs()) { return failed }
    return step("seccomp filter", lb_sandbox_seccomp())
  }

  private static func step(_ name: String, _ error: Int32) -> String? {
    error == 0 ? nil : "\(name): \(String(cString: strerror(error)))"
  }
}

import CProcessSandbox
import Decoders
import Foundation
import Pixels

extension DecodeWorkerHost {
  /// Which program the workers run and how long a file may take.
  public struct Configuration: Sendable {
    /// The program to start (the app passes `/proc/self/exe`, itself).
    public var executable: String
    /// Its arguments (the app passes `["decode-worker"]`).
    public var arguments: [String]
    /// Wall-clock time one file may take, reply included, before its worker is killed.
    public var deadline: DispatchTimeInterval
    /// Most workers at once (one per core, at most 2: risky formats are a minority of a
    /// library, and each worker may hold up to its address-space limit). The cores are this
    /// process's affinity, not Foundation's quota-aware count, which costs a command 0.1 ms
    /// before it forks its first worker; at most two workers makes the difference moot.
    public var maxWorkers: Int
    /// Variables added to the workers' environment (tests turn on the decoder hooks).
    public var environment: [String: String]

    public init(
      executable: String, arguments: [String] = ["decode-worker"],
      deadline: DispatchTimeInterval = .seconds(10),
      maxWorkers: Int = min(2, Int(lb_sandbox_cpu_count())),
      environment: [String: String] = [:]
    ) {
      self.executable = executable
      self.arguments = arguments
      self.deadline = deadline
      self.maxWorkers = max(1, maxWorkers)
      self.environment = environment
    }

    /// The browser's and the commands' workers: `lightbox-decode-worker` beside this
    /// executable (installed with it; it starts in a fraction of the whole binary's time),
    /// told the wire version, else this very executable's `decode-worker`.
    public static let currentExecutable: Configuration = {
      if let worker = workerBeside(executable: "/proc/self/exe") {
        return Configuration(
          executable: worker, arguments: ["--wire", "\(DecodeWorkerMessage.wireVersion)"])
      }
      return Configuration(executable: "/proc/self/exe")
    }()

    /// The worker executable that belongs to `executable` (symbolic links resolved, so a
    /// `lightbox` linked into another folder finds the real one's): in the same folder (a
    /// build folder), or in `../libexec/lightbox/` (`scripts/install`'s layout, which keeps
    /// it off PATH); nil when neither is there or may be run.
    public static func workerBeside(executable: String) -> String? {
      guard let folder = realFolder(of: executable) else { return nil }
      return [
        folder + "/" + workerExecutableName,
        folder + "/../libexec/lightbox/" + workerExecutableName,
      ].first { access($0, X_OK) == 0 }
    }

    /// The folder that holds `path` once symbolic links are resolved, or nil.
    public static func realFolder(of path: String) -> String? {
      guard let real = realpath(path, nil) else { return nil }
      defer { free(real) }
      let resolved = String(cString: real)
      return resolved.lastIndex(of: "/").map { String(resolved[..<$0]) }
    }

    /// The worker executable's file name.
    public static let workerExecutableName = "lightbox-decode-worker"
  }
}

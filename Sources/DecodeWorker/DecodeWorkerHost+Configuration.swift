import Pixels
import Decoders
import Foundation

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
    /// library, and each worker may hold up to its address-space limit).
    public var maxWorkers: Int
    /// Variables added to the workers' environment (tests turn on the decoder hooks).
    public var environment: [String: String]

    public init(
      executable: String, arguments: [String] = ["decode-worker"],
      deadline: DispatchTimeInterval = .seconds(10),
      maxWorkers: Int = min(2, ProcessInfo.processInfo.activeProcessorCount),
      environment: [String: String] = [:]
    ) {
      self.executable = executable
      self.arguments = arguments
      self.deadline = deadline
      self.maxWorkers = max(1, maxWorkers)
      self.environment = environment
    }

    /// The browser's and the commands' workers: this very executable, `decode-worker`.
    public static let currentExecutable = Configuration(executable: "/proc/self/exe")
  }
}

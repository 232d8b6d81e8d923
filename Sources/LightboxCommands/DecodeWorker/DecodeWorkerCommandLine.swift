import ArgumentParser
import DecodeWorker

/// `lightbox decode-worker`: hidden; the sandboxed process the browser and the commands
/// decode risky formats in (see `DecodeWorkerHost`). Reads requests on standard input and
/// writes replies on standard output until its input closes. Public so `lightbox-bench`
/// can serve as its own worker (the same code, built in the same configuration).
public struct DecodeWorkerCommandLine: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "decode-worker",
    abstract: "Decode images for another lightbox process (internal).",
    shouldDisplay: false)

  @Option(help: "Address-space limit in MiB.")
  var maxMemoryMb: Int = DecodeWorkerSandbox.Limits.standard.addressSpaceMiB

  @Option(help: "CPU-time limit in seconds (the worker retires at half of it).")
  var cpuSeconds: Int = DecodeWorkerSandbox.Limits.standard.cpuSeconds

  @Option(help: "Which decoders the worker loads: images (libheif) or videos (FFmpeg).")
  var kind: Kind = .images

  /// `--kind`'s values.
  enum Kind: String, ExpressibleByArgument {
    case images, videos
    var workerKind: DecodeWorkerKind { self == .images ? .images : .videos }
  }

  public init() {}

  public func validate() throws {
    guard maxMemoryMb >= 256, cpuSeconds >= 2 else {
      throw ValidationError("--max-memory-mb must be at least 256 and --cpu-seconds at least 2")
    }
  }

  public func run() throws {
    let limits = DecodeWorkerSandbox.Limits(addressSpaceMiB: maxMemoryMb, cpuSeconds: cpuSeconds)
    DecodeWorkerLoop.run(limits: limits, kind: kind.workerKind)
  }
}

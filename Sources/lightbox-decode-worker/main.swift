import DecodeWorker
import Glibc

// `lightbox-decode-worker`: the sandboxed decode worker as an executable of its own,
// installed beside `lightbox`. It links only the decoders (no terminal, catalog or
// argument parser), so a command that needs one risky file pays a small process start for
// its worker: the whole `lightbox` binary cost ~8 ms more to start (Benchmarks/door).
// `lightbox decode-worker` runs the same loop when this executable is not there.

/// The worker's options, read by hand: `--wire N` (the host's wire version), `--kind
/// images|videos`, `--max-memory-mb N`, `--cpu-seconds N`.
struct WorkerOptions {
  var wire = DecodeWorkerMessage.wireVersion
  var limits = DecodeWorkerSandbox.Limits.standard
  var kind = DecodeWorkerKind.images
  /// The options but `--wire`, as `lightbox decode-worker` takes them.
  var forwarded: [String] = []

  init?(_ arguments: ArraySlice<String>) {
    var rest = arguments
    while let option = rest.popFirst() {
      guard let value = rest.popFirst() else { return nil }
      switch option {
      case "--wire":
        guard let version = Int(value) else { return nil }
        wire = version
        continue
      case "--kind":
        guard let parsed = DecodeWorkerKind(rawValue: value) else { return nil }
        kind = parsed
      case "--max-memory-mb":
        guard let mib = Int(value), mib >= 256 else { return nil }
        limits.addressSpaceMiB = mib
      case "--cpu-seconds":
        guard let seconds = Int(value), seconds >= 2 else { return nil }
        limits.cpuSeconds = seconds
      default:
        return nil
      }
      forwarded += [option, value]
    }
  }
}

/// Writes `text` to standard error (standard output is the host's reply channel).
func complain(_ text: String) {
  _ = text.withCString { write(2, $0, strlen($0)) }
}

/// Hands the work to the `lightbox` this executable was installed with (`lightbox decode-worker`, the
/// same standard input and output): a worker left from another build must not read a
/// wire format it does not know. Returns only when that cannot be started.
func handOver(_ options: WorkerOptions) {
  guard let folder = DecodeWorkerHost.Configuration.realFolder(of: "/proc/self/exe") else {
    return
  }
  // Beside it in a build folder; ../../bin from scripts/install's libexec/lightbox/.
  for lightbox in [folder + "/lightbox", folder + "/../../bin/lightbox"]
  where access(lightbox, X_OK) == 0 {
    let arguments = [lightbox, "decode-worker"] + options.forwarded
    var pointers = arguments.map { strdup($0) }
    pointers.append(nil)
    execv(lightbox, pointers)
  }
}

guard let options = WorkerOptions(CommandLine.arguments.dropFirst()) else {
  complain(
    "lightbox-decode-worker: usage: [--wire N] [--kind images|videos] [--max-memory-mb N ≥ 256]"
      + " [--cpu-seconds N ≥ 2] (internal: started by lightbox)\n")
  exit(2)
}
if options.wire != DecodeWorkerMessage.wireVersion {
  handOver(options)
  complain(
    "lightbox-decode-worker: speaks wire version \(DecodeWorkerMessage.wireVersion), asked for"
      + " \(options.wire), and no lightbox beside it to hand over to\n")
  exit(2)
}
DecodeWorkerLoop.run(limits: options.limits, kind: options.kind)

import Decoders
import Foundation
import Pixels

/// Decodes files in sandboxed worker processes (`lightbox decode-worker`), so a decoder that
/// crashes, hangs or runs out of memory costs one file, never the session.
///
/// A small pool (at most `Configuration.maxWorkers`) of workers is started on demand and
/// reused. Each request has a wall-clock deadline; a worker that dies (its socket closes),
/// passes the deadline (it is killed) or sends a malformed reply becomes a one-line failure
/// of that file ("decoder crashed on NAME (signal 6)", "decoder timed out on NAME"), is
/// reaped at once (no zombies), and the next request gets a new worker. Workers are killed
/// when the host is deinitialised and by the kernel when the browser dies.
public final class DecodeWorkerHost: @unchecked Sendable {
  // @unchecked: `idle`, `live` and `stopped` are guarded by `condition`; a checked-out
  // worker belongs to the one thread decoding with it.
  let configuration: Configuration
  let environment: [String]
  let spawner = DecodeWorkerSpawner()
  private let condition = NSCondition()
  private var idle: [DecodeWorkerKind: [DecodeWorkerProcess]] = [:]
  private var live: [DecodeWorkerKind: Int] = [:]
  /// Workers being started by `prewarm`: a request waits for one rather than starting
  /// another.
  private var warming: [DecodeWorkerKind: Int] = [:]

  public init(configuration: Configuration) {
    self.configuration = configuration
    var environment = ProcessInfo.processInfo.environment
    // A crashing worker must end at once: no backtracer (it would run the toolchain's
    // swift-backtrace, which the sandbox forbids anyway).
    environment["SWIFT_BACKTRACE"] = "enable=no"
    for (name, value) in configuration.environment { environment[name] = value }
    self.environment = environment.map { "\($0.key)=\($0.value)" }.sorted()
  }

  deinit {
    spawner.stop()
    for worker in idle.values.joined() { worker.terminate() }
  }

  /// How many workers run now, idle or busy.
  public var workerCount: Int { condition.withLock { live.values.reduce(0, +) } }

  /// The pids of the idle workers, for tests.
  public var idleWorkerPIDs: [Int32] { condition.withLock { idle.values.joined().map(\.pid) } }

  /// Decodes the file at `path` in a worker of its kind (`DecodeWorkerKind.of`: a video's
  /// poster in a worker that loaded FFmpeg, a still in one that did not), within the
  /// configured deadline.
  public func decode(path: String, options: DecodeOptions) -> Result<Bitmap, ImageError> {
    decode(path: path, options: options, kind: DecodeWorkerKind.of(path: path))
  }

  /// Decodes the file at `path` in a worker of `kind`.
  public func decode(path: String, options: DecodeOptions, kind: DecodeWorkerKind) -> Result<
    Bitmap, ImageError
  > {
    let name = String(path.split(separator: "/").last ?? Substring(path))
    let worker: DecodeWorkerProcess
    switch checkOut(kind) {
    case .success(let found): worker = found
    case .failure(let error): return .failure(error)
    }
    let deadline = DispatchTime.now() + configuration.deadline
    let request = DecodeWorkerMessage.Request(path: path, options: options)
    switch worker.decode(request, name: name, deadline: deadline) {
    case .answered(let result, let isLast):
      if isLast {
        worker.terminate()
        checkIn(nil, kind)
      } else {
        checkIn(worker, kind)
      }
      return result
    case .lost(let error):
      checkIn(nil, kind)
      return .failure(error)
    }
  }

  /// Starts a worker of `kind` in the background when none of that kind is idle or starting,
  /// so that a command's first risky file does not wait for the worker to load its libraries:
  /// the start overlaps with the command's own (reading its config, walking its folders).
  public func prewarm(_ kind: DecodeWorkerKind) {
    condition.lock()
    // One starting is enough: `thumbnails FILE` prewarms for its arguments and again for the
    // files its walk found, and a second worker (killed unused at exit) took the 2 cores'
    // time from the first one's decode (strace: two workers loading libheif for one file).
    guard idle[kind, default: []].isEmpty, warming[kind, default: 0] == 0,
      live[kind, default: 0] < configuration.maxWorkers
    else {
      condition.unlock()
      return
    }
    live[kind, default: 0] += 1
    warming[kind, default: 0] += 1
    condition.unlock()
    DispatchQueue.global(qos: .userInitiated).async {
      let spawned = self.spawn(kind)
      self.condition.withLock { self.warming[kind, default: 0] -= 1 }
      switch spawned {
      case .success(let worker): self.checkIn(worker, kind)
      case .failure: self.checkIn(nil, kind)
      }
    }
  }

  /// Starts a worker of `kind` on the spawner thread.
  private func spawn(_ kind: DecodeWorkerKind) -> Result<DecodeWorkerProcess, ImageError> {
    let executable = configuration.executable
    let arguments = configuration.arguments + ["--kind", kind.rawValue]
    let environment = self.environment
    return spawner.run {
      DecodeWorkerProcess.spawn(
        executable: executable, arguments: arguments, environment: environment)
    }
  }

  /// An idle worker of `kind`, or a new one when fewer than the maximum of that kind run;
  /// waits for one to come back otherwise.
  private func checkOut(_ kind: DecodeWorkerKind) -> Result<DecodeWorkerProcess, ImageError> {
    condition.lock()
    while true {
      if let worker = idle[kind, default: []].popLast() {
        // One killed while idle (by hand, or the OOM killer) is replaced, not blamed on
        // the next file.
        if worker.hasExited {
          live[kind, default: 0] -= 1
          condition.unlock()
          worker.terminate()
          condition.lock()
          continue
        }
        condition.unlock()
        return .success(worker)
      }
      if warming[kind, default: 0] == 0, live[kind, default: 0] < configuration.maxWorkers {
        break
      }
      condition.wait()
    }
    live[kind, default: 0] += 1
    condition.unlock()
    let spawned = spawn(kind)
    if case .failure = spawned { checkIn(nil, kind) }
    return spawned
  }

  /// Takes `make`'s worker as an idle one of `kind` when there is room for one more; false
  /// (and `make` not called) when `kind` has its most workers already, or `make` made none.
  func adopt(_ kind: DecodeWorkerKind, make: () -> DecodeWorkerProcess?) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard live[kind, default: 0] < configuration.maxWorkers, let worker = make() else {
      return false
    }
    live[kind, default: 0] += 1
    idle[kind, default: []].append(worker)
    condition.broadcast()
    return true
  }

  /// Returns a worker to its kind's idle list, or (nil) gives up the place of one that is
  /// gone.
  private func checkIn(_ worker: DecodeWorkerProcess?, _ kind: DecodeWorkerKind) {
    condition.lock()
    if let worker { idle[kind, default: []].append(worker) } else { live[kind, default: 0] -= 1 }
    condition.broadcast()
    condition.unlock()
  }
}

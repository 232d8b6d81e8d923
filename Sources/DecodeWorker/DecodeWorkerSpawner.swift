import Pixels
import Decoders
import Foundation

/// Starts decode workers from one long-lived thread of its own.
///
/// A worker asks for SIGKILL when its parent goes (PR_SET_PDEATHSIG), and Linux means the
/// *thread* that spawned it, not the process. Decodes run on pool threads and, in
/// `lightbox thumbnails`, on Dispatch threads that exit when idle, which would kill the
/// workers they had started; this thread lives as long as the host.
final class DecodeWorkerSpawner: @unchecked Sendable {
  // @unchecked: `job`, `result` and `stopped` are guarded by `condition`; a spawn is handed
  // over and taken back under it.
  private let condition = NSCondition()
  private var job: (@Sendable () -> Result<DecodeWorkerProcess, ImageError>)?
  private var result: Result<DecodeWorkerProcess, ImageError>?
  private var stopped = false
  private var started = false
  /// One spawn at a time: callers wait their turn here.
  private let turn = NSLock()

  /// Runs `spawn` on the spawner thread and returns what it made.
  func run(_ spawn: @escaping @Sendable () -> Result<DecodeWorkerProcess, ImageError>)
    -> Result<DecodeWorkerProcess, ImageError>
  {
    turn.lock()
    defer { turn.unlock() }
    condition.lock()
    defer { condition.unlock() }
    if stopped { return .failure(ImageError("decoder could not start: host stopped")) }
    if !started {
      started = true
      let thread = Thread { [self] in loop() }
      thread.name = "lightbox-decode-spawner"
      thread.stackSize = 256 << 10
      thread.start()
    }
    job = spawn
    condition.broadcast()
    while result == nil { condition.wait() }
    defer { result = nil }
    return result!
  }

  /// Ends the thread (the workers it started get SIGKILL from the kernel, if still alive).
  func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }

  private func loop() {
    condition.lock()
    defer { condition.unlock() }
    while true {
      while job == nil && !stopped { condition.wait() }
      if let spawn = job {
        job = nil
        result = spawn()
        condition.broadcast()
        continue
      }
      if stopped { return }
    }
  }
}

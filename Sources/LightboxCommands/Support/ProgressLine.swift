import Foundation

/// "12/200 rotated" on standard error, redrawn in place at most ten times a second, only
/// when standard error is a terminal (a log file gets the error lines and the summary only).
final class ProgressLine: @unchecked Sendable {
  // @unchecked: `lastDraw` and `drawn` are touched under `lock`.
  private let enabled: Bool
  private let label: String
  private let total: Int
  private let lock = NSLock()
  private var lastDraw: UInt64 = 0
  private var drawn = false

  init(total: Int, label: String, enabled: Bool = isatty(STDERR_FILENO) == 1) {
    self.enabled = enabled
    self.label = label
    self.total = total
  }

  /// Shows that `done` of the files are finished.
  func update(_ done: Int) {
    guard enabled else { return }
    lock.lock()
    defer { lock.unlock() }
    let now = DispatchTime.now().uptimeNanoseconds
    guard done == total || now - lastDraw >= 100_000_000 else { return }
    lastDraw = now
    FileHandle.standardError.write(Data("\r\u{1B}[K\(done)/\(total) \(label)".utf8))
    drawn = true
  }

  /// Clears the line, so error lines and the summary start at the left margin.
  func finish() {
    lock.lock()
    defer { lock.unlock() }
    if enabled && drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    drawn = false
  }
}

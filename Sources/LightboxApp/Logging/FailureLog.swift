import Foundation

/// Logs each file's decode failure once, however many sizes of it the views ask for (a
/// corrupt photo fails as a tile, as a filmstrip frame and in the detail view).
final class FailureLog: @unchecked Sendable {
  // @unchecked: `logged` is guarded by `lock`.
  private let lock = NSLock()
  private var logged: Set<String> = []

  /// Logs "PATH: REASON" unless this path's failure was logged before.
  func note(_ path: String, _ reason: String) {
    let isNew = lock.withLock { logged.insert(path).inserted }
    if isNew { LightboxLog.logger("decode").error("\(path): \(reason)") }
  }
}

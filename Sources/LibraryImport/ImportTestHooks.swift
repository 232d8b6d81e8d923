#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// Test-only pauses, inert in release builds and unless the environment has
/// `LIGHTBOX_TEST_IMPORT_STOP_AT=N`: the copy step counts its checkpoints (temp file
/// created, first block written, all written, synced, verified, renamed, folder synced) and at
/// the N-th stops the whole process with SIGSTOP, so a test kills it (or changes the source
/// and continues it) at an exact, seeded point without sleeping. The hooks also make the
/// copy single-threaded and its blocks small, so the points replay and a file has a middle.
final class ImportTestHooks: @unchecked Sendable {
  // @unchecked: `count` is touched under `lock`.
  let stopAt: Int?
  private var count = 0
  private let lock = NSLock()

  init(environment: [String: String]) {
    #if DEBUG
      stopAt = environment["LIGHTBOX_TEST_IMPORT_STOP_AT"].flatMap { Int($0) }
    #else
      stopAt = nil
    #endif
  }

  /// True when a test drives the copy.
  var isEnabled: Bool { stopAt != nil }

  /// One more checkpoint passed: stops the process when it is the one asked for.
  func checkpoint() {
    guard let stopAt else { return }
    let reached = lock.withLock {
      count += 1
      return count == stopAt
    }
    if reached { raise(SIGSTOP) }
  }
}

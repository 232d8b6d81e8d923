import Foundation
import Logging

/// The program's log: one file under `$XDG_STATE_HOME/lightbox/`, never the terminal.
///
/// `bootstrap` is called once by the executable before any command runs; until then (and in
/// tests that do not call it) loggers drop everything, so nothing reaches a test's output or
/// a terminal by accident.
public enum LightboxLog {
  /// The log file's size cap; one older file (`.1`) is kept beside it.
  public static let maxBytes = 1 << 20

  private static let state = Locked()

  /// Sends every logger of the process to `path` at `level`.
  public static func bootstrap(path: String, level: Logger.Level) {
    let sink = FileLogHandler.Sink(path: path, maxBytes: maxBytes, level: level)
    state.set(sink)
    LoggingSystem.bootstrap { label in FileLogHandler(label: label, sink: sink) }
  }

  /// Changes the level of every logger (for `--log-level`, parsed after the bootstrap).
  public static func setLevel(_ level: Logger.Level) {
    state.sink?.currentLevel = level
  }

  /// The level named by `text` ("debug", "info", "warning", "error", …), or nil.
  public static func level(named text: String) -> Logger.Level? {
    Logger.Level(rawValue: text.lowercased())
  }

  /// The level from `LIGHTBOX_LOG` (default `info`).
  public static func level(environment: [String: String]) -> Logger.Level {
    environment["LIGHTBOX_LOG"].flatMap(level(named:)) ?? .info
  }

  /// The logger for one part of the program ("lightbox.watcher", "lightbox.decode", …).
  public static func logger(_ part: String) -> Logger {
    guard state.sink != nil else {
      return Logger(label: "lightbox.\(part)") { _ in SwiftLogNoOpLogHandler() }
    }
    return Logger(label: "lightbox.\(part)")
  }

  private final class Locked: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = NSLock()
    private var value: FileLogHandler.Sink?
    var sink: FileLogHandler.Sink? { lock.withLock { value } }
    func set(_ sink: FileLogHandler.Sink) { lock.withLock { value = sink } }
  }
}

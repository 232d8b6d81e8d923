import Foundation
import Logging

/// A swift-log handler that appends one line per message to a file, never to the terminal.
///
/// The file is capped: past `maxBytes` it is renamed to `NAME.1` (replacing the previous
/// one) and a new file starts, so the log never takes more than twice the cap. Messages are
/// kept to one line with control characters escaped, so a file name read from disk can
/// neither forge a log line nor reach a terminal that shows the log.
public struct FileLogHandler: LogHandler {
  /// The open file shared by every logger of the process.
  final class Sink: @unchecked Sendable {
    // @unchecked: `fd` and `written` are guarded by `lock`.
    let path: String
    let maxBytes: Int
    private let lock = NSLock()
    private var fd: Int32 = -1
    private var written = 0
    /// The level below which messages are dropped; shared so `--log-level` applies to
    /// loggers made before it was parsed.
    private var level: Logger.Level

    init(path: String, maxBytes: Int, level: Logger.Level) {
      self.path = path
      self.maxBytes = maxBytes
      self.level = level
    }

    var currentLevel: Logger.Level {
      get { lock.withLock { level } }
      set { lock.withLock { level = newValue } }
    }

    func write(_ line: String) {
      lock.withLock {
        if fd < 0 { openFile() }
        guard fd >= 0 else { return }
        if written + line.utf8.count > maxBytes { rotate() }
        var bytes = Array(line.utf8)
        bytes.append(10)
        let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if n > 0 { written += n }
      }
    }

    private func openFile() {
      let folder = (path as NSString).deletingLastPathComponent
      try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
      var info = stat()
      written = fd >= 0 && fstat(fd, &info) == 0 ? Int(info.st_size) : 0
    }

    private func rotate() {
      close(fd)
      rename(path, path + ".1")
      fd = -1
      openFile()
    }
  }

  let sink: Sink
  public var metadata: Logger.Metadata = [:]
  private let label: String

  init(label: String, sink: Sink) {
    self.label = label
    self.sink = sink
  }

  public var logLevel: Logger.Level {
    get { sink.currentLevel }
    set { sink.currentLevel = newValue }
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    var fields = metadata
    if let extra = event.metadata { fields.merge(extra) { $1 } }
    let context =
      fields.isEmpty
      ? ""
      : " "
        + fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    let line =
      "\(Self.timestamp()) \(event.level) \(label): \(event.message)\(context)"
    sink.write(Self.oneLine(line))
  }

  /// `line` with control characters (newlines, escapes) written as `\u{…}`.
  static func oneLine(_ line: String) -> String {
    var out = ""
    out.reserveCapacity(line.utf8.count)
    for scalar in line.unicodeScalars {
      if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
        out += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// "2026-11-25T12:40:25.123Z".
  static func timestamp() -> String {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var parts = tm()
    var seconds = now.tv_sec
    gmtime_r(&seconds, &parts)
    let two = { (n: Int32) in n < 10 ? "0\(n)" : "\(n)" }
    let ms = Int(now.tv_nsec / 1_000_000)
    let milli = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(milli)Z"
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// What was imported before, so a photo the user has since moved or deleted from the library
/// is not brought back by the next import of the same card: one line per imported file with
/// the library, the source name, its size, its capture time and a checksum of its bytes
/// (`v2`: the XXH3-128 its verified copy matched; `v1` lines, written before 2026-11-28's
/// change, hold the SHA-256). Only the first four identify a file: the checksum is a record.
///
/// The file (`$XDG_STATE_HOME/lightbox/imported.tsv`) only grows, one whole line per
/// `write(2)` with `O_APPEND`, written after the photo landed; a line cut short by a crash (no
/// newline, or fields that do not parse) is ignored. So an update is atomic per record and
/// never rewrites what is there (docs/DECISIONS.md: why not a database or a rewritten file).
public final class ImportLedger: @unchecked Sendable {
  // @unchecked: `keys` and `fd` are touched under `lock`.

  /// The identity of an imported file as the ledger remembers it.
  public struct Key: Hashable, Sendable {
    public var library: String
    public var name: String
    public var size: Int64
    /// The capture date's local sort key (milliseconds of the wall-clock time).
    public var captureTime: Int64

    public init(library: String, name: String, size: Int64, captureTime: Int64) {
      self.library = library
      self.name = name
      self.size = size
      self.captureTime = captureTime
    }
  }

  /// The ledger's path.
  public let path: String
  private var keys: Set<Key> = []
  private var fd: Int32 = -1
  private let lock = NSLock()

  /// The ledger at `path` as it is on disk (empty when there is none yet).
  public init(path: String) {
    self.path = path
    guard let text = Self.readText(path) else { return }
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      if let key = Self.parse(line) { keys.insert(key) }
    }
  }

  deinit { if fd >= 0 { close(fd) } }

  /// True when the ledger has a record of `key`.
  public func contains(_ key: Key) -> Bool { lock.withLock { keys.contains(key) } }

  /// Appends one record (one write); the file and its folder are created on first use.
  /// Throws the errno when it cannot be written: the photo itself is in place already.
  func append(_ key: Key, checksum: [UInt8]) throws(Errno) {
    let line =
      [
        "v2", Self.escape(key.library), Self.escape(key.name), String(key.size),
        String(key.captureTime), ContentHash(bytes: checksum).description,
      ].joined(separator: "\t") + "\n"
    lock.lock()
    defer { lock.unlock() }
    var bytes = Array(line.utf8)
    if fd < 0 {
      Self.makeFolders(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]))
      fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
      guard fd >= 0 else { throw Errno(errno) }
      // A record cut short by a crash must not swallow this one: start on a new line.
      var last: UInt8 = 10
      let size = lseek(fd, 0, SEEK_END)
      if size > 0, pread(fd, &last, 1, size - 1) == 1, last != 10 { bytes.insert(10, at: 0) }
    }
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw Errno(written < 0 ? errno : EIO) }
    keys.insert(key)
  }

  /// Flushes the records to the disk (once at the end of an import: a record lost to a power
  /// cut only means the photo is found in the library by its hash instead).
  func sync() { lock.withLock { if fd >= 0 { _ = fsync(fd) } } }

  static func parse(_ line: Substring) -> Key? {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count == 6, let digits = checksumDigits(version: fields[0]),
      let size = Int64(fields[3]),
      let time = Int64(fields[4]), ContentHash(hex: fields[5], digits: digits) != nil,
      let library = unescape(fields[1]), let name = unescape(fields[2])
    else { return nil }
    return Key(library: library, name: name, size: size, captureTime: time)
  }

  /// How many hex digits a record of `version` gives its checksum: v1 a SHA-256, v2 an
  /// XXH3-128; nil for a version this reader does not know.
  private static func checksumDigits(version: Substring) -> Int? {
    switch version {
    case "v1": 64
    case "v2": 32
    default: nil
    }
  }

  /// Tabs, newlines, `%` and other controls as `%XX`, so a record is one line of six fields.
  static func escape(_ text: String) -> String {
    String(decoding: escapeBytes(Array(text.utf8)), as: UTF8.self)
  }

  private static func escapeBytes(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    let digits = Array("0123456789ABCDEF".utf8)
    for byte in bytes {
      if byte < 0x20 || byte == 0x25 || byte == 0x7F {
        out += [0x25, digits[Int(byte >> 4)], digits[Int(byte & 15)]]
      } else {
        out.append(byte)
      }
    }
    return out
  }

  static func unescape(_ text: Substring) -> String? {
    var out: [UInt8] = []
    var bytes = Array(text.utf8)[...]
    while let byte = bytes.popFirst() {
      guard byte == 0x25 else {
        out.append(byte)
        continue
      }
      guard bytes.count >= 2,
        let value = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16)
      else { return nil }
      out.append(value)
      bytes = bytes.dropFirst(2)
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func readText(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      if n <= 0 { break }
      data += chunk[0..<n]
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// `mkdir -p`.
  static func makeFolders(_ path: String) {
    guard !path.isEmpty else { return }
    var current = ""
    for part in path.split(separator: "/") {
      current += "/" + part
      mkdir(current, 0o755)
    }
  }
}

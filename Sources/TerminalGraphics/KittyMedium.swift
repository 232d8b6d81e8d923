#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// How kitty pictures reach the terminal: in the stream (base64 in escape codes; works over
/// ssh) or as a temporary file the terminal reads and deletes (`t=t`; only when the terminal
/// runs on this machine, which its answer to a probe with such a file proves).
///
/// Measured in a real kitty (`Benchmarks/kitty/run.sh`): files make the terminal take a
/// screen of pictures several times sooner, since nothing is base64-encoded, written through
/// the pty and parsed; see docs/DECISIONS.md.
public enum KittyMedium: Sendable, Hashable {
  /// base64 in the stream, in chunks (`t=d`).
  case stream
  /// A file in `directory` (`t=t`), named as the protocol asks ("tty-graphics-protocol").
  case temporaryFile(directory: String)

  /// Where temporary files go: `/dev/shm` (memory, and a place kitty deletes from) when it
  /// exists, else `/tmp`.
  public static var temporaryDirectory: String {
    access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
  }

  /// Files written so far (for unique names).
  private static let written = Atomic<UInt64>(0)

  /// Writes `bytes` to a new file in `directory` that no one else can have made (O_EXCL,
  /// mode 0600) and returns its path, or nil when it cannot be written.
  public static func writeTemporaryFile(_ bytes: [UInt8], in directory: String) -> String? {
    let number = written.add(1, ordering: .relaxed).newValue
    let path =
      "\(directory)/tty-graphics-protocol-lightbox-\(getpid())-\(number)-"
      + "\(UInt32.random(in: 0...UInt32.max)).png"
    let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else {
        unlink(path)
        return nil
      }
      offset += n
    }
    return path
  }
}

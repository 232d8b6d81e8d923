import Decoders
import Pixels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The original file a freedesktop thumbnail stands for: its URI and the stat values the
/// thumbnail records (`Thumb::URI`, `Thumb::MTime`, `Thumb::Size`).
public struct ThumbnailSource: Sendable, Hashable {
  /// Absolute, lexically normalised path.
  public var path: String
  /// `file://` URI of `path`, escaped as GLib escapes it (so file managers agree on it).
  public var uri: String
  /// Modification time, whole seconds since the epoch.
  public var modificationTime: Int64
  /// File size in bytes.
  public var byteSize: Int64

  public init(path: String, modificationTime: Int64, byteSize: Int64) {
    self.path = ThumbnailSource.normalized(path)
    self.uri = ThumbnailSource.fileURI(forAbsolutePath: self.path)
    self.modificationTime = modificationTime
    self.byteSize = byteSize
  }

  /// The source for the file at `path` (made absolute against the working directory), from
  /// `stat`; fails for anything but a regular file.
  public static func forFile(atPath path: String) -> Result<ThumbnailSource, ImageError> {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      return .failure(ImageError.oneLine("cannot read file: \(String(cString: strerror(code)))"))
    }
    guard UInt32(info.st_mode) & 0o170000 == 0o100000 else {
      return .failure(ImageError("not a regular file"))
    }
    return .success(
      ThumbnailSource(
        path: absolute(path), modificationTime: Int64(info.st_mtim.tv_sec),
        byteSize: Int64(info.st_size)))
  }

  /// `path` made absolute against the current directory.
  static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "/" + path }
    let cwd = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (cwd.hasSuffix("/") ? cwd : cwd + "/") + path
  }

  /// Removes empty, `.` and `..` components (lexically, as GLib's `g_canonicalize_filename`
  /// does: symlinks are not resolved). Relative paths are made absolute first.
  public static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in absolute(path).split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  /// `file://` + the path with every byte percent-encoded except the characters GLib's
  /// `g_filename_to_uri` leaves alone: `A–Z a–z 0–9 - . _ ~ ! $ & ' ( ) * + , / : = @`.
  /// Hex digits are uppercase, as GLib writes them.
  public static func fileURI(forAbsolutePath path: String) -> String {
    let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = Array("file://".utf8)
    out.reserveCapacity(out.count + path.utf8.count * 3)
    for byte in path.utf8 {
      if isKept(byte) {
        out.append(byte)
      } else {
        out.append(0x25)  // %
        out.append(hex[Int(byte >> 4)])
        out.append(hex[Int(byte & 0x0F)])
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func isKept(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: return true
    default: return Array("-._~!$&'()*+,/:=@".utf8).contains(byte)
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Digests

/// A file's content identity: the SHA-256 of its bytes (OpenSSL's, see docs/DECISIONS.md).
///
/// A cryptographic hash because a match means "skip this photo": two different photos must
/// never look the same, even one made to.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
  /// The 32 digest bytes.
  public let bytes: [UInt8]

  public init(bytes: [UInt8]) { self.bytes = bytes }

  /// The digest in lowercase hex (64 characters).
  public var description: String {
    let digits = Array("0123456789abcdef".utf8)
    var out = [UInt8]()
    out.reserveCapacity(64)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 15)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The hash spelled by 64 hex digits (or `digits` of them, for another digest's bytes), or
  /// nil.
  public init?(hex: some StringProtocol, digits: Int = 64) {
    let text = Array(hex.utf8)
    guard text.count == digits, digits % 2 == 0 else { return nil }
    var out = [UInt8]()
    for i in stride(from: 0, to: digits, by: 2) {
      guard let high = Self.nibble(text[i]), let low = Self.nibble(text[i + 1]) else { return nil }
      out.append(high << 4 | low)
    }
    bytes = out
  }

  private static func nibble(_ c: UInt8) -> UInt8? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
    default: return nil
    }
  }

  /// The hash of the open file `fd` from its start, read with `buffer`, and how many bytes it
  /// had; nil with errno set when a read failed.
  static func of(descriptor fd: Int32, buffer: UnsafeMutableRawBufferPointer) -> (
    ContentHash, Int64
  )? {
    let hasher = SHA256Stream()
    guard let size = readAll(fd, buffer: buffer, into: hasher.update) else { return nil }
    return (ContentHash(bytes: hasher.finish()), size)
  }

  /// Reads the open file `fd` from its start to its end through `buffer`, handing each chunk
  /// to `body`; the bytes read, or nil with errno set when a read failed.
  static func readAll(
    _ fd: Int32, buffer: UnsafeMutableRawBufferPointer, into body: (UnsafeRawBufferPointer) -> Void
  ) -> Int64? {
    var offset: Int64 = 0
    while true {
      let n = pread(fd, buffer.baseAddress, buffer.count, off_t(offset))
      if n < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if n == 0 { return offset }
      body(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
      offset += Int64(n)
    }
  }

  /// The hash of the file at `path`, or the errno that stopped it.
  static func of(path: [UInt8]) -> Result<ContentHash, Errno> {
    let fd = (path + [0]).withUnsafeBufferPointer { name in
      name.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_CLOEXEC) }
    }
    guard fd >= 0 else { return .failure(Errno(errno)) }
    defer { close(fd) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 4096)
    defer { buffer.deallocate() }
    guard let (hash, _) = of(descriptor: fd, buffer: buffer) else { return .failure(Errno(errno)) }
    return .success(hash)
  }
}

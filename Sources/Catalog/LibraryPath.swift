#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file path as the exact bytes the file system uses.
///
/// Linux file names are bytes, not text: a name in Latin-1 or a broken encoding must still
/// be found again, so the catalog stores and compares these bytes, and only shows them as
/// text (`string`, with U+FFFD for invalid bytes).
public struct LibraryPath: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The path's bytes, without a terminating NUL.
  public var bytes: [UInt8]

  public init(bytes: [UInt8]) { self.bytes = bytes }

  public init(_ string: String) { bytes = Array(string.utf8) }

  /// The path as text; invalid UTF-8 bytes become U+FFFD.
  public var string: String { String(decoding: bytes, as: UTF8.self) }

  /// True when the bytes are valid UTF-8 (so `string` round-trips).
  public var isValidUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

  public var description: String { string }

  /// The bytes of the last path component.
  public var lastComponent: ArraySlice<UInt8> {
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes[...] }
    return bytes[(slash + 1)...]
  }

  /// The path with `name` appended after a slash.
  public func appending(_ name: some Collection<UInt8>) -> LibraryPath {
    var result = bytes
    if result.last != UInt8(ascii: "/") { result.append(UInt8(ascii: "/")) }
    result.append(contentsOf: name)
    return LibraryPath(bytes: result)
  }

  /// The folder holding this path ("/" for a top-level entry).
  public var parent: LibraryPath {
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return self }
    return LibraryPath(bytes: slash == 0 ? [UInt8(ascii: "/")] : Array(bytes[..<slash]))
  }

  /// The path without trailing slashes (except the root folder itself).
  public var normalized: LibraryPath {
    var b = bytes
    while b.count > 1, b.last == UInt8(ascii: "/") { b.removeLast() }
    return LibraryPath(bytes: b)
  }

  /// The prefix every path inside this folder starts with ("/a/b/").
  var folderPrefix: [UInt8] {
    bytes.last == UInt8(ascii: "/") ? bytes : bytes + [UInt8(ascii: "/")]
  }

  /// True when `other` is this path or lies inside it.
  public func contains(_ other: LibraryPath) -> Bool {
    if other.bytes == bytes { return true }
    let prefix = folderPrefix
    return other.bytes.count > prefix.count && other.bytes.starts(with: prefix)
  }

  /// Calls `body` with a NUL-terminated C string of the path.
  public func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
    try (bytes + [0]).withUnsafeBufferPointer { buffer in
      try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
  }

  // Hashing and comparing the bytes in bulk: the synthesized versions go byte by byte,
  // which was most of a 100,000-file re-scan.
  public func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }

  public static func == (lhs: LibraryPath, rhs: LibraryPath) -> Bool {
    guard lhs.bytes.count == rhs.bytes.count else { return false }
    return lhs.bytes.withUnsafeBytes { a in
      rhs.bytes.withUnsafeBytes { b in
        a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
      }
    }
  }

  public static func < (lhs: LibraryPath, rhs: LibraryPath) -> Bool {
    lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
  }
}

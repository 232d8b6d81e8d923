import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension LibraryPath {
  /// `realpath(3)` of `path`, or nil when it cannot be resolved (gone, dangling, a loop).
  static func realPath(_ path: LibraryPath) -> LibraryPath? {
    guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
    defer { free(resolved) }
    return LibraryPath(
      bytes: Array(
        UnsafeBufferPointer(
          start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self),
          count: strlen(resolved))))
  }

  /// `path`'s canonical form: its real path when it exists (`realpath(3)`: symbolic links
  /// resolved, `.` and `..` gone), else the same made absolute against the working folder
  /// with `.`, `..` and repeated or trailing slashes taken out as text.
  public static func canonical(_ path: String) -> LibraryPath {
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    if let resolved = realPath(LibraryPath(absolute)) { return resolved }
    var parts: [Substring] = []
    for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    return LibraryPath("/" + parts.joined(separator: "/"))
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension LibraryPath {
  /// `path`'s canonical form: its real path when it exists (`realpath(3)`: symbolic links
  /// resolved, `.` and `..` gone), else the same made absolute against the working folder
  /// with `.`, `..` and repeated or trailing slashes taken out as text.
  public static func canonical(_ path: String) -> LibraryPath {
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    if let resolved = realpath(absolute, nil) {
      defer { free(resolved) }
      return LibraryPath(
        bytes: Array(
          UnsafeBufferPointer(
            start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self),
            count: strlen(resolved))))
    }
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

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension AtomicFile {
  /// Creates `path` with `bytes`, never replacing a file already there: the bytes go to a
  /// hidden temporary file in the same folder, which is then hard-linked to `path` (`link`
  /// fails when the name exists, even if another program creates it meanwhile) and unlinked.
  /// Mode 0666 less the umask, as any new file.
  package static func create(_ path: String, with bytes: [UInt8]) -> ImageError? {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = "\(folder)/.\(base).lightbox-\(getpid())-\(serialNumber()).tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard fd >= 0 else { return errnoError("cannot create \(temporary)") }
    defer { unlink(temporary) }
    var failure = writeAll(bytes, to: fd, name: temporary)
    if close(fd) != 0 && failure == nil { failure = errnoError("cannot write \(temporary)") }
    if let failure { return failure }
    if link(temporary, path) != 0 {
      if errno == EEXIST { return existsError(path) }
      return errnoError("cannot create \(path)")
    }
    return nil
  }

  /// True when something (a file, a folder, a dangling link) has the name `path`.
  package static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// The one-line refusal to write over `path`.
  package static func existsError(_ path: String) -> ImageError {
    ImageError.oneLine("\(path) already exists; not overwritten")
  }
}

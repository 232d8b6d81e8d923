#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Recovery after a kill: the `.trashinfo` files and half-made copies an interrupted move
/// leaves behind, found so that `LibraryTrash.repair` can remove them.
extension FreedesktopTrash {
  /// `.trashinfo` files that name `original` but have no file in `files/`: what a process
  /// killed between creating the info and recording it leaves behind — complete, or cut
  /// short anywhere (even empty). Looks in the home trash and the volume trashes of
  /// `original`'s file system, only at the names `reserve` would have chosen for it.
  func orphanInfos(for original: LibraryPath) -> [LibraryPath] {
    let path = original.normalized
    var candidates = [(folder: LibraryPath(homeTrash).normalized, recorded: path.bytes)]
    if let info = FileMoves.status(path) {
      let top = Self.topDirectory(of: path, device: info.st_dev)
      let relative = Array(path.bytes.dropFirst(top.folderPrefix.count))
      candidates.append((top.appending(".Trash".utf8).appending("\(uid)".utf8), relative))
      candidates.append((top.appending(".Trash-\(uid)".utf8), relative))
    }
    let (stem, ext) = Self.splitExtension(Self.shortened(Array(path.lastComponent)))
    let suffix = ext + Array(".trashinfo".utf8)
    var found: [LibraryPath] = []
    for (folder, recorded) in candidates {
      let infos = folder.appending("info".utf8)
      guard let names = try? FileMoves.names(in: infos) else { continue }
      // What reserve writes, up to the date it cannot be known again.
      let expected = Array(
        "[Trash Info]\nPath=\(TrashInfo.percentEncoded(recorded))\nDeletionDate=".utf8)
      for name in names where Self.isReservedName(name, stem: stem, suffix: suffix) {
        let infoPath = infos.appending(name)
        guard !FileMoves.exists(Self.filePath(forInfo: infoPath)),
          let content = Self.smallFile(infoPath),
          content.starts(with: expected) || expected.starts(with: content)
        else { continue }
        found.append(infoPath)
      }
    }
    return found
  }

  /// True for STEM + SUFFIX and STEM.N + SUFFIX (N digits): the names `reserve` tries.
  private static func isReservedName(_ name: [UInt8], stem: [UInt8], suffix: [UInt8]) -> Bool {
    guard name.count >= stem.count + suffix.count, name.starts(with: stem),
      name.suffix(suffix.count).elementsEqual(suffix)
    else { return false }
    let middle = name[stem.count..<(name.count - suffix.count)]
    if middle.isEmpty { return true }
    guard middle.first == UInt8(ascii: "."), middle.count > 1 else { return false }
    return middle.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// The bytes of a file of at most 64 KB; nil when unreadable or larger.
  private static func smallFile(_ path: LibraryPath) -> [UInt8]? {
    let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var data = [UInt8](repeating: 0, count: 64 * 1024 + 1)
    var count = 0
    while count < data.count {
      let n = data.withUnsafeMutableBytes { raw in
        read(fd, raw.baseAddress! + count, raw.count - count)
      }
      if n < 0, errno == EINTR { continue }
      if n < 0 { return nil }
      if n == 0 { break }
      count += n
    }
    return count > 64 * 1024 ? nil : Array(data[..<count])
  }

  /// Removes the half-made copies (`.lightbox-partial-PID-…`) that a process killed during a
  /// cross-device move left in the home trash folder, once that process is gone.
  func removeStalePartials() {
    let home = LibraryPath(homeTrash).normalized
    guard let names = try? FileMoves.names(in: home) else { return }
    let prefix = Array(".lightbox-partial-".utf8)
    for name in names where name.starts(with: prefix) {
      let rest = String(decoding: name.dropFirst(prefix.count), as: UTF8.self)
      guard let pid = rest.split(separator: "-").first.flatMap({ Int32($0) }), pid > 0,
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      try? FileMoves.removeTree(home.appending(name))
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Restoring: a trashed file back to its place, or to a free "(restored)" name beside it
/// when something else is there now.
extension FreedesktopTrash {
  /// Moves the entry's file back to `originalPath`; when something is already there, to a
  /// free new name beside it ("IMG_1.jpg" → "IMG_1 (restored).jpg", "… (restored 2).jpg");
  /// recreates missing parent folders; removes the .trashinfo. Returns the path it restored to.
  public func restore(_ entry: TrashEntry) throws -> String {
    try restore(entry, to: Self.freeDestination(for: entry.originalPath))
  }

  /// `restore(_:)` for the exact bytes of the paths (names that are not UTF-8).
  func restore(file: LibraryPath, info: LibraryPath?, original: LibraryPath) throws
    -> LibraryPath
  {
    try restore(file: file, info: info, to: Self.freeDestination(for: original))
  }

  /// `original` when nothing is there, else the first free "NAME (restored).EXT",
  /// "NAME (restored 2).EXT"… beside it.
  public static func freeDestination(for original: String) -> String {
    freeDestination(for: LibraryPath(original)).string
  }

  /// `freeDestination(for:)` with exact bytes (the stem and extension keep theirs).
  static func freeDestination(for original: LibraryPath) -> LibraryPath {
    let path = original.normalized
    guard FileMoves.exists(path) else { return path }
    let (stem, ext) = splitExtension(Array(path.lastComponent))
    for n in 1...100_000 {
      let label = n == 1 ? " (restored)" : " (restored \(n))"
      let candidate = path.parent.appending(stem + Array(label.utf8) + ext)
      if !FileMoves.exists(candidate) { return candidate }
    }
    let label = " (restored \(UInt32.random(in: 0...UInt32.max)))"
    return path.parent.appending(stem + Array(label.utf8) + ext)
  }

  /// Moves the entry's file to `destination` (another free name if that got taken) and
  /// removes its `.trashinfo`; returns where it went.
  func restore(_ entry: TrashEntry, to destination: String) throws -> String {
    try restore(
      file: LibraryPath(entry.filePath),
      info: entry.infoPath.isEmpty ? nil : LibraryPath(entry.infoPath),
      to: LibraryPath(destination)
    ).string
  }

  /// `restore(_:to:)` with exact bytes.
  func restore(file: LibraryPath, info: LibraryPath?, to destination: LibraryPath) throws
    -> LibraryPath
  {
    let source = file.normalized
    let name = String(decoding: source.lastComponent, as: UTF8.self)
    guard destination.bytes.first == UInt8(ascii: "/") else {
      throw CatalogError("\(name) has no absolute original path to go back to")
    }
    guard FileMoves.exists(source) else {
      throw CatalogError("\(name) is no longer in the Trash")
    }
    var target = destination.normalized
    try FileMoves.makeFolders(target.parent)
    var moving = source
    var copied = false
    var attempts = 0
    while true {
      attempts += 1
      let code = FileMoves.moveNoReplace(moving, target)
      if code == 0 { break }
      if code == EEXIST, attempts < 100 {
        // Taken since it was chosen: the next free name.
        target = Self.freeDestination(for: target)
        continue
      }
      if code == EXDEV, !copied {
        // Across file systems: a flushed hidden copy beside the destination (the library
        // scanner skips dot files), then renamed into place.
        let temporary = target.parent.appending(
          [UInt8(ascii: ".")] + Array(source.lastComponent)
            + Array(".lightbox-restore-\(UInt32.random(in: 0...UInt32.max))".utf8))
        try FileMoves.copy(source, to: temporary)
        moving = temporary
        copied = true
        continue
      }
      if copied { try? FileMoves.removeTree(moving) }
      throw CatalogError("cannot restore \(name): \(FileMoves.errorText(code))")
    }
    FileMoves.syncFolder(target.parent)
    // The trash copy goes only once the restored one is in place; if that fails the file
    // is restored anyway and the desktop's trash still lists the old copy.
    if copied { try? FileMoves.removeTree(source) }
    try? Self.removeInfo(info)
    return target
  }
}

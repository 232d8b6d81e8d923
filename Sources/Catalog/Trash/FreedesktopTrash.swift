#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

/// The freedesktop Trash (https://specifications.freedesktop.org/trash-spec/latest/):
/// home trash `$XDG_DATA_HOME/Trash` (default ~/.local/share/Trash) for files on the same
/// filesystem as it, else the volume's top-directory `$topdir/.Trash-$uid` (create it 0700;
/// `$topdir/.Trash/$uid` when it exists with the sticky bit and is not a symlink).
///
/// Because the layout is the spec's, the desktop's own trash (Files, Dolphin, `gio trash`)
/// lists, restores and empties what Lightbox deleted, and the other way round.
public struct FreedesktopTrash: Sendable {
  /// The home trash folder (holding `files/` and `info/`).
  public let homeTrash: String
  /// The user id naming volume trashes (`.Trash-$uid`).
  public let uid: UInt32
  /// When false, a file on another file system goes to the home trash by copy instead of
  /// to its volume's trash (for volumes where a `.Trash-$uid` folder is unwanted).
  public var usesVolumeTrashes = true

  public init(homeTrash: String, uid: UInt32 = getuid()) {
    self.homeTrash = homeTrash
    self.uid = uid
  }

  /// The spec's home trash: `$XDG_DATA_HOME/Trash`, or `~/.local/share/Trash` when that
  /// variable is unset or not absolute.
  public static func defaultHomeTrash(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return data + "/Trash"
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return home + "/.local/share/Trash"
  }

  /// A trash item whose `.trashinfo` is written (so its name is taken) but whose file has
  /// not moved yet.
  struct Reservation: Sendable {
    /// The entry as text (for callers and messages).
    var entry: TrashEntry
    /// The exact paths: the file now, its place in `files/`, its `.trashinfo`.
    var original: LibraryPath
    var file: LibraryPath
    var info: LibraryPath
    /// The trash folder holding `files/` and `info/`.
    var folder: LibraryPath
    /// True when a rename can move the file there (same file system).
    var sameDevice: Bool
  }

  /// Moves `path` into the right trash: writes `info/NAME.trashinfo` first (O_EXCL, so two
  /// deleters never share a name; Path= percent-encoded, absolute for the home trash and
  /// relative to the top dir for volume trashes; DeletionDate=YYYY-MM-DDThh:mm:ss local),
  /// then rename(2) into `files/NAME`; across filesystems (EXDEV) copy + fsync + rename into
  /// place + unlink the original. Never leaves a file without its info or vice versa.
  public func moveToTrash(_ path: String, now: Int64) throws -> TrashEntry {
    guard path.hasPrefix("/") else { throw CatalogError("\(path) is not an absolute file path") }
    let reservation = try reserve(LibraryPath(path), now: now)
    try commit(reservation)
    return reservation.entry
  }

  /// Erases the file (or folder) and its .trashinfo for good.
  public func erase(_ entry: TrashEntry) throws {
    try erase(
      file: LibraryPath(entry.filePath),
      info: entry.infoPath.isEmpty ? nil : LibraryPath(entry.infoPath))
  }

  /// `erase(_:)` for the exact bytes of the paths.
  func erase(file: LibraryPath, info: LibraryPath?) throws {
    let file = file.normalized
    // Only ever inside a trash's files/: a corrupt entry must not erase a library file.
    guard file.parent.lastComponent.elementsEqual("files".utf8), file.parent != file else {
      throw CatalogError("\(file) is not inside a trash's files folder")
    }
    try FileMoves.removeTree(file)
    try Self.removeInfo(info)
  }

  /// Reads a .trashinfo (for tests and for entries the catalog lost).
  public static func readInfo(_ infoPath: String) throws -> (
    originalPath: String, deletionDate: String
  ) {
    let (path, date) = try readInfo(LibraryPath(infoPath))
    return (path.string, date)
  }

  /// `readInfo(_:)` with the original path's exact bytes.
  static func readInfo(_ info: LibraryPath) throws -> (original: LibraryPath, deletionDate: String)
  {
    let fd = info.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard fd >= 0 else {
      throw CatalogError("cannot read \(info): \(FileMoves.errorText(errno))")
    }
    defer { close(fd) }
    // A .trashinfo is a few hundred bytes; 64 KB is plenty and bounds a hostile one.
    var data = [UInt8](repeating: 0, count: 64 * 1024)
    var count = 0
    while count < data.count {
      let n = data.withUnsafeMutableBytes { raw in
        read(fd, raw.baseAddress! + count, raw.count - count)
      }
      if n < 0, errno == EINTR { continue }
      if n < 0 { throw CatalogError("cannot read \(info): \(FileMoves.errorText(errno))") }
      if n == 0 { break }
      count += n
    }
    let (bytes, date) = try TrashInfo.parse(String(decoding: data[..<count], as: UTF8.self))
    if bytes.first == UInt8(ascii: "/") { return (LibraryPath(bytes: bytes), date) }
    // Volume trashes record paths relative to the volume's top directory.
    guard let top = topDirectory(forInfo: info) else {
      throw CatalogError("\(info): relative Path= outside a volume trash")
    }
    return (top.appending(bytes), date)
  }

  /// Seconds since the epoch of a DeletionDate (local `YYYY-MM-DDThh:mm:ss`), or nil.
  public static func parseDeletionDate(_ text: String) -> Int64? {
    TrashInfo.parseDeletionDate(text)
  }

  /// `files/NAME` for `info/NAME.trashinfo`.
  public static func filePath(forInfo infoPath: String) -> String {
    filePath(forInfo: LibraryPath(infoPath)).string
  }

  /// `filePath(forInfo:)` with exact bytes.
  static func filePath(forInfo info: LibraryPath) -> LibraryPath {
    var name = Array(info.lastComponent)
    let suffix = Array(".trashinfo".utf8)
    if name.count > suffix.count, name.suffix(suffix.count).elementsEqual(suffix) {
      name.removeLast(suffix.count)
    }
    return info.parent.parent.appending("files".utf8).appending(name)
  }

  // MARK: - Steps (LibraryTrash journals between them)

  /// Chooses the trash and a free name, and writes the `.trashinfo` (O_EXCL).
  func reserve(_ path: LibraryPath, now: Int64) throws -> Reservation {
    let original = path.normalized
    guard original.bytes.first == UInt8(ascii: "/"), original.bytes.count > 1 else {
      throw CatalogError("\(path) is not an absolute file path")
    }
    guard let info = FileMoves.status(original) else {
      throw CatalogError("cannot find \(path): \(FileMoves.errorText(errno))")
    }
    let home = LibraryPath(homeTrash).normalized
    let homeReady = (try? Self.prepareFolder(home, makeParents: true, device: nil)) != nil
    var folder = home
    var top: LibraryPath?
    var sameDevice = false
    if homeReady, let homeInfo = FileMoves.status(home), homeInfo.st_dev == info.st_dev {
      sameDevice = true
    } else if usesVolumeTrashes, let volume = volumeTrash(for: original, device: info.st_dev) {
      (folder, top) = volume
      sameDevice = true
    } else if !homeReady {
      throw CatalogError("cannot use the Trash folder \(homeTrash)")
    }
    if folder.contains(original) { throw CatalogError("\(path) is already in the Trash") }

    var recorded = original.bytes
    if let top {
      recorded = Array(original.bytes.dropFirst(top.folderPrefix.count))
    }
    let text = TrashInfo.text(path: recorded, now: now)
    let (stem, ext) = Self.splitExtension(Self.shortened(Array(original.lastComponent)))
    let files = folder.appending("files".utf8)
    let infos = folder.appending("info".utf8)
    for n in 1...10_000 {
      let name = n == 1 ? stem + ext : stem + Array(".\(n)".utf8) + ext
      let infoPath = infos.appending(name + Array(".trashinfo".utf8))
      let fd = infoPath.withCString {
        open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
      }
      if fd < 0 {
        if errno == EEXIST { continue }
        throw CatalogError("cannot write in the Trash \(infos): \(FileMoves.errorText(errno))")
      }
      let filePath = files.appending(name)
      // A file without info (another program crashed mid-way) also takes the name.
      if FileMoves.exists(filePath) {
        close(fd)
        _ = infoPath.withCString { unlink($0) }
        continue
      }
      let written = Self.writeAll(fd, Array(text.utf8)) && fsync(fd) == 0
      let closed = close(fd) == 0
      guard written && closed else {
        _ = infoPath.withCString { unlink($0) }
        throw CatalogError("cannot write \(infoPath): \(FileMoves.errorText(errno))")
      }
      let entry = TrashEntry(
        filePath: filePath.string, infoPath: infoPath.string, originalPath: original.string,
        deletedAt: now)
      return Reservation(
        entry: entry, original: original, file: filePath, info: infoPath, folder: folder,
        sameDevice: sameDevice)
    }
    throw CatalogError("no free name in the Trash for \(path)")
  }

  /// Moves the reserved file into `files/`; on failure removes the `.trashinfo` again and
  /// leaves the file where it was.
  func commit(_ reservation: Reservation) throws {
    let original = reservation.original
    let target = reservation.file
    let name = String(decoding: original.lastComponent, as: UTF8.self)
    if reservation.sameDevice {
      let code = FileMoves.moveNoReplace(original, target)
      if code == 0 {
        FileMoves.syncFolder(target.parent)
        return
      }
      guard code == EXDEV else {
        cancel(reservation)
        throw CatalogError("cannot move \(name) to the Trash: \(FileMoves.errorText(code))")
      }
    }
    // Across file systems: a complete, flushed copy first, in the trash folder itself (not
    // in files/, so no trash browser lists it half-written), then renamed into place.
    let temporary = reservation.folder.appending(
      ".lightbox-partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))".utf8)
    do {
      try FileMoves.copy(original, to: temporary)
    } catch {
      cancel(reservation)
      throw error
    }
    let code = FileMoves.moveNoReplace(temporary, target)
    guard code == 0 else {
      try? FileMoves.removeTree(temporary)
      cancel(reservation)
      throw CatalogError("cannot move \(name) to the Trash: \(FileMoves.errorText(code))")
    }
    FileMoves.syncFolder(target.parent)
    let wasFolder = FileMoves.status(original).map(FileMoves.isDirectory) ?? false
    do {
      try FileMoves.removeTree(original)
    } catch {
      // A file's unlink failed as a whole: the original is intact, so the copy goes and
      // nothing changed. A folder may be half removed: the complete copy stays in the Trash.
      if !wasFolder {
        try? FileMoves.removeTree(target)
        cancel(reservation)
      }
      throw CatalogError("cannot remove \(name) after copying it to the Trash: \(error)")
    }
  }

  /// Gives the reserved name back (removes the `.trashinfo`).
  func cancel(_ reservation: Reservation) {
    _ = reservation.info.withCString { unlink($0) }
  }

  // MARK: - Helpers

  /// Removes a `.trashinfo`; nil, empty or already gone is fine.
  static func removeInfo(_ info: LibraryPath?) throws {
    guard let info, !info.bytes.isEmpty else { return }
    guard info.withCString({ unlink($0) }) == 0 || errno == ENOENT else {
      throw CatalogError("cannot remove \(info): \(FileMoves.errorText(errno))")
    }
  }

  /// The volume trash for a file on `device`: `$top/.Trash/$uid` when the administrator
  /// made a sticky, non-link `.Trash`, else `$top/.Trash-$uid`; nil when neither can be used.
  private func volumeTrash(for path: LibraryPath, device: dev_t) -> (
    folder: LibraryPath, top: LibraryPath
  )? {
    let top = Self.topDirectory(of: path, device: device)
    let shared = top.appending(".Trash".utf8)
    if let info = FileMoves.status(shared), FileMoves.isDirectory(info),
      info.st_mode & S_ISVTX != 0
    {
      let folder = shared.appending("\(uid)".utf8)
      if (try? Self.prepareFolder(folder, makeParents: false, device: device)) != nil {
        return (folder, top)
      }
    }
    let folder = top.appending(".Trash-\(uid)".utf8)
    if (try? Self.prepareFolder(folder, makeParents: false, device: device)) != nil {
      return (folder, top)
    }
    return nil
  }

  /// The highest folder above `path` still on `device`: the mount point.
  static func topDirectory(of path: LibraryPath, device: dev_t) -> LibraryPath {
    var current = path.parent
    while true {
      let up = current.parent
      if up == current { break }
      var info = stat()
      guard up.withCString({ stat($0, &info) }) == 0, info.st_dev == device else { break }
      current = up
    }
    return current
  }

  /// The volume's top directory of a volume trash's `info/NAME.trashinfo`.
  static func topDirectory(forInfo info: LibraryPath) -> LibraryPath? {
    let trash = info.parent.parent
    let trashName = String(decoding: trash.lastComponent, as: UTF8.self)
    if trashName.hasPrefix(".Trash-") { return trash.parent }
    if trash.parent.lastComponent.elementsEqual(".Trash".utf8) { return trash.parent.parent }
    return nil
  }

  /// Makes a trash folder with `files/` and `info/` (0700), checking it is a real folder
  /// (not a link) owned by this user and, for a volume trash, on that volume.
  private static func prepareFolder(
    _ folder: LibraryPath, makeParents: Bool, device: dev_t?
  ) throws {
    if makeParents { try FileMoves.makeFolders(folder.parent) }
    for path in [folder, folder.appending("files".utf8), folder.appending("info".utf8)] {
      if path.withCString({ mkdir($0, 0o700) }) != 0, errno != EEXIST {
        throw CatalogError("cannot create \(path): \(FileMoves.errorText(errno))")
      }
      guard let info = FileMoves.status(path), FileMoves.isDirectory(info),
        info.st_uid == geteuid(), device == nil || info.st_dev == device
      else { throw CatalogError("\(path) is not a trash folder of this user") }
    }
  }

  /// "IMG_1.jpg" → ("IMG_1", ".jpg"); a leading dot is part of the stem.
  static func splitExtension(_ name: [UInt8]) -> (stem: [UInt8], ext: [UInt8]) {
    guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != 0 else { return (name, []) }
    return (Array(name[..<dot]), Array(name[dot...]))
  }

  /// The name at most 200 bytes (NAME.trashinfo must fit in 255), cut between characters
  /// when it is UTF-8, keeping a short extension.
  static func shortened(_ name: [UInt8]) -> [UInt8] {
    guard name.count > 200 else { return name }
    var (stem, ext) = splitExtension(name)
    if ext.count >= 40 { ext = [] }
    let room = 200 - ext.count
    var cut = min(room, stem.count)
    // Back up over UTF-8 continuation bytes (10xxxxxx) so no character is split.
    while cut > 0, cut < stem.count, stem[cut] & 0xC0 == 0x80 { cut -= 1 }
    return Array(stem[..<cut]) + ext
  }

  private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var written = 0
    while written < bytes.count {
      let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      written += n
    }
    return true
  }
}

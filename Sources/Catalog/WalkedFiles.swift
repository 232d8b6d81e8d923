/// The regular files a walk found, held compactly: each folder's path once, every file's
/// name in one shared byte arena, and a fixed-size entry a file.
///
/// A list of `LibraryWalker.File`s held a path array a file: at a million photos 101 MB of
/// paths and 24 MB of list, beside the browser's loaded library while a re-scan ran, which
/// was the browser's peak (issue 32 §6). Here a file costs its name and 32 bytes; a `File`
/// (its whole path) is made only when asked for.
struct WalkedFiles: RandomAccessCollection, Equatable, Sendable {
  /// One file: where its folder's path and its name are, and its stamp. Names follow each
  /// other in `names` in the entries' order, so a name ends where the next begins (24 bytes
  /// an entry instead of 32 with its length: 8 MB at a million files).
  private struct Entry: Sendable {
    var folder: Int32
    var nameStart: UInt32
    var stamp: FileStamp
  }

  /// The folders' paths with their final "/" (a single file named as a root: empty).
  private var folders: [[UInt8]] = []
  private var names: [UInt8] = []
  private var entries: [Entry] = []

  init() {}

  var startIndex: Int { 0 }
  var endIndex: Int { entries.count }

  /// The file at `index`, its path put together.
  subscript(index: Int) -> LibraryWalker.File {
    let entry = entries[index]
    let folder = folders[Int(entry.folder)]
    let start = Int(entry.nameStart)
    let length =
      (index + 1 < entries.count ? Int(entries[index + 1].nameStart) : names.count) - start
    let path = [UInt8](unsafeUninitializedCapacity: folder.count + length) { buffer, count in
      _ = buffer.initialize(fromContentsOf: folder)
      names.withUnsafeBufferPointer { names in
        _ = UnsafeMutableBufferPointer(rebasing: buffer[folder.count...]).initialize(
          fromContentsOf: names[start..<(start + length)])
      }
      count = folder.count + length
    }
    return LibraryWalker.File(path: LibraryPath(bytes: path), stamp: entry.stamp)
  }

  /// Starts a folder whose files follow; returns the number its files are added under.
  mutating func addFolder(_ prefix: [UInt8]) -> Int32 {
    folders.append(prefix)
    return Int32(folders.count - 1)
  }

  /// Adds the file `name` (bytes) of folder `folder` (from `addFolder`).
  mutating func add(folder: Int32, name: UnsafeRawBufferPointer, stamp: FileStamp) {
    precondition(names.count <= Int(UInt32.max) - name.count)
    entries.append(Entry(folder: folder, nameStart: UInt32(names.count), stamp: stamp))
    names.append(contentsOf: name)
  }

  /// Adds a file by its whole path (a root that is a single file).
  mutating func add(path: LibraryPath, stamp: FileStamp) {
    let folder = addFolder([])
    path.bytes.withUnsafeBytes { add(folder: folder, name: $0, stamp: stamp) }
  }

  /// Drops the files from `index` on (a folder Lightbox exported into, listed, then left out).
  mutating func removeFiles(from index: Int) {
    guard index < entries.count else { return }
    names.removeSubrange(Int(entries[index].nameStart)...)
    entries.removeSubrange(index...)
  }

  /// Makes room for the files of `parts` after these: one allocation each for the entries
  /// and the names, instead of growing them by doubling (the old and the new buffer at once).
  mutating func reserveCapacity(appending parts: [WalkedFiles]) {
    entries.reserveCapacity(parts.reduce(entries.count) { $0 + $1.entries.count })
    names.reserveCapacity(parts.reduce(names.count) { $0 + $1.names.count })
    folders.reserveCapacity(parts.reduce(folders.count) { $0 + $1.folders.count })
  }

  /// Appends `other`'s files after these, in its order.
  mutating func append(contentsOf other: WalkedFiles) {
    let folderBase = Int32(folders.count)
    let nameBase = UInt32(names.count)
    precondition(names.count <= Int(UInt32.max) - other.names.count)
    folders.append(contentsOf: other.folders)
    names.append(contentsOf: other.names)
    for var entry in other.entries {
      entry.folder += folderBase
      entry.nameStart += nameBase
      entries.append(entry)
    }
  }

  /// Equal when they list the same paths with the same stamps, in the same order.
  static func == (lhs: WalkedFiles, rhs: WalkedFiles) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }
}

import CFileSystem

/// The stamps the catalog holds, by exact path, for a scan's comparison with the disk.
///
/// A thin owner of `lb_stamp_table` (CFileSystem): one arena of folder and name bytes and
/// open-addressing tables, so loading a million rows makes no Swift array per path (see
/// DECISIONS, 2026-11-26). Used by one thread at a time.
final class StampTable: @unchecked Sendable {
  private let table: OpaquePointer

  /// A table sized for about `expected` paths.
  init(expected: Int) {
    guard let table = lb_stamp_table_create(max(16, expected)) else {
      fatalError("out of memory for the catalog's stamps")
    }
    self.table = table
  }

  deinit { lb_stamp_table_free(table) }

  /// Number of distinct paths.
  var count: Int { lb_stamp_table_count(table) }

  /// Adds a path's row (a path added again takes the new values).
  func add(_ path: UnsafeRawBufferPointer, stamp: FileStamp, isPhoto: Bool) {
    let status = lb_stamp_table_add(
      table, path.baseAddress?.assumingMemoryBound(to: UInt8.self), path.count, stamp.size,
      stamp.mtimeNanoseconds, isPhoto ? 1 : 0)
    if status != 0 { fatalError("out of memory for the catalog's stamps") }
  }

  /// Adds a path's row.
  func add(_ path: LibraryPath, stamp: FileStamp, isPhoto: Bool) {
    path.bytes.withUnsafeBytes { add($0, stamp: stamp, isPhoto: isPhoto) }
  }

  /// The row of `path`, which is then taken (a second call gives nil).
  func take(_ path: LibraryPath) -> CatalogWriter.Known? {
    var size: Int64 = 0
    var mtime: Int64 = 0
    var isPhoto: Int32 = 0
    let found = path.bytes.withUnsafeBufferPointer { bytes in
      lb_stamp_table_take(table, bytes.baseAddress, bytes.count, &size, &mtime, &isPhoto)
    }
    guard found == 1 else { return nil }
    return CatalogWriter.Known(
      stamp: FileStamp(size: size, mtimeNanoseconds: mtime), isPhoto: isPhoto != 0)
  }

  /// The paths never taken, in the order they were added.
  func untaken() -> [LibraryPath] {
    var result: [LibraryPath] = []
    var cursor = 0
    var folder: UnsafePointer<UInt8>?
    var folderLength = 0
    var name: UnsafePointer<UInt8>?
    var nameLength = 0
    while lb_stamp_table_next_untaken(table, &cursor, &folder, &folderLength, &name, &nameLength)
      == 1
    {
      var bytes = [UInt8]()
      bytes.reserveCapacity(folderLength + nameLength)
      bytes += UnsafeBufferPointer(start: folder, count: folderLength)
      bytes += UnsafeBufferPointer(start: name, count: nameLength)
      result.append(LibraryPath(bytes: bytes))
    }
    return result
  }
}

import Foundation
import XCTest

@testable import Catalog

/// The catalog's memory maps (its reads go through them) are let go once the reads are
/// done: a mapped page counts in the browser's resident memory while the map is open.
final class CatalogMemoryMapTests: XCTestCase {
  func testAnIndexRunAndReleasedReadersLeaveNoMapOfTheCatalog() throws {
    let library = TestLibrary("catalog-maps")
    defer { library.remove() }
    for i in 0..<20 { try library.writeJPEG("IMG_\(i).jpg") }
    // The browser reads without a map now (`defaultMemoryMapBytes`); a caller may ask for
    // one, and then it must go with the readers.
    let catalog = try Catalog(path: library.catalogPath, memoryMapBytes: 268_435_456)
    let indexer = Indexer(catalog: catalog)
    XCTAssertEqual(try indexer.index(roots: [library.root]).total, 20)
    // The rows checkpointed into the file: a page still in the write-ahead log is read from
    // there, not through the map.
    _ = try catalog.pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
    // Read through a reader, as the browser's load does.
    XCTAssertEqual(try catalog.allAssets().count, 20)
    // (Whether this small file is mapped by the read depends on where SQLite finds its
    // pages; what must hold is that nothing keeps a map once the readers are let go — before
    // the writer stopped mapping, its map stayed here for good.)
    print("mapped after the read: \(mapsCatalog(library.catalogPath))")
    catalog.releaseReaders()
    XCTAssertTrue(
      waitUntil { !self.mapsCatalog(library.catalogPath) },
      "still mapped:\n\(maps().filter { $0.contains(library.catalogPath) })")
    // A re-scan maps it again to compare stamps and lets go when it ends.
    XCTAssertEqual(try indexer.index(roots: [library.root]).new, 0)
    XCTAssertTrue(waitUntil { !self.mapsCatalog(library.catalogPath) }, "the re-scan's map")
    XCTAssertEqual(try catalog.allAssets().count, 20, "the next read opens a reader again")
  }

  /// True when this process maps the database file itself (not its -wal or -shm).
  private func mapsCatalog(_ path: String) -> Bool {
    maps().contains { $0.hasSuffix(" " + path) }
  }

  private func maps() -> [String] {
    ((try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? "")
      .split(separator: "\n").map(String.init)
  }

  /// Polls `condition` for up to 5 s (the readers close after their last job).
  private func waitUntil(_ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
      if condition() { return true }
      usleep(20_000)
    }
    return condition()
  }
}

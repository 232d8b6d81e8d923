import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Catalog

/// One library whatever its path is called (issue 33): a link to it, `.` from inside it, a
/// trailing slash or a folder inside it are the same root, and a catalog that has photos
/// under two spellings already is merged, keeping every favorite, album and rotation.
final class LibraryRootsTests: XCTestCase {
  var library: TestLibrary!

  override func setUpWithError() throws {
    library = TestLibrary("roots")
    try library.writeJPEG("2019/a.jpg", date: "2019:04:12 10:00:00")
    try library.writeJPEG("2019/b.jpg", date: "2019:04:13 10:00:00")
    try library.writeJPEG("c.jpg", date: "2020:01:01 10:00:00")
  }

  override func tearDown() { library?.remove() }

  var link: String { library.folder.appendingPathComponent("link").path }

  func testEverySpellingIsOneRootAndIndexingThemMakesNoRowTwice() throws {
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: library.root)
    let catalog = try Catalog(path: library.catalogPath)
    let real = LibraryPath.canonical(library.root).string
    let indexer = Indexer(catalog: catalog)
    for spelling in [link, library.root + "/.", library.root + "/", library.root + "/2019"] {
      let roots = try catalog.libraryRoots(for: [spelling])
      XCTAssertEqual(roots, [real], spelling)
      _ = try indexer.index(roots: roots)
    }
    XCTAssertEqual(try catalog.roots, [real])
    XCTAssertEqual(try catalog.allAssets().count, 3)
    XCTAssertTrue(try catalog.allAssets().allSatisfy { $0.path.hasPrefix(real + "/") })
  }

  func testACatalogWithTwoSpellingsIsMergedKeepingFavoritesAlbumsAndRotations() throws {
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: library.root)
    let catalog = try Catalog(path: library.catalogPath)
    // As the last round left it: the library indexed under its path and under a link.
    for spelling in [library.root, link] {
      _ = try Indexer(catalog: catalog).index(roots: [spelling])
    }
    XCTAssertEqual(try catalog.allAssets().count, 6, "every photo twice")
    let byName = { (prefix: String) in
      try Dictionary(
        grouping: catalog.allAssets().filter { $0.path.hasPrefix(prefix + "/") },
        by: { ($0.path as NSString).lastPathComponent }
      ).mapValues { $0[0].id }
    }
    let real = try byName(library.root)
    let linked = try byName(link)
    // Favorite a.jpg through the link, b.jpg through the real path; an album with c.jpg
    // through the link; a.jpg turned through the link.
    try catalog.setFavorite(true, for: [linked["a.jpg"]!, real["b.jpg"]!])
    let album = try catalog.createAlbum(named: "Trip", adding: [linked["c.jpg"]!], now: 1)
    try catalog.setRotation([linked["a.jpg"]!: 1])

    XCTAssertEqual(try catalog.canonicalizeRoots(), 3, "three rows merged away")
    let canonical = LibraryPath.canonical(library.root).string
    XCTAssertEqual(try catalog.roots, [canonical])
    let assets = try catalog.allAssets()
    XCTAssertEqual(assets.count, 3)
    let named = Dictionary(
      uniqueKeysWithValues: assets.map { (($0.path as NSString).lastPathComponent, $0) })
    XCTAssertEqual(named["a.jpg"]?.isFavorite, true)
    XCTAssertEqual(named["b.jpg"]?.isFavorite, true)
    XCTAssertEqual(named["c.jpg"]?.isFavorite, false)
    XCTAssertEqual(named["a.jpg"]?.id, real["a.jpg"], "the older row is kept")
    XCTAssertEqual(named["a.jpg"]?.userRotation, 1)
    XCTAssertEqual(try catalog.album(album.id)?.assetIDs, [named["c.jpg"]!.id])
  }
}

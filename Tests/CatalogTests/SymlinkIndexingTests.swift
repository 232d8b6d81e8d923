import Foundation
import PhotoModel
import XCTest

@testable import Catalog

/// A symbolic link inside the library does not hide the real folder (issue 33): a file
/// reached twice is one photo under its real path, a link to outside the library is followed
/// once under the link's path, and rows a catalog holds under a link path from before move
/// to the real path with the user's favorites, albums, rotation and hidden flag.
final class SymlinkIndexingTests: XCTestCase {
  var library: TestLibrary!
  var outside: String { library.folder.appendingPathComponent("outside").path }

  override func setUpWithError() throws {
    library = TestLibrary("symlinks")
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
  }

  override func tearDown() { library.remove() }

  /// A relative link at `relative` (in the library) pointing at `target`.
  private func link(_ relative: String, to target: String) {
    XCTAssertEqual(symlink(target, library.root + "/" + relative), 0, relative)
  }

  /// The paths of a fresh catalog's rows after indexing the library on `workers` threads,
  /// relative to the library's root (or to its folder, for the paths outside).
  private func indexedPaths(workers: Int) throws -> [String] {
    let catalog = try Catalog(
      path: library.folder.appendingPathComponent("catalog-\(workers).sqlite").path)
    let summary = try Indexer(catalog: catalog, workers: workers).index(roots: [library.root])
    let paths = try catalog.allAssets().map {
      $0.path.replacingOccurrences(of: library.root, with: "")
    }
    XCTAssertEqual(summary.total, paths.count)
    return paths.sorted()
  }

  func testAFolderLinkedInsideTheLibraryIsIndexedUnderItsRealPathOnly() throws {
    try library.writeJPEG("Phone/a.jpg", date: "2024:01:01 10:00:00")
    try library.writeJPEG("Phone/sub/b.jpg", date: "2024:01:02 10:00:00")
    try library.writeJPEG("Family/f.jpg", date: "2024:01:03 10:00:00")
    // Met before Phone in name order: the walk that entered a folder once made these
    // Family/phone-link/… only.
    link("Family/phone-link", to: "../Phone")
    link("Family/sub-link", to: "../Phone/sub")
    link("Family/absolute-link", to: library.root + "/Phone")
    for workers in [1, 2, 4] {
      XCTAssertEqual(
        try indexedPaths(workers: workers), ["/Family/f.jpg", "/Phone/a.jpg", "/Phone/sub/b.jpg"],
        "\(workers) workers")
    }
  }

  func testALinkToAFolderOutsideTheLibraryIsFollowedOnceUnderTheLinksPath() throws {
    try library.writeJPEG("Family/f.jpg", date: "2024:01:03 10:00:00")
    let elsewhere = outside + "/Trip"
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    try Data(TestLibrary.jpeg(date: nil, offset: nil, orientation: nil, width: 8, height: 6))
      .write(to: URL(fileURLWithPath: elsewhere + "/t.jpg"))
    link("Family/trip", to: elsewhere)
    // Back into the library from outside: still the real path only.
    XCTAssertEqual(symlink(library.root + "/Family", elsewhere + "/back"), 0)
    try FileManager.default.createDirectory(
      atPath: library.root + "/Later", withIntermediateDirectories: true)
    link("Later/trip-again", to: elsewhere)  // the same folder: walked once, first met
    for workers in [1, 2, 4] {
      XCTAssertEqual(
        try indexedPaths(workers: workers), ["/Family/f.jpg", "/Family/trip/t.jpg"],
        "\(workers) workers")
    }
  }

  func testAFileLinkedInsideTheLibraryIsOnePhotoAndOneOutsideIsIndexedUnderTheLink() throws {
    try library.writeJPEG("Phone/a.jpg", date: "2024:01:01 10:00:00")
    try Data(TestLibrary.jpeg(date: nil, offset: nil, orientation: nil, width: 8, height: 6))
      .write(to: URL(fileURLWithPath: outside + "/o.jpg"))
    try FileManager.default.createDirectory(
      atPath: library.root + "/Family", withIntermediateDirectories: true)
    link("Family/a-link.jpg", to: "../Phone/a.jpg")
    link("Family/o-link.jpg", to: outside + "/o.jpg")
    for workers in [1, 2] {
      XCTAssertEqual(
        try indexedPaths(workers: workers), ["/Family/o-link.jpg", "/Phone/a.jpg"],
        "\(workers) workers")
    }
  }

  func testALinkToAFolderHoldingTheLibraryIsNotFollowed() throws {
    try library.writeJPEG("Phone/a.jpg")
    link("Phone/up", to: "../..")  // the library's parent: the whole library again
    link("Phone/root", to: "..")
    XCTAssertEqual(try indexedPaths(workers: 2), ["/Phone/a.jpg"])
  }

  /// Makes the catalog a version without links left: photos in a real folder
  /// `Family/phone-link`, indexed there; then the folder becomes `Phone` and a link to it
  /// takes its place. Returns the catalog and the rows' ids by file name.
  private func catalogIndexedThroughALink(alsoUnderTheRealPath: [String] = []) throws -> (
    Catalog, [String: AssetID]
  ) {
    try library.writeJPEG("Family/phone-link/a.jpg", date: "2024:01:01 10:00:00")
    try library.writeJPEG("Family/phone-link/b.jpg", date: "2024:01:02 10:00:00")
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    var ids: [String: AssetID] = [:]
    for asset in try catalog.allAssets() {
      ids[(asset.path as NSString).lastPathComponent] = asset.id
    }
    try FileManager.default.moveItem(
      atPath: library.root + "/Family/phone-link", toPath: library.root + "/Phone")
    link("Family/phone-link", to: "../Phone")
    // A row under the real path as well (the watcher's update of Phone met it there).
    if !alsoUnderTheRealPath.isEmpty {
      _ = try Indexer(catalog: catalog).update(
        paths: alsoUnderTheRealPath.map { library.root + "/Phone/" + $0 })
    }
    return (catalog, ids)
  }

  func testRowsIndexedThroughALinkMoveToTheRealPathKeepingTheUsersState() throws {
    let (catalog, ids) = try catalogIndexedThroughALink()
    let a = try XCTUnwrap(ids["a.jpg"])
    let b = try XCTUnwrap(ids["b.jpg"])
    try catalog.setFavorite(true, for: [a])
    try catalog.setRotation([a: 3])
    try catalog.setHidden(true, for: [b])
    let album = try catalog.createAlbum(named: "Phone", adding: [a, b], now: 1)

    let summary = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(summary.new, 0)
    XCTAssertEqual(summary.removed, 0)
    XCTAssertEqual(summary.total, 2)
    let movedA = try XCTUnwrap(catalog.asset(path: LibraryPath(library.root + "/Phone/a.jpg")))
    let movedB = try XCTUnwrap(catalog.asset(path: LibraryPath(library.root + "/Phone/b.jpg")))
    XCTAssertEqual(movedA.id, a)
    XCTAssertEqual(movedB.id, b)
    XCTAssertTrue(movedA.isFavorite)
    XCTAssertEqual(movedA.userRotation, 3)
    XCTAssertTrue(movedB.isHidden)
    XCTAssertEqual(try catalog.album(album.id)?.assetIDs, [a, b])
    XCTAssertNil(try catalog.asset(path: LibraryPath(library.root + "/Family/phone-link/a.jpg")))

    let again = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual([again.new, again.changed, again.removed, again.read], [0, 0, 0, 0])
  }

  func testARowUnderTheLinkAndOneUnderTheRealPathBecomeOneWithTheUnionOfBoth() throws {
    let (catalog, ids) = try catalogIndexedThroughALink(alsoUnderTheRealPath: ["a.jpg"])
    let linked = try XCTUnwrap(ids["a.jpg"])
    let real = try XCTUnwrap(
      catalog.asset(path: LibraryPath(library.root + "/Phone/a.jpg"))?.id)
    XCTAssertNotEqual(linked, real)
    try catalog.setFavorite(true, for: [linked])
    try catalog.setHidden(true, for: [real])
    let album = try catalog.createAlbum(named: "Trip", adding: [real], now: 1)

    let summary = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(summary.total, 2)
    XCTAssertEqual(summary.removed, 1, "the second row of a.jpg")
    let merged = try XCTUnwrap(catalog.asset(path: LibraryPath(library.root + "/Phone/a.jpg")))
    XCTAssertEqual(merged.id, linked, "the older row is kept")
    XCTAssertTrue(merged.isFavorite)
    XCTAssertTrue(merged.isHidden)
    XCTAssertEqual(try catalog.album(album.id)?.assetIDs, [linked])
    XCTAssertNotNil(try catalog.asset(path: LibraryPath(library.root + "/Phone/b.jpg")))
  }

  func testTheWatchersEventForANewLinkMovesTheRowsToo() throws {
    let (catalog, ids) = try catalogIndexedThroughALink()
    let a = try XCTUnwrap(ids["a.jpg"])
    try catalog.setFavorite(true, for: [a])
    // What the watcher reports: the folder moved away, a folder and a link appeared.
    let summary = try Indexer(catalog: catalog).update(
      paths: [library.root + "/Family/phone-link", library.root + "/Phone"])
    XCTAssertEqual(summary.removed, 0)
    XCTAssertEqual(summary.total, 2)
    let moved = try XCTUnwrap(catalog.asset(path: LibraryPath(library.root + "/Phone/a.jpg")))
    XCTAssertEqual(moved.id, a)
    XCTAssertTrue(moved.isFavorite)
    XCTAssertEqual(try catalog.allAssets().count, 2)
  }

  func testTheFileListAndTheScanWithoutACatalogResolveLinksToo() throws {
    try library.writeJPEG("Phone/a.jpg")
    link("Family", to: "Phone")
    XCTAssertEqual(
      LibraryFileList.files(under: [library.root]).files, [library.root + "/Phone/a.jpg"])
    XCTAssertEqual(
      FileIndexing.scanWithoutCatalog(roots: [library.root]).assets.map(\.path),
      [library.root + "/Phone/a.jpg"])
  }
}

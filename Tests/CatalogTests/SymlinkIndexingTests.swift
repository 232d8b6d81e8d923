import Foundation
import PhotoModel
import XCTest

@testable import Catalog

/// A symbolic link inside the library does not hide the real folder (issue 33): a file
/// reached twice is one photo under its real path, a link to outside the library is followed
/// once under the link's path.
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

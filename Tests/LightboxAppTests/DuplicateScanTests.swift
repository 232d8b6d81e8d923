import Catalog
@_spi(InProcessDecoding) import DecodeWorker
import Decoders
import Foundation
import LightboxTestSupport
import PhotoModel
import PhotoStore
import Pixels
import XCTest

@testable import LightboxApp

/// The browser's background duplicate finding: a library indexed without hashes gets them,
/// stored so that the next start hashes nothing, a changed file is hashed again, and the
/// groups come out keeper first.
final class DuplicateScanTests: XCTestCase {
  var root: URL!

  override func setUp() {
    root = BuiltProduct.temporaryDirectory("duplicate-scan")
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: root)
  }

  /// Rings around a centre that moves with `seed`: structure at every scale, a different
  /// picture for each seed.
  func scene(seed: Int, width: Int = 320, height: Int = 240) -> Bitmap {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    let cx = Double(40 + seed * 97 % 240)
    let cy = Double(30 + seed * 53 % 180)
    for y in 0..<height {
      for x in 0..<width {
        let d = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy))
          .squareRoot()
        let i = (y * width + x) * 4
        pixels[i] = UInt8(127 + 120 * sin(d / Double(9 + seed)))
        pixels[i + 1] = UInt8(x * 255 / width)
        pixels[i + 2] = UInt8(y * 255 / height)
      }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  func write(_ bytes: [UInt8], _ name: String) throws {
    try Data(bytes).write(to: root.appendingPathComponent(name))
  }

  func testHashesAreFilledOnceStoredAndGroupedAndAChangedFileIsHashedAgain() throws {
    let original = try JPEGEncoder.encode(scene(seed: 1), quality: 90).get()
    try write(original, "a.jpg")
    // The same image data with a comment segment added: an exact duplicate.
    let comment = Array("a caption".utf8)
    let length = comment.count + 2
    try write(
      Array(original[0..<2]) + [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + comment
        + Array(original[2...]), "b.jpg")
    // Re-encoded at q50: similar.
    try write(try JPEGEncoder.encode(scene(seed: 1), quality: 50).get(), "c.jpg")
    try write(try JPEGEncoder.encode(scene(seed: 2), quality: 90).get(), "d.jpg")
    let catalog = try Catalog(path: root.appendingPathComponent("catalog.sqlite").path)
    _ = try Indexer(catalog: catalog).index(roots: [root.path])
    let photos = LibraryService.assets(in: catalog, under: [root.path])
    XCTAssertEqual(photos.count, 4)
    XCTAssertTrue(try catalog.imageHashes().isEmpty, "indexed before: no hashes yet")

    var seen: [(Int, Int)] = []
    let found = try XCTUnwrap(
      DuplicateScan.run(
        catalog: catalog, roots: [root.path], decoder: .inProcess,
        progress: { seen.append(($0, $1)) }))
    XCTAssertEqual(seen.first.map { [$0.0, $0.1] }, [0, 4])
    XCTAssertEqual(seen.last.map { [$0.0, $0.1] }, [4, 4])
    XCTAssertEqual(try catalog.imageHashes().count, 4)
    let name = Dictionary(uniqueKeysWithValues: photos.map { ($0.id, $0.fileName) })
    XCTAssertEqual(found.groups.count, 1)
    XCTAssertEqual(found.groups.first?.kind, .similar)
    // The keeper: the larger file of the same size and resolution (b, with its comment).
    XCTAssertEqual(found.groups.first?.members.map { name[$0]! }, ["b.jpg", "a.jpg", "c.jpg"])
    XCTAssertEqual(found.bursts, [])

    // The next start: every hash is current, nothing is hashed, the same groups, read from
    // the catalog: the library is not even loaded.
    XCTAssertNotNil(try catalog.storedDuplicateGroups(roots: [root.path]))
    XCTAssertNil(try catalog.storedDuplicateGroups(roots: [root.path + "/other"]))
    seen = []
    let again = DuplicateScan.run(
      catalog: catalog, roots: [root.path], decoder: .inProcess,
      progress: { seen.append(($0, $1)) })
    XCTAssertEqual(seen.map { [$0.0, $0.1] }, [[0, 0]])
    XCTAssertEqual(again?.groups, found.groups)
    XCTAssertEqual(again?.bursts, found.bursts)

    // d becomes a copy of a: its stale hash is left out and it is hashed again.
    try write(original, "d.jpg")
    let d = root.appendingPathComponent("d.jpg").path
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_900_000_000)], ofItemAtPath: d)
    _ = try Indexer(catalog: catalog).index(roots: [root.path])
    XCTAssertEqual(try catalog.imageHashStampsMissing().count, 1)
    seen = []
    let changed = DuplicateScan.run(
      catalog: catalog, roots: [root.path], decoder: .inProcess,
      progress: { seen.append(($0, $1)) })
    XCTAssertEqual(seen.last.map { [$0.0, $0.1] }, [1, 1])
    XCTAssertEqual(changed?.groups.first?.members.count, 4)
    XCTAssertEqual(
      try catalog.storedDuplicateGroups(roots: [root.path])?.first?.members.count, 4,
      "the new groups are stored in place of the old")
  }

  /// A photo whose file cannot be hashed (its bytes are no longer a JPEG, its stamp
  /// unchanged) is stored without hashes: the next start neither hashes it again nor loads
  /// the library for it.
  func testAFileThatCannotBeHashedIsNotTriedAtEveryStart() throws {
    try write(try JPEGEncoder.encode(scene(seed: 5), quality: 90).get(), "a.jpg")
    try write(try JPEGEncoder.encode(scene(seed: 6), quality: 90).get(), "b.jpg")
    let catalog = try Catalog(path: root.appendingPathComponent("catalog.sqlite").path)
    _ = try Indexer(catalog: catalog).index(roots: [root.path])
    let b = root.appendingPathComponent("b.jpg").path
    let stamp = try FileManager.default.attributesOfItem(atPath: b)
    let size = try XCTUnwrap(stamp[.size] as? Int)
    try Data(repeating: 0x42, count: size).write(to: URL(fileURLWithPath: b))
    try FileManager.default.setAttributes(
      [.modificationDate: try XCTUnwrap(stamp[.modificationDate])], ofItemAtPath: b)
    XCTAssertEqual(LibraryService.assets(in: catalog, under: [root.path]).count, 2)
    let first = DuplicateScan.run(
      catalog: catalog, roots: [root.path], decoder: .inProcess,
      progress: { _, _ in })
    XCTAssertEqual(first?.groups, [])
    XCTAssertEqual(try catalog.imageHashStampsMissing().count, 0, "b is stored, without hashes")
    XCTAssertEqual(try catalog.imageHashTable().count, 2)
    var seen: [[Int]] = []
    _ = DuplicateScan.run(
      catalog: catalog, roots: [root.path], decoder: .inProcess,
      progress: { seen.append([$0, $1]) })
    XCTAssertEqual(seen, [[0, 0]], "nothing hashed again")
  }

  func testPhotosThatArriveWhileTheBrowserRunsAreHashedAloneAndGroupedWithTheRest() throws {
    let original = try JPEGEncoder.encode(scene(seed: 3), quality: 90).get()
    try write(original, "a.jpg")
    try write(try JPEGEncoder.encode(scene(seed: 4), quality: 90).get(), "b.jpg")
    let catalog = try Catalog(path: root.appendingPathComponent("catalog.sqlite").path)
    let indexer = Indexer(catalog: catalog)
    _ = try indexer.index(roots: [root.path])
    let first = DuplicateScan.run(
      catalog: catalog, roots: [root.path],
      decoder: .inProcess, progress: { _, _ in })
    XCTAssertEqual(first?.groups, [])

    // The watcher's update: nothing new to hash is no new grouping (the groups stand).
    var seen: [[Int]] = []
    XCTAssertNil(
      DuplicateScan.run(
        catalog: catalog, roots: [root.path],
        decoder: .inProcess, progress: { seen.append([$0, $1]) }, regroupUnlessNew: false))
    XCTAssertEqual(seen, [])

    // A copy of a arrives (an import, a download) and is indexed as the watcher does: it
    // alone is hashed, and it groups with a.
    try write(try JPEGEncoder.encode(scene(seed: 3), quality: 60).get(), "c.jpg")
    _ = try indexer.update(paths: [root.appendingPathComponent("c.jpg").path])
    let photos = LibraryService.assets(in: catalog, under: [root.path])
    XCTAssertEqual(photos.count, 3)
    let found = try XCTUnwrap(
      DuplicateScan.run(
        catalog: catalog, roots: [root.path], decoder: .inProcess,
        progress: { seen.append([$0, $1]) }, regroupUnlessNew: false))
    XCTAssertEqual(seen.first, [0, 1])
    XCTAssertEqual(seen.last, [1, 1])
    let name = Dictionary(uniqueKeysWithValues: photos.map { ($0.id, $0.fileName) })
    XCTAssertEqual(found.groups.map { $0.members.map { name[$0]! } }, [["a.jpg", "c.jpg"]])
  }
}

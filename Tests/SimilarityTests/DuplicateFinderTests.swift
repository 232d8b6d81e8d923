import PhotoModel
import Pixels
import XCTest

@testable import Similarity

/// Grouping: exact duplicates by digest, similar photos through near hashes (transitively),
/// bursts apart, the suggested keeper first.
final class DuplicateFinderTests: XCTestCase {
  func digest(_ n: UInt8) -> ImageDigest { ImageDigest(bytes: [UInt8](repeating: n, count: 32)) }

  func print(
    _ path: String, size: Int = 100, bytes: Int64 = 1000, camera: String? = nil,
    shot: Int64? = nil, digest n: UInt8, hash: UInt64? = nil, metadata: Int = 0, date: Int64 = 0
  ) -> PhotoPrint {
    PhotoPrint(
      path: path, pixelSize: PixelSize(width: size, height: size), byteSize: bytes,
      camera: camera, shotMilliseconds: shot, dateKey: date, metadataCount: metadata,
      digest: digest(n), hash: hash.map { PerceptualHash(dHash: $0, pHash: ~$0) })
  }

  func testExactGroupsOnlyWithoutSimilar() {
    let prints = [
      print("/a.jpg", digest: 1, hash: 0), print("/b.jpg", digest: 2, hash: 1),
      print("/c.jpg", digest: 1, hash: 0), print("/d.jpg", digest: 3, hash: 0xFFFF),
    ]
    let report = DuplicateFinder.find(prints, similar: false)
    XCTAssertEqual(
      report, DuplicateReport(groups: [.init(kind: .exact, members: [0, 2])], bursts: []))
  }

  func testSimilarJoinsNearHashesTransitively() {
    let rule = SimilarityRule(kind: .dHash, radius: 4, burstRadius: 8)
    let prints = [
      print("/a.jpg", digest: 1, hash: 0b0000),
      print("/b.jpg", digest: 2, hash: 0b1111),  // 4 from a
      print("/c.jpg", digest: 3, hash: 0b1111_1111),  // 4 from b, 8 from a
      print("/far.jpg", digest: 4, hash: 0xFFFF_0000_0000),
      print("/copy.jpg", digest: 1, hash: 0b0001),
    ]
    let report = DuplicateFinder.find(prints, similar: true, rule: rule)
    XCTAssertEqual(report.groups, [.init(kind: .similar, members: [0, 1, 2, 4])])
    XCTAssertEqual(report.bursts, [])
    // pHash picks the other hash (here the complement: the same distances).
    var p = rule
    p.kind = .pHash
    XCTAssertEqual(DuplicateFinder.find(prints, similar: true, rule: p).groups, report.groups)
    // Both as one 128-bit hash: every distance doubles here (pHash is dHash's complement).
    p = SimilarityRule(kind: .both, radius: 8, burstRadius: 16)
    XCTAssertEqual(DuplicateFinder.find(prints, similar: true, rule: p).groups, report.groups)
    // Only the copy is left: the same image data, so the group is exact.
    p.radius = 5
    XCTAssertEqual(
      DuplicateFinder.find(prints, similar: true, rule: p).groups,
      [.init(kind: .exact, members: [0, 4])])
  }

  func testBurstsAreListedApartAndNeverDuplicates() {
    let rule = SimilarityRule(kind: .dHash, radius: 4, burstRadius: 8)
    let camera = "Canon EOS R6"
    let prints = [
      // Three frames 0.5 s apart, alike: a burst, though frames 1 and 2 are within `radius`.
      print("/f1.jpg", camera: camera, shot: 10_000, digest: 1, hash: 0),
      print("/f2.jpg", camera: camera, shot: 10_500, digest: 2, hash: 0b11),
      print("/f3.jpg", camera: camera, shot: 11_000, digest: 3, hash: 0b111_1111),
      // Same camera 5 s later, alike: not in the burst, a duplicate of f1 by looks.
      print("/later.jpg", camera: camera, shot: 16_000, digest: 4, hash: 0b1),
      // Another camera at the same moment: not a frame.
      print("/other.jpg", camera: "Nikon D70", shot: 10_200, digest: 5, hash: 0xFF00_0000),
      // An exact copy of f2 (same shot, same data): a duplicate of f2, not another frame.
      print("/f2-copy.jpg", bytes: 900, camera: camera, shot: 10_500, digest: 2, hash: 0b11),
      // A re-encode of f3 that kept its EXIF (same instant, other data): its duplicate.
      print("/f3-small.jpg", size: 50, camera: camera, shot: 11_000, digest: 6, hash: 0b111_1110),
    ]
    let report = DuplicateFinder.find(prints, similar: true, rule: rule)
    // The frames (f3-small has another size: no frame of theirs).
    XCTAssertEqual(report.bursts, [[0, 5, 1, 2]])
    // f1 and f2 are not joined with each other (one burst), but "later" looks like both; f2's
    // copy is f2's duplicate, f3's re-encode f3's.
    XCTAssertEqual(
      report.groups,
      [
        .init(kind: .similar, members: [0, 1, 3, 5]),
        .init(kind: .similar, members: [2, 6]),
      ])
  }

  func testFlatPicturesJoinByColour() {
    var grey = print("/grey.jpg", digest: 1)
    grey.flatColour = RGB(137, 137, 137)
    var greyAgain = print("/grey-q50.jpg", digest: 2)
    greyAgain.flatColour = RGB(139, 136, 140)
    var red = print("/red.jpg", digest: 3)
    red.flatColour = RGB(200, 20, 20)
    var darker = print("/grey-darker.jpg", digest: 4)
    darker.flatColour = RGB(116, 116, 116)
    let report = DuplicateFinder.find([grey, greyAgain, red, darker], similar: true)
    XCTAssertEqual(report.groups, [.init(kind: .similar, members: [1, 0])])
    XCTAssertEqual(
      PerceptualHash.flatColour(of: Bitmap(width: 8, height: 8, fill: RGB(200, 20, 20))),
      RGB(200, 20, 20))
    XCTAssertNil(
      PerceptualHash.flatColour(of: SimilarityFixtures.scene(width: 40, height: 30, seed: 1)))
  }

  func testKeeperOrder() {
    let big = print("/small-first-but-big.jpg", size: 200, bytes: 10, digest: 1)
    let camera = print("/camera.jpg", bytes: 10, camera: "Sony", digest: 1)
    let larger = print("/larger.jpg", bytes: 2000, digest: 1)
    let richer = print("/richer.jpg", bytes: 1000, digest: 1, metadata: 3)
    let older = print("/older.jpg", bytes: 1000, digest: 1, date: -5)
    let plain = print("/plain.jpg", bytes: 1000, digest: 1)
    let prints = [plain, older, richer, larger, camera, big]
    let order = KeeperOrder.sorted(Array(prints.indices), in: prints).map { prints[$0].path }
    XCTAssertEqual(
      order,
      [
        "/small-first-but-big.jpg", "/camera.jpg", "/larger.jpg", "/richer.jpg", "/older.jpg",
        "/plain.jpg",
      ])
  }

  func testDigestPrintsAsHex() {
    XCTAssertEqual(digest(0xAB).description, String(repeating: "ab", count: 32))
  }
}

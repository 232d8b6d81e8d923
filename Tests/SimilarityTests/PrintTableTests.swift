import PhotoModel
import XCTest

@testable import Similarity

/// The compact table of prints the browser groups: what it keeps of a print, a camera or
/// size kept once, and photos dropped with the rest renumbered in order.
final class PrintTableTests: XCTestCase {
  func print(_ n: UInt8, camera: String?, size: Int?, shot: Int64?) -> (PhotoPrint, ImageDigest) {
    var print = PhotoPrint(
      path: "/\(n).jpg", pixelSize: size.map { PixelSize(width: $0, height: $0) }, byteSize: 1,
      camera: camera, shotMilliseconds: shot,
      hash: n % 2 == 0 ? PerceptualHash(dHash: UInt64(n), pHash: ~UInt64(n)) : nil)
    print.flatColour = n % 2 == 0 ? nil : RGB(n, n, n)
    return (print, ImageDigest(bytes: (0..<32).map { UInt8($0) &+ n }))
  }

  func testKeepsWhatGroupingReadsAndDropsPhotosInOrder() {
    var table = PrintTable()
    let prints = [
      print(0, camera: "Nikon", size: 10, shot: 5), print(1, camera: "Canon", size: nil, shot: nil),
      print(2, camera: nil, size: 10, shot: -3), print(3, camera: "Nikon", size: 20, shot: 7),
    ]
    for (print, digest) in prints { table.append(print, digest: digest) }
    XCTAssertEqual(table.cameraNames, ["Nikon", "Canon"], "each name once")
    XCTAssertEqual(table.pixelSizes.count, 2)
    table.remove([1])
    XCTAssertEqual(table.count, 3)
    let source = PrintTable.Source(table: table, path: { "/\($0)" })
    let kept = [prints[0], prints[2], prints[3]]
    for (i, (print, digest)) in kept.enumerated() {
      XCTAssertEqual(source.digestWord(i), digest.words.0)
      XCTAssertEqual(source.hash(i), print.hash)
      XCTAssertEqual(source.flatColour(i), print.flatColour)
      XCTAssertEqual(source.hasCamera(i), print.camera != nil)
      XCTAssertEqual(source.pixelSize(i), print.pixelSize)
      XCTAssertEqual(source.shotMilliseconds(i), print.shotMilliseconds)
    }
    XCTAssertTrue(source.sameCamera(0, 2))
    XCTAssertFalse(source.sameDigest(0, 2))
    XCTAssertTrue(source.sameDigest(1, 1))
    XCTAssertTrue(source.pathPrecedes(0, 1))
  }

  func testCamerasSortByName() {
    var table = PrintTable()
    for name in ["Sony", "Canon", "Nikon"] {
      table.append(
        print(0, camera: name, size: nil, shot: nil).0,
        digest: print(0, camera: nil, size: nil, shot: nil).1)
    }
    let source = PrintTable.Source(table: table, path: { _ in "" })
    XCTAssertTrue(source.cameraPrecedes(1, 2), "Canon before Nikon")
    XCTAssertTrue(source.cameraPrecedes(2, 0), "Nikon before Sony")
    XCTAssertFalse(source.cameraPrecedes(0, 1))
  }
}

import PhotoModel
import XCTest

final class RAWPairingTests: XCTestCase {
  private func asset(_ id: Int64, _ path: String, _ format: MediaFormat) -> Asset {
    Asset(
      id: AssetID(id), path: path, byteSize: id * 1000, modificationTime: 0, format: format,
      storedPixelSize: nil, orientation: .up,
      captureDate: CaptureDate(year: 2024, month: 8, day: 13, source: .exif))
  }

  func testARAWFileFoldsIntoTheJPEGOfItsStemInItsFolder() {
    let assets = [
      asset(1, "/p/IMG_0001.JPG", .jpeg), asset(2, "/p/img_0001.cr3", .raw),
      asset(3, "/p/IMG_0002.CR2", .raw),  // no JPEG: stays a photo of its own
      asset(4, "/q/IMG_0001.NEF", .raw),  // another folder: not IMG_0001.JPG's
      asset(5, "/q/IMG_0005.HEIC", .heic), asset(6, "/q/IMG_0005.DNG", .raw),
      asset(7, "/q/IMG_0007.png", .png), asset(8, "/q/IMG_0007.ARW", .raw),  // PNG: no pair
    ]
    let paired = RAWPairing.pair(assets)
    XCTAssertEqual(paired.map(\.id.rawValue), [1, 3, 4, 5, 7, 8])
    XCTAssertEqual(
      paired[0].rawCompanion,
      CompanionFile(id: AssetID(2), path: "/p/img_0001.cr3", byteSize: 2000))
    XCTAssertEqual(paired[3].rawCompanion?.id, AssetID(6))
    XCTAssertNil(paired[1].rawCompanion)
    XCTAssertNil(paired[4].rawCompanion)
    XCTAssertTrue(MediaType.raw.contains(paired[0]), "a pair is a RAW photo")
    XCTAssertTrue(MediaType.raw.contains(paired[1]))
    XCTAssertFalse(MediaType.raw.contains(paired[4]))
  }

  func testALibraryWithoutPairsIsUnchanged() {
    let assets = [asset(1, "/p/a.jpg", .jpeg), asset(2, "/p/b.cr2", .raw)]
    XCTAssertEqual(RAWPairing.pair(assets), assets)
  }
}

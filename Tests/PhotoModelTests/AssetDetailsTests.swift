import XCTest

@testable import PhotoModel

/// An asset's seldom-set fields kept out of line: a photo without them is small, each field
/// reads back what was set, and equal assets are equal whatever their details' storage.
final class AssetDetailsTests: XCTestCase {
  func asset(_ id: Int64 = 1) -> Asset {
    Asset(
      id: AssetID(id), path: "/photos/IMG_\(id).jpg", byteSize: 1_000, modificationTime: 5,
      format: .jpeg, storedPixelSize: PixelSize(width: 40, height: 30), orientation: .up,
      captureDate: CaptureDate(year: 2024, month: 5, day: 6, source: .exif))
  }

  func testAnAssetIsSmallAndAPhotoWithoutDetailsKeepsNone() {
    // It was 504 bytes with every optional inline (a million photos: 504 MB of state).
    print(
      "Asset stride: \(MemoryLayout<Asset>.stride) bytes; out of line when set: "
        + "\(MemoryLayout<AssetDetails.Values>.stride) bytes")
    XCTAssertLessThanOrEqual(MemoryLayout<Asset>.stride, 200)
    var photo = asset()
    XCTAssertNil(Mirror(reflecting: photo).descendant("details") as? AssetDetails)
    photo.cameraModel = "X100V"
    XCTAssertNotNil(Mirror(reflecting: photo).descendant("details") as? AssetDetails)
    photo.cameraModel = nil
    XCTAssertNil(Mirror(reflecting: photo).descendant("details") as? AssetDetails)
    XCTAssertEqual(photo, asset(), "emptied again, it equals one that never had any")
  }

  func testEveryFieldReadsBackAndACopyIsNotChangedWithIt() {
    var photo = asset()
    photo.cameraMake = "FUJIFILM"
    photo.cameraModel = "X100V"
    photo.lensModel = "23mm"
    photo.latitude = 48.85
    photo.longitude = 2.35
    photo.pathBytes = [0x2F, 0xFF]
    photo.exifThumbnail = 10..<200
    photo.exposure = Exposure(fNumber: 2, iso: 160)
    photo.rawCompanion = CompanionFile(id: AssetID(9), path: "/photos/IMG_1.RAF", byteSize: 7)
    photo.liveMovie = CompanionFile(
      id: AssetID(10), path: "/photos/IMG_1.MOV", byteSize: 8, format: .video, duration: 2)
    photo.contentIdentifier = "ABC"
    photo.duration = 3.5
    photo.userRotation = 3
    let copy = photo
    photo.cameraModel = "X100VI"
    XCTAssertEqual(copy.cameraModel, "X100V", "the copy keeps its own value")
    XCTAssertEqual(photo.cameraModel, "X100VI")
    XCTAssertEqual(copy.cameraMake, "FUJIFILM")
    XCTAssertEqual(copy.lensModel, "23mm")
    XCTAssertEqual(copy.latitude, 48.85)
    XCTAssertEqual(copy.longitude, 2.35)
    XCTAssertEqual(copy.pathBytes, [0x2F, 0xFF])
    XCTAssertEqual(copy.exifThumbnail, 10..<200)
    XCTAssertEqual(copy.exposure, Exposure(fNumber: 2, iso: 160))
    XCTAssertEqual(copy.rawCompanion?.path, "/photos/IMG_1.RAF")
    XCTAssertEqual(copy.liveMovie?.duration, 2)
    XCTAssertEqual(copy.companions.count, 2)
    photo.rawCompanion = nil
    XCTAssertEqual(photo.liveMovie?.path, "/photos/IMG_1.MOV", "one of the pair goes alone")
    XCTAssertNil(photo.rawCompanion)
    XCTAssertEqual(copy.rawCompanion?.path, "/photos/IMG_1.RAF")
    XCTAssertEqual(copy.contentIdentifier, "ABC")
    XCTAssertEqual(copy.duration, 3.5)
    XCTAssertEqual(copy.userRotation, 3)
    // Equal values in separate storage: equal assets, equal hashes.
    var twin = asset()
    twin.cameraMake = "FUJIFILM"
    var other = asset()
    other.cameraMake = "FUJIFILM"
    XCTAssertEqual(twin, other)
    XCTAssertEqual(twin.hashValue, other.hashValue)
    other.cameraMake = "Canon"
    XCTAssertNotEqual(twin, other)
    twin.userRotation = 1
    XCTAssertNotEqual(twin, asset())
  }
}

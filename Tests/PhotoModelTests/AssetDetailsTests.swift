import Glibc
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
      "Asset stride: \(MemoryLayout<Asset>.stride) bytes")
    XCTAssertLessThanOrEqual(MemoryLayout<Asset>.stride, 96)

    var photo = asset()
    XCTAssertNil(Mirror(reflecting: photo).descendant("details") as? AssetDetails)
    photo.cameraModel = "X100V"
    XCTAssertNotNil(Mirror(reflecting: photo).descendant("details") as? AssetDetails)
    photo.cameraModel = nil
    XCTAssertNil(Mirror(reflecting: photo).descendant("details") as? AssetDetails)
    XCTAssertEqual(photo, asset(), "emptied again, it equals one that never had any")
  }

  func testThePixelSizeIsKeptPackedAndReadsBack() {
    var photo = asset()
    for size in [
      PixelSize(width: 0, height: 0), PixelSize(width: 8192, height: 5464),
      PixelSize(width: 4_294_967_294, height: 4_294_967_295),
    ] {
      photo.storedPixelSize = size
      XCTAssertEqual(photo.storedPixelSize, size)
    }
    photo.storedPixelSize = nil
    XCTAssertNil(photo.storedPixelSize)
    XCTAssertNil(photo.displayPixelSize)
    photo.storedPixelSize = PixelSize(width: 1 << 40, height: -3)
    XCTAssertEqual(photo.storedPixelSize, PixelSize(width: 4_294_967_294, height: 0))
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

  func testACameraPhotoIsPackedAndEveryValueThatDoesNotFitIsKeptWhole() {
    var photo = asset()
    photo.cameraMake = "Canon"
    photo.cameraModel = "Canon EOS 5D Mark IV"
    photo.lensModel = "EF24-105mm f/4L IS USM"
    photo.latitude = -33.856_784_123_456
    photo.longitude = 151.215_297_987_654
    photo.exposure = Exposure(
      fNumber: 2.8, exposureTime: ExposureTime(numerator: 1, denominator: 250), iso: 200,
      focalLength: 47.5)
    photo.exifThumbnail = 1_200..<9_000
    XCTAssertEqual(photo.latitude, -33.856_784_123_456, "degrees are kept exactly")
    XCTAssertEqual(photo.longitude, 151.215_297_987_654)
    XCTAssertEqual(
      photo.exposure,
      Exposure(
        fNumber: 2.8, exposureTime: ExposureTime(numerator: 1, denominator: 250), iso: 200,
        focalLength: 47.5))
    XCTAssertEqual(photo.exifThumbnail, 1_200..<9_000)
    XCTAssertNil(details(photo)?.rare, "a camera photo's details need no second block")
    // A 96-byte heap block (it was 256, and 64 more for the model's name): glibc's chunk for
    // an object of at most 88 bytes.
    let block = details(photo).map { usableSize(Unmanaged.passUnretained($0).toOpaque()) }
    print("A camera photo's details: \(block ?? 0) usable bytes on the heap")
    XCTAssertLessThanOrEqual(block ?? .max, 88)

    // Values past the packed fields' range: kept whole, read back the same.
    var odd = asset()
    let huge = ExposureTime(numerator: Int64(Int32.max) + 1, denominator: 3)
    odd.exposure = Exposure(exposureTime: huge, iso: Int(Int32.min))
    odd.exifThumbnail = 7..<7
    odd.latitude = .nan
    odd.longitude = 0
    XCTAssertEqual(odd.exposure, Exposure(exposureTime: huge, iso: Int(Int32.min)))
    XCTAssertEqual(odd.exifThumbnail, 7..<7, "an empty range is not 'none'")
    XCTAssertEqual(odd.latitude?.isNaN, true, "a NaN read from a file is not 'none'")
    XCTAssertEqual(odd.longitude, 0)
    XCTAssertNotNil(details(odd)?.rare)
    odd.exposure = Exposure()
    XCTAssertEqual(odd.exposure, Exposure(), "an exposure with nothing recorded is not nil")

    // Packing is canonical: equal values, equal assets, whatever order they were set in.
    var first = asset()
    first.latitude = 1
    first.exposure = Exposure(iso: 100)
    first.contentIdentifier = "X"
    var second = asset()
    second.contentIdentifier = "X"
    second.exposure = Exposure(iso: 100)
    second.latitude = 1
    XCTAssertEqual(first, second)
    XCTAssertEqual(first.hashValue, second.hashValue)
    second.latitude = -0.0
    first.latitude = 0.0
    XCTAssertEqual(first, second, "as Double? compares them")
  }

  func testPhotosFromOneCameraShareItsNames() {
    // Strings made apart, as a catalog load makes them row by row.
    func made(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }
    var first = asset(1)
    first.cameraMake = made("NIKON CORPORATION")
    first.cameraModel = made("NIKON Z 6_2")
    var second = asset(2)
    second.cameraMake = made("NIKON CORPORATION")
    second.cameraModel = made("NIKON Z 6_2")
    XCTAssertTrue(details(first)?.camera === details(second)?.camera)
    second.lensModel = "NIKKOR Z 24-70mm f/4 S"
    XCTAssertFalse(details(first)?.camera === details(second)?.camera, "another lens")
    XCTAssertEqual(second.cameraModel, "NIKON Z 6_2")
    XCTAssertLessThanOrEqual(CameraNames.tableCount, CameraNames.tableLimit)
  }

  /// glibc's `malloc_usable_size` (`<malloc.h>` is not in Swift's Glibc module).
  private func usableSize(_ pointer: UnsafeMutableRawPointer) -> Int {
    guard let symbol = dlsym(nil, "malloc_usable_size") else { return .max }
    typealias Function = @convention(c) (UnsafeMutableRawPointer) -> Int
    return unsafeBitCast(symbol, to: Function.self)(pointer)
  }

  private func details(_ photo: Asset) -> AssetDetails? {
    Mirror(reflecting: photo).descendant("details") as? AssetDetails
  }
}

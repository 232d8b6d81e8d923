import PhotoModel
import XCTest

/// The tags side table: paths kept once, each photo's tags found by its id, edits that add
/// paths and replace a photo's list, and the rating kept in the asset's spare bits.
final class PhotoTagsTests: XCTestCase {
  let kyoto = ["Places", "Japan", "Kyoto"]

  func testPhotosFindTheirTagsInBothBuilders() {
    let byLists = PhotoTags(
      paths: [kyoto, ["cat"]],
      photos: [(AssetID(9), [1]), (AssetID(3), [0, 1]), (AssetID(5), [])],
      labels: [AssetID(3): "Red"])
    let byPairs = PhotoTags(
      paths: [kyoto, ["cat"]], sortedPhotoIDs: [AssetID(3), AssetID(3), AssetID(9)],
      tagIndices: [0, 1, 1], labels: [AssetID(3): "Red"])
    XCTAssertEqual(byLists, byPairs)
    XCTAssertEqual(byLists.tags(of: AssetID(3)), [kyoto, ["cat"]])
    XCTAssertEqual(byLists.tags(of: AssetID(9)), [["cat"]])
    XCTAssertEqual(byLists.tags(of: AssetID(5)), [], "an empty list is no row")
    XCTAssertEqual(byLists.tags(of: AssetID(4)), [])
    XCTAssertEqual(byLists.photoIDs, [AssetID(3), AssetID(9)])
    XCTAssertEqual(byLists.label(of: AssetID(3)), "Red")
    XCTAssertEqual(PhotoTags(paths: [], sortedPhotoIDs: [], tagIndices: []), PhotoTags())
  }

  func testSettingReplacesAPhotosTagsAndAddsNewPaths() {
    var tags = PhotoTags(paths: [["cat"]], photos: [(AssetID(1), [0]), (AssetID(2), [0])])
    tags.set([AssetID(2): [["dog"], ["cat"]], AssetID(7): [kyoto]])
    XCTAssertEqual(tags.paths, [["cat"], ["dog"], kyoto])
    XCTAssertEqual(tags.tags(of: AssetID(1)), [["cat"]])
    XCTAssertEqual(tags.tags(of: AssetID(2)), [["dog"], ["cat"]])
    XCTAssertEqual(tags.tags(of: AssetID(7)), [kyoto])
    tags.set([], for: [AssetID(1), AssetID(2)])
    XCTAssertEqual(tags.photoIDs, [AssetID(7)])
    tags.setLabel("Blue", for: AssetID(7))
    XCTAssertEqual(tags.label(of: AssetID(7)), "Blue")
    tags.setLabel("", for: AssetID(7))
    XCTAssertNil(tags.label(of: AssetID(7)))
  }

  func testTheRatingSharesTheRotationsByte() {
    var asset = Asset(
      id: AssetID(1), path: "/p/a.jpg", byteSize: 1, modificationTime: 0, format: .jpeg,
      storedPixelSize: nil, orientation: .up,
      captureDate: CaptureDate(epochSeconds: 0, source: .exif),
      userRotation: 3, rating: 4)
    XCTAssertEqual(asset.rating, 4)
    XCTAssertEqual(asset.userRotation, 3)
    asset.rating = -1
    XCTAssertTrue(asset.isRejected)
    XCTAssertEqual(asset.userRotation, 3)
    asset.userRotation = 1
    XCTAssertEqual(asset.rating, -1)
    asset.rating = 9
    XCTAssertEqual(asset.rating, 5, "clamped")
    XCTAssertEqual(
      Asset(
        id: AssetID(2), path: "/p/b.jpg", byteSize: 1, modificationTime: 0, format: .jpeg,
        storedPixelSize: nil, orientation: .up,
        captureDate: CaptureDate(epochSeconds: 0, source: .exif)
      ).rating, 0)
  }
}

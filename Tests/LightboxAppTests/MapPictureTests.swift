@_spi(InProcessDecoding) import DecodeWorker
import Foundation
import PhotoModel
import PhotoStore
import Pixels
import XCTest

@testable import LightboxApp

/// The world map's base map and picture: the Blue Marble's land mask (the text map's land),
/// a missing base map said as such, and the picture's crop, dots and labels.
final class MapPictureTests: XCTestCase {
  /// Known land and sea on the Blue Marble that Debian's xplanet-images ships.
  func testTheLandMaskOfTheBlueMarble() throws {
    let path = BaseMapFile.systemPath
    guard FileManager.default.fileExists(atPath: path) else {
      throw XCTSkip("\(path) is not installed (scripts/install-deps installs xplanet-images)")
    }
    let action = BaseMapFile().load(
      environment: ["LIGHTBOX_BASE_MAP": path], decoder: .inProcess)
    guard case .map(.baseMapLoaded(let base)) = action else {
      return XCTFail("\(action)")
    }
    XCTAssertEqual(base.size, PixelSize(width: 2048, height: 1024))
    XCTAssertEqual(base.path, path)
    let land: [(String, Double, Double)] = [
      ("the Sahara", 23, 10), ("the Amazon", -5, -60), ("Siberia", 62, 100),
      ("Australia", -25, 134), ("the Great Plains", 40, -100), ("the Deccan", 18, 77),
    ]
    for (name, latitude, longitude) in land {
      XCTAssertTrue(base.land.isLand(latitude: latitude, longitude: longitude), name)
    }
    let sea: [(String, Double, Double)] = [
      ("the Pacific", 0, -150), ("the Atlantic", 30, -40), ("the Indian Ocean", -20, 80),
      ("the Tasman Sea", -40, 160), ("the Mediterranean", 35, 18), ("the Baltic", 58, 19.5),
    ]
    for (name, latitude, longitude) in sea {
      XCTAssertFalse(base.land.isLand(latitude: latitude, longitude: longitude), name)
    }
    // Land is 29 % of the globe, but the cells near the poles (ice, counted as land) are
    // many on an equirectangular map: 46 % of the cells.
    let share = Double(base.land.landCount) / Double(base.land.width * base.land.height)
    XCTAssertTrue((0.40...0.52).contains(share), "\(share)")
  }

  func testAMissingBaseMapIsSaidWithItsPath() {
    let action = BaseMapFile().load(
      environment: ["LIGHTBOX_BASE_MAP": "/nonexistent/earth.jpg"], decoder: .inProcess)
    guard case .map(.baseMapMissing(let reason)) = action else {
      return XCTFail("\(action)")
    }
    XCTAssertTrue(reason.contains("/nonexistent/earth.jpg"), reason)
    XCTAssertEqual(BaseMapFile.path(environment: [:]), "/usr/share/xplanet/images/earth.jpg")
  }

  /// A 360×180 base map, green west of the meridian and blue east of it: the picture shows
  /// its region scaled, the sea colour past the world's edge, and each marker's dot and label.
  func testThePictureIsTheRegionWithTheClustersDrawnIn() {
    var base = Bitmap(width: 360, height: 180, fill: RGB(0, 200, 0))
    for y in 0..<180 {
      for x in 180..<360 {
        let i = (y * 360 + x) * 4
        base.pixels[i] = 0
        base.pixels[i + 1] = 0
        base.pixels[i + 2] = 200
      }
    }
    // The world's whole width, and 30 px of nothing above it: 400×240 px.
    let key = ImageKey(
      asset: AppState.mapPictureID, size: PixelSize(width: 400, height: 240), fit: .fill,
      region: ImageRegion(x: 0, y: -30, width: 360, height: 216),
      markers: [
        MapMarker(x: 100, y: 120, count: 1_234, isSelected: false),
        MapMarker(x: 300, y: 120, count: 7, isSelected: true),
      ])
    let picture = MapPicture.make(key: key, base: base)
    XCTAssertEqual(picture.size, key.size)
    XCTAssertEqual(picture.rgb(x: 50, y: 10), MapPicture.background, "above the world")
    XCTAssertEqual(picture.rgb(x: 50, y: 200), RGB(0, 200, 0), "west: green")
    XCTAssertEqual(picture.rgb(x: 350, y: 200), RGB(0, 0, 200), "east: blue")
    XCTAssertEqual(picture.rgb(x: 100, y: 120), MapPicture.dot)
    XCTAssertEqual(picture.rgb(x: 300, y: 120), MapPicture.selectedDot)
    // The labels: "1,234" in white on black right of its dot, "7" in black on white.
    let scale = 1  // 240 px high: one pixel a font dot
    let left = 100 + 3 * scale + 2 * scale
    var inks = 0
    for x in left..<(left + 5 * 4 * scale) {
      for y in (120 - 3)..<(120 + 4) where picture.rgb(x: x, y: y) == MapPicture.ink { inks += 1 }
    }
    XCTAssertGreaterThan(inks, 20, "the count's digits are drawn")
    XCTAssertEqual(picture.rgb(x: left, y: 120 - 3), MapPicture.labelBackground)
    XCTAssertEqual(MapPicture.countText(1_234_567), "1,234,567")
  }
}

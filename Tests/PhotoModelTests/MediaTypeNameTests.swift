import LightboxTestSupport
import XCTest

@testable import PhotoModel

/// Screenshots and panoramas are told by their names without building strings; the answers
/// are those of lowercasing the name and searching it, on seeded random names.
final class MediaTypeNameTests: XCTestCase {
  func asset(_ name: String, format: MediaFormat = .jpeg) -> Asset {
    Asset(
      id: AssetID(1), path: "/photos/2024/" + name, byteSize: 1, modificationTime: 0,
      format: format, storedPixelSize: PixelSize(width: 400, height: 300), orientation: .up,
      captureDate: CaptureDate(year: 2024, month: 5, day: 1, source: .exif), cameraMake: "Canon")
  }

  /// What the names were matched with before (lowercased, `hasPrefix`, `contains`).
  func expectedScreenshot(_ name: String) -> Bool {
    let lower = name.lowercased()
    return ["screenshot", "screen shot", "screen_shot", "scrnshot", "scrn_", "snapshot_"]
      .contains { lower.hasPrefix($0) } || lower.contains("screenshot")
  }

  func expectedPanorama(_ name: String) -> Bool {
    let upper = name.uppercased()
    return upper.hasPrefix("PANO_") || upper.contains("_PANO")
  }

  func testNamesMatchAsLowercasingAndSearchingDid() {
    var random = SeededGenerator(seed: TestSeed.value)
    let parts = [
      "Screenshot", "SCREEN SHOT", "screen_Shot", "ScrnShot", "scrn_", "Snapshot_", "screens",
      "pano_", "_PANO", "Pano", "IMG_", "é", "Ä", "日本", "x", "_", " ", "-", ".png", "2024",
    ]
    for _ in 0..<5_000 {
      let count = Int.random(in: 1...4, using: &random)
      let name = (0..<count).map { _ in parts.randomElement(using: &random)! }.joined()
      XCTAssertEqual(
        MediaType.isScreenshot(asset(name)), expectedScreenshot(name), "screenshot: \(name)")
      XCTAssertEqual(
        MediaType.isPanorama(asset(name)), expectedPanorama(name), "panorama: \(name)")
    }
  }

  func testFrontLensesMatchAsLowercasingAndSearchingDid() {
    var random = SeededGenerator(seed: TestSeed.value)
    let parts = ["iPhone 15", " FRONT", "Front", "fron", "t", "camera", "é", "日本", " ", "2.69mm"]
    for _ in 0..<2_000 {
      let count = Int.random(in: 1...4, using: &random)
      let lens = (0..<count).map { _ in parts.randomElement(using: &random)! }.joined()
      var photo = asset("IMG_1.HEIC")
      photo.lensModel = lens
      XCTAssertEqual(
        MediaType.selfies.contains(photo), lens.lowercased().contains("front"), "lens: \(lens)")
    }
    XCTAssertTrue(MediaType.isFrontLens("iPhone 12 front camera 2.71mm f/2.2"))
    XCTAssertFalse(MediaType.isFrontLens("iPhone 12 back dual wide camera 4.2mm f/1.6"))
    XCTAssertFalse(MediaType.selfies.contains(asset("IMG_2.HEIC")), "no lens recorded")
  }

  func testTheTypesKeptWithAnAssetFollowEveryChangeOfTheFieldsTheyRead() {
    var random = SeededGenerator(seed: TestSeed.value)
    var photo = asset("IMG_1.JPG")
    let names = ["IMG_1.JPG", "Screenshot 1.png", "PANO_1.jpg", "clip.mov", "a_pano.tif"]
    let sizes = [
      PixelSize(width: 400, height: 300), PixelSize(width: 300, height: 800),
      PixelSize(width: 900, height: 300),
    ]
    let formats: [MediaFormat] = [.jpeg, .png, .raw, .video, .gif]
    for step in 0..<3_000 {
      switch Int.random(in: 0..<9, using: &random) {
      case 0: photo.path = "/p/" + names.randomElement(using: &random)!
      case 1: photo.format = formats.randomElement(using: &random)!
      case 2: photo.storedPixelSize = sizes.randomElement(using: &random)!
      case 3: photo.orientation = Bool.random(using: &random) ? .up : .right
      case 4: photo.isAnimated.toggle()
      case 5: photo.userRotation = Int.random(in: 0...3, using: &random)
      case 6: photo.lensModel = Bool.random(using: &random) ? "front camera" : nil
      case 7: photo.cameraMake = Bool.random(using: &random) ? "Canon" : nil
      default:
        photo.rawCompanion =
          Bool.random(using: &random)
          ? CompanionFile(id: AssetID(2), path: "/p/IMG_1.CR2", byteSize: 1) : nil
      }
      for type in MediaType.allCases {
        XCTAssertEqual(type.contains(photo), type.isMatched(by: photo), "\(type), step \(step)")
      }
    }
  }

  func testKnownNames() {
    XCTAssertTrue(MediaType.isScreenshot(asset("Screenshot 2024-05-01 at 10.00.00.png")))
    XCTAssertTrue(MediaType.isScreenshot(asset("Screen Shot 2019-01-01.png")))
    XCTAssertTrue(MediaType.isScreenshot(asset("IMG_0001_screenshot.jpg")))
    XCTAssertFalse(MediaType.isScreenshot(asset("IMG_0001.JPG")))
    XCTAssertTrue(MediaType.isPanorama(asset("PANO_20240501.jpg")))
    XCTAssertTrue(MediaType.isPanorama(asset("IMG_20240501_pano.jpg")))
    XCTAssertFalse(MediaType.isPanorama(asset("IMGPANORAMIC.jpg")), "needs the underscore")
    XCTAssertEqual(asset("a/b/c.jpg").withFileNameBytes { Array($0) }, Array("c.jpg".utf8))
    XCTAssertEqual(asset("c.jpg").withFileNameBytes { Array($0) }, Array("c.jpg".utf8))
    XCTAssertEqual(asset("a/").withFileNameBytes { $0.count }, 0)
  }

  func shaped(_ name: String, format: MediaFormat, size: PixelSize?, camera: String? = nil)
    -> Asset
  {
    Asset(
      id: AssetID(1), path: "/downloads/" + name, byteSize: 1, modificationTime: 0,
      format: format, storedPixelSize: size, orientation: .up,
      captureDate: CaptureDate(year: 2024, month: 5, day: 1, source: .exif), cameraMake: camera)
  }

  /// A panorama by its shape is at least 2:1 and 2,000 px long: a 64×16 icon or banner is
  /// not one, and neither is a file whose size could not be read (issue 33).
  func testAPanoramaByShapeIsLongEnough() {
    let wide = { (w: Int, h: Int) in
      MediaType.isPanorama(
        self.shaped("a.jpg", format: .jpeg, size: PixelSize(width: w, height: h)))
    }
    XCTAssertTrue(wide(6000, 2000))
    XCTAssertTrue(wide(1000, 2400), "tall ones too")
    XCTAssertFalse(wide(64, 16))
    XCTAssertFalse(wide(1900, 600))
    XCTAssertFalse(wide(3000, 2000), "not 2:1")
    XCTAssertFalse(MediaType.isPanorama(shaped("a.jpg", format: .jpeg, size: nil)))
    XCTAssertTrue(MediaType.isPanorama(shaped("PANO_1.jpg", format: .jpeg, size: nil)))
  }

  /// A PNG no camera made is a screenshot only when its size could be read: a broken
  /// download is none.
  func testABrokenPNGIsNoScreenshot() {
    let size = PixelSize(width: 1170, height: 2532)
    XCTAssertTrue(MediaType.isScreenshot(shaped("a.png", format: .png, size: size)))
    XCTAssertFalse(MediaType.isScreenshot(shaped("a.png", format: .png, size: nil)))
    XCTAssertFalse(
      MediaType.isScreenshot(shaped("a.png", format: .png, size: size, camera: "Apple")))
  }
}

import Foundation
import Imaging
import LightboxTestSupport
import PhotoModel
import PhotoStore
import TerminalGraphics
import XCTest

@testable import LightboxApp

/// The zoomed view's pictures: the region cut from a copy decoded at the zoom's scale (equal
/// to the same region of the full-size photo), the minimap's frame, and the source cache.
final class LoupePictureTests: XCTestCase {
  var work: URL!

  override func setUpWithError() throws {
    work = FileManager.default.temporaryDirectory
      .appendingPathComponent("lightbox-loupe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: work)
  }

  /// A 1600×1200 photo with detail at every scale: smooth gradients, seeded noise and a
  /// grid of thin lines (so a wrong offset or scale shows as a large error).
  func photo() throws -> (path: String, bitmap: Bitmap) {
    var random = SeededGenerator(seed: TestSeed.value)
    let width = 1600
    let height = 1200
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 4
        let line = x % 50 < 2 || y % 40 < 2
        let noise = UInt8(random.next() % 24)
        pixels[i] = line ? 20 : UInt8(x * 200 / width) &+ noise
        pixels[i + 1] = line ? 20 : UInt8(y * 200 / height) &+ noise
        pixels[i + 2] = line ? 240 : UInt8((x + y) * 100 / (width + height)) &+ noise
      }
    }
    let bitmap = Bitmap(width: width, height: height, pixels: pixels)
    let path = work.appendingPathComponent("photo.jpg").path
    let bytes = try JPEGEncoder.encode(bitmap, quality: 95).get()
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return (path, bitmap)
  }

  func request(_ path: String, key: ImageKey) -> ImageRequest {
    ImageRequest(
      key: key, path: path, format: .jpeg, orientation: .up, priority: .visible,
      bestQuality: true, storedSize: PixelSize(width: 1600, height: 1200))
  }

  func psnr(_ a: Bitmap, _ b: Bitmap) -> Double { ScreenshotGrid.psnr(a, b) }

  func testTheRegionEqualsTheSameRegionOfTheFullSizePhoto() throws {
    let (path, original) = try photo()
    let photoSize = PixelSize(width: 1600, height: 1200)
    let cache = LoupeSourceCache()
    let full = try PhotoDecoder().decode(
      path: path,
      options: DecodeOptions(
        target: photoSize, mode: .fit, quality: .best, orientation: .up, background: .black)
    ).get()
    XCTAssertGreaterThan(psnr(full, original), 20, "the JPEG itself (4:2:0 on sharp lines)")
    // 2× (screen pixels per image pixel) at 1:1 crop scale, and 0.5× (from a half-size copy).
    for (region, size) in [
      (ImageRegion(x: 401, y: 333, width: 300, height: 200), PixelSize(width: 600, height: 400)),
      (ImageRegion(x: 200, y: 100, width: 800, height: 600), PixelSize(width: 400, height: 300)),
    ] {
      let key = ImageKey(asset: AssetID(1), size: size, fit: .fit, region: region)
      let width = LoupePicture.sourceWidth(for: region, at: size, photo: photoSize)
      let source = try LoupePicture.source(
        request(path, key: key), width: width, photo: photoSize, cache: cache,
        decoder: PhotoDecoder(), background: .black
      ).get()
      XCTAssertGreaterThanOrEqual(source.width, min(1600, width))
      let picture = LoupePicture.crop(source, region: region, photo: photoSize, size: size)
      XCTAssertEqual(picture.size, size)
      let reference = full.cropped(
        x: region.x, y: region.y, width: region.width, height: region.height
      ).resized(to: size)
      XCTAssertGreaterThan(psnr(picture, reference), 30, "region \(region) at \(size)")
      // A region one step off is far worse: the comparison sees a wrong offset.
      let shifted = full.cropped(
        x: region.x + 25, y: region.y, width: region.width, height: region.height
      ).resized(to: size)
      XCTAssertLessThan(psnr(picture, shifted), 25)
    }
  }

  func testAPanWithinTheScaleCropsTheCachedCopyAndAZoomPostsAPreviewFirst() throws {
    let (path, _) = try photo()
    let loupe = LoupeSourceCache()
    let pictures = PictureCache()
    let format = PictureFormat.halfBlock(.trueColor)
    var previews: [Action] = []
    func make(_ region: ImageRegion, _ size: PixelSize) -> Action {
      let key = ImageKey(asset: AssetID(1), size: size, fit: .fit, region: region)
      return EffectRunner.makeLoupePicture(
        request(path, key: key), format: format, background: .black, cache: pictures,
        loupe: loupe, decoder: PhotoDecoder(), preview: { previews.append($0) })
    }
    let low = ImageKey(
      asset: AssetID(1), size: PixelSize(width: 200, height: 150), fit: .fit,
      region: ImageRegion(x: 0, y: 0, width: 800, height: 600))
    XCTAssertEqual(make(low.region!, low.size), .image(.loaded(low)))
    XCTAssertTrue(pictures.contains(low))
    let copies = loupe.byteCount
    XCTAssertEqual(previews, [], "nothing rougher was at hand")
    // A pan at the same scale: no new decode, no preview.
    _ = make(ImageRegion(x: 80, y: 0, width: 800, height: 600), PixelSize(width: 200, height: 150))
    XCTAssertEqual(loupe.byteCount, copies)
    XCTAssertEqual(previews, [])
    // Zooming in to 1:1: the quarter-size copy gives a preview, then the sharp one.
    let sharp = ImageKey(
      asset: AssetID(1), size: PixelSize(width: 400, height: 300), fit: .fit,
      region: ImageRegion(x: 600, y: 450, width: 400, height: 300))
    XCTAssertEqual(make(sharp.region!, sharp.size), .image(.loaded(sharp)))
    XCTAssertEqual(previews, [.image(.preview(sharp))])
    XCTAssertGreaterThan(loupe.byteCount, copies)
  }

  func testTheMinimapFramesTheRegion() {
    let source = Bitmap(width: 400, height: 300, fill: RGB(40, 90, 40))
    let photo = PixelSize(width: 4000, height: 3000)
    let region = ImageRegion(x: 1000, y: 1000, width: 1000, height: 500)
    let map = LoupePicture.minimap(
      source, outline: region, photo: photo, size: PixelSize(width: 100, height: 75))
    XCTAssertEqual(map.size, PixelSize(width: 100, height: 75))
    // The region is x 25..<50, y 25..<37.5 on the map: a light frame, dark outside it.
    let frame = map.rgb(x: 25, y: 30)
    XCTAssertGreaterThan(Int(frame.r) + Int(frame.g), 400)
    XCTAssertEqual(map.rgb(x: 24, y: 30), RGB(0, 0, 0))
    XCTAssertEqual(map.rgb(x: 35, y: 25), frame)
    XCTAssertEqual(map.rgb(x: 35, y: 30), RGB(40, 90, 40), "inside is the photo")
    XCTAssertEqual(map.rgb(x: 10, y: 10), RGB(40, 90, 40))
  }

  func testTheSourceCacheKeepsItsBudgetAndTheNewestCopy() {
    let cache = LoupeSourceCache(budgetBytes: 3 * 100 * 100 * 4)
    for i in 0..<5 {
      cache.insert(Bitmap(width: 100, height: 100, fill: .black), for: "/p/\(i)")
    }
    XCTAssertEqual(cache.byteCount, 3 * 100 * 100 * 4)
    XCTAssertNil(cache.source(for: "/p/0", width: 1))
    XCTAssertNotNil(cache.source(for: "/p/4", width: 1))
    // Too big for the budget on its own: kept anyway (it is the one on screen).
    cache.insert(Bitmap(width: 400, height: 400, fill: .black), for: "/p/big")
    XCTAssertEqual(cache.byteCount, 400 * 400 * 4)
    XCTAssertEqual(cache.source(for: "/p/big", width: 500)?.covers, false)
  }
}

import Foundation
import Pixels
import Decoders
@_spi(InProcessDecoding) import DecodeWorker
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

  func psnr(_ a: Bitmap, _ b: Bitmap) -> Double { TestImages.psnr(a, b) }

  /// The 1600×1200 photo at `path` decoded whole at full size: the reference for regions.
  func fullSize(_ path: String) throws -> Bitmap {
    try PhotoDecoder.inProcess.decode(
      path: path,
      options: DecodeOptions(
        target: PixelSize(width: 1600, height: 1200), mode: .fit, quality: .best,
        orientation: .up, background: .black)
    ).get()
  }

  func testTheRegionEqualsTheSameRegionOfTheFullSizePhoto() throws {
    let (path, original) = try photo()
    let photoSize = PixelSize(width: 1600, height: 1200)
    let full = try fullSize(path)
    XCTAssertGreaterThan(psnr(full, original), 20, "the JPEG itself (4:2:0 on sharp lines)")
    // 2× (screen pixels per image pixel: a 1:1 part enlarged), and 0.5× (a 4/8 part).
    for (region, size) in [
      (ImageRegion(x: 401, y: 333, width: 300, height: 200), PixelSize(width: 600, height: 400)),
      (ImageRegion(x: 200, y: 100, width: 800, height: 600), PixelSize(width: 400, height: 300)),
    ] {
      let cache = LoupeSourceCache()
      let key = ImageKey(asset: AssetID(1), size: size, fit: .fit, region: region)
      let scale = LoupePicture.neededScale(for: region, at: size)
      let part = try LoupePicture.part(
        request(path, key: key), region: region, scale: scale, photo: photoSize, cache: cache,
        decoder: PhotoDecoder.inProcess, background: .black
      ).get()
      XCTAssertGreaterThanOrEqual(part.scale, scale)
      XCTAssertTrue(part.contains(region))
      XCTAssertLessThan(
        part.bitmap.width * part.bitmap.height, 1600 * 1200, "only a part was decoded")
      let picture = LoupePicture.crop(part, region: region, size: size)
      XCTAssertEqual(picture.size, size)
      // The reference: the whole photo decoded at the part's scale (libjpeg's scaled IDCT,
      // as the part is), then the same region cut out.
      let scaledWhole = try PhotoDecoder.inProcess.decode(
        path: path,
        options: DecodeOptions(
          target: PixelSize(
            width: Int(1600 * part.scale), height: Int(1200 * part.scale)),
          mode: .fit, quality: .best, orientation: .up, background: .black)
      ).get()
      func cut(_ dx: Int) -> Bitmap {
        scaledWhole.cropped(
          x: Int(Double(region.x + dx) * part.scale), y: Int(Double(region.y) * part.scale),
          width: Int(Double(region.width) * part.scale),
          height: Int(Double(region.height) * part.scale)
        ).resized(to: size)
      }
      XCTAssertGreaterThan(psnr(picture, cut(0)), 30, "region \(region) at \(size)")
      // A region a few pixels off is far worse: the comparison sees a wrong offset.
      let shifted = cut(Int(4 / part.scale))
      XCTAssertLessThan(psnr(picture, shifted), 25)
    }
  }

  func testRegionsOfRotatedAndMirroredPhotosMatchTheUprightPhoto() throws {
    let (path, _) = try photo()
    let stored = PixelSize(width: 1600, height: 1200)
    for orientation in Orientation.allCases {
      let upright = try PhotoDecoder.inProcess.decode(
        path: path,
        options: DecodeOptions(
          target: orientation.displaySize(ofStored: stored), mode: .fit, quality: .best,
          orientation: orientation, background: .black)
      ).get()
      let region = ImageRegion(x: 123, y: 301, width: 410, height: 290)
      let part = try JPEGRegionDecoder.decode(
        path: path, stored: stored, orientation: orientation, x: region.x, y: region.y,
        width: region.width, height: region.height, scale: 1
      ).get()
      let cached = LoupeSourceCache.Part(
        path: path, x: part.x, y: part.y, scale: part.scale, bitmap: part.bitmap)
      XCTAssertTrue(cached.contains(region), "\(orientation)")
      let size = PixelSize(width: 410, height: 290)
      let picture = LoupePicture.crop(cached, region: region, size: size)
      let reference = upright.cropped(x: region.x, y: region.y, width: 410, height: 290)
      XCTAssertGreaterThan(psnr(picture, reference), 35, "\(orientation)")
    }
  }

  /// A region of a megapixel or more is decoded as two strips on two threads: joined, they
  /// are the region of the whole decode, the seam's rows included.
  func testALargeRegionDecodedInTwoStripsJoinsWithoutASeam() throws {
    let (path, _) = try photo()
    let photoSize = PixelSize(width: 1600, height: 1200)
    let full = try fullSize(path)
    let (x, y, width, height) = (96, 48, 1400, 1100)
    XCTAssertEqual(
      JPEGRegionDecoder.stripRows(top: y, height: height, width: width).count, 2,
      "the region is large enough for two strips")
    let part = try JPEGRegionDecoder.decode(
      path: path, stored: photoSize, orientation: .up, x: x, y: y, width: width,
      height: height, scale: 1
    ).get()
    XCTAssertEqual(part.scale, 1)
    // Widened to whole 8×8 blocks around the region.
    XCTAssertTrue(part.x <= x && part.y <= y && part.x + part.bitmap.width >= x + width)
    XCTAssertTrue(part.y + part.bitmap.height >= y + height)
    let reference = full.cropped(
      x: part.x, y: part.y, width: part.bitmap.width, height: part.bitmap.height)
    let whole = psnr(part.bitmap, reference)
    // The rows on both sides of the seam (the split is at three fifths of the decoded rows).
    let seam = part.bitmap.height * 3 / 5
    let band = psnr(
      part.bitmap.cropped(x: 0, y: seam - 8, width: part.bitmap.width, height: 16),
      reference.cropped(x: 0, y: seam - 8, width: part.bitmap.width, height: 16))
    print("two strips: \(whole) dB overall, \(band) dB at the seam")
    XCTAssertGreaterThan(whole, 40)
    XCTAssertGreaterThan(band, 40)
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
        loupe: loupe, decoder: PhotoDecoder.inProcess, preview: { previews.append($0) },
        prefetch: { $0() })
    }
    let low = ImageKey(
      asset: AssetID(1), size: PixelSize(width: 200, height: 150), fit: .fit,
      region: ImageRegion(x: 400, y: 300, width: 800, height: 600))
    XCTAssertEqual(make(low.region!, low.size), .image(.loaded(low)))
    XCTAssertTrue(pictures.contains(low))
    let copies = loupe.byteCount
    XCTAssertEqual(previews, [], "nothing rougher was at hand")
    // A pan at the same scale: the tile decoded after the first picture is cropped, no
    // new decode, no preview.
    _ = make(
      ImageRegion(x: 480, y: 300, width: 800, height: 600), PixelSize(width: 200, height: 150))
    XCTAssertEqual(loupe.byteCount, copies)
    XCTAssertEqual(previews, [])
    // Zooming in to 1:1: the quarter-scale tile gives a preview, then the sharp one.
    let sharp = ImageKey(
      asset: AssetID(1), size: PixelSize(width: 400, height: 300), fit: .fit,
      region: ImageRegion(x: 600, y: 450, width: 400, height: 300))
    XCTAssertEqual(make(sharp.region!, sharp.size), .image(.loaded(sharp)))
    XCTAssertEqual(previews, [.image(.preview(sharp))])
    XCTAssertGreaterThan(loupe.byteCount, copies)
  }

  func testTheMinimapFramesTheRegion() {
    let source = LoupeSourceCache.Part(
      path: "/p", x: 0, y: 0, scale: 0.1,
      bitmap: Bitmap(width: 400, height: 300, fill: RGB(40, 90, 40)))
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

  func testTheSourceCacheKeepsItsBudgetAndTheNewestPart() {
    func part(_ path: String, _ side: Int, scale: Double = 1) -> LoupeSourceCache.Part {
      LoupeSourceCache.Part(
        path: path, x: 0, y: 0, scale: scale,
        bitmap: Bitmap(width: side, height: side, fill: .black))
    }
    let all = ImageRegion(x: 0, y: 0, width: 100, height: 100)
    let cache = LoupeSourceCache(budgetBytes: 3 * 100 * 100 * 4)
    for i in 0..<5 { cache.insert(part("/p/\(i)", 100)) }
    XCTAssertEqual(cache.byteCount, 3 * 100 * 100 * 4)
    XCTAssertNil(cache.part(for: "/p/0", showing: all, scale: 1))
    XCTAssertNotNil(cache.part(for: "/p/4", showing: all, scale: 1))
    XCTAssertNil(
      cache.part(for: "/p/4", showing: ImageRegion(x: 50, y: 50, width: 60, height: 10), scale: 1),
      "a region past the part's edge")
    // Sharper than the parts at hand: none; but the sharpest of them as a rougher one.
    cache.insert(part("/q", 50, scale: 0.5))
    XCTAssertNil(cache.part(for: "/q", showing: all, scale: 1))
    XCTAssertEqual(cache.part(for: "/q", showing: all, scale: 1, rougher: true)?.scale, 0.5)
    // Too big for the budget on its own: kept anyway (it is the one on screen).
    cache.insert(part("/big", 400))
    XCTAssertEqual(cache.byteCount, 400 * 400 * 4)
  }
}

import CWebP
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders

/// WebP thumbnails skip libwebp's in-loop filter and fancy upsampling; decodes near full size
/// keep both.
final class WebPFastPathTests: XCTestCase {
  /// A photo-like 2048×1536 lossy WebP (quality 75): smooth gradients, hard edges and seeded
  /// grain, so the deblocking filter has block edges to smooth.
  private static let photo: [UInt8] = {
    let width = 2048
    let height = 1536
    var random = SeededGenerator(seed: TestSeed.value)
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 3
        let grain = Int(random.next() % 41) - 20
        // Rings and bars give edges at every angle; the grain gives the encoder texture.
        let dx = x - width / 2
        let dy = y - height / 2
        let ring = (dx * dx + dy * dy) / 3000 % 2 == 0 ? 60 : 0
        let bar = (x / 97) % 2 == 0 ? 40 : 0
        rgb[i] = UInt8(clamping: 40 + x * 150 / width + ring + grain)
        rgb[i + 1] = UInt8(clamping: 60 + y * 120 / height + bar + grain)
        rgb[i + 2] = UInt8(clamping: 200 - x * 120 / width + ring / 2 + grain)
      }
    }
    var output: UnsafeMutablePointer<UInt8>?
    let size = WebPEncodeRGB(rgb, Int32(width), Int32(height), Int32(width * 3), 75, &output)
    precondition(size > 0, "libwebp could not encode the test photo")
    defer { WebPFree(output) }
    return Array(UnsafeBufferPointer(start: output, count: size))
  }()

  private static let stored = PixelSize(width: 2048, height: 1536)

  private func decode(_ target: PixelSize, _ quality: DecodeQuality) throws -> Bitmap {
    let options = DecodeOptions(target: target, mode: .fit, quality: quality)
    return try WebPDecoder.decode(Self.photo, options: options).get().bitmap
  }

  func testOnlyReducedFastDecodesSkipTheFilters() {
    func plan(_ target: PixelSize, _ quality: DecodeQuality) -> WebPDecoder.Plan {
      WebPDecoder.plan(
        stored: Self.stored, options: DecodeOptions(target: target, quality: quality))
    }
    let tile = PixelSize(width: 256, height: 256)
    XCTAssertEqual(
      plan(tile, .fast), WebPDecoder.Plan(size: .init(width: 256, height: 192), skipsFilters: true))
    XCTAssertFalse(plan(tile, .best).skipsFilters, "the detail view's quality keeps them")
    // Near 1:1 (a detail view on a large terminal, or a tile of a small picture): kept.
    XCTAssertFalse(plan(Self.stored, .fast).skipsFilters)
    XCTAssertFalse(plan(PixelSize(width: 1024, height: 1024), .fast).skipsFilters)
    // 4× is where skipping starts (512 covers a 2048-wide picture at exactly a quarter).
    XCTAssertTrue(plan(PixelSize(width: 512, height: 512), .fast).skipsFilters)
    XCTAssertFalse(plan(PixelSize(width: 513, height: 513), .fast).skipsFilters)
  }

  func testFastThumbnailStaysCloseToTheFullQualityDecode() throws {
    let tile = PixelSize(width: 256, height: 256)
    let fast = try decode(tile, .fast)
    let best = try decode(tile, .best)
    for bitmap in [fast, best] {
      XCTAssertEqual(
        PixelSize(width: bitmap.width, height: bitmap.height), .init(width: 256, height: 192))
    }
    // 35 dB is far below anything an eye sees in a tile (the measured value is printed:
    // identical with libwebp 1.2, which drops the filters itself when it scales this far).
    let db = TestImages.psnr(fast, best)
    print("WebPFastPathTests: fast thumbnail vs filtered decode: \(db) dB")
    XCTAssertGreaterThanOrEqual(db, 35, "fast thumbnail drifted from the filtered decode")
  }

  func testFullSizeDecodeKeepsTheFilters() throws {
    let fast = try decode(Self.stored, .fast)
    let best = try decode(Self.stored, .best)
    XCTAssertEqual(fast.width, 2048)
    XCTAssertEqual(fast, best, "a 1:1 decode must not depend on the quality asked for")
    // And the filters matter at 1:1 on this photo: libwebp without them gives other pixels.
    var config = WebPDecoderConfig()
    XCTAssertNotEqual(lb_webp_init_config(&config), 0)
    config.options.bypass_filtering = 1
    config.options.no_fancy_upsampling = 1
    config.output.colorspace = MODE_RGBA
    let status = Self.photo.withUnsafeBufferPointer {
      WebPDecode($0.baseAddress, $0.count, &config)
    }
    XCTAssertEqual(status, VP8_STATUS_OK)
    defer { WebPFreeDecBuffer(&config.output) }
    let rgba = config.output.u.RGBA
    let pixels = Array(UnsafeBufferPointer(start: rgba.rgba, count: rgba.size))
    let unfiltered = Bitmap(width: 2048, height: 1536, pixels: pixels)
    XCTAssertNotEqual(unfiltered, best, "the filters change nothing here: the test proves nothing")
  }

  func testATileOfAPictureWithAlphaHasNoFringeOfTheHiddenColour() throws {
    // Left half opaque black, right half transparent white, as logos are often saved: on a
    // black background the whole picture is black at any size.
    let width = 512
    let height = 256
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width where x >= width / 2 - 37 {
        let i = (y * width + x) * 4
        rgba[i] = 255
        rgba[i + 1] = 255
        rgba[i + 2] = 255
        rgba[i + 3] = 0
      }
      for x in 0..<width where x < width / 2 - 37 {
        rgba[(y * width + x) * 4 + 3] = 255
      }
    }
    let file = try encodeKeepingHiddenColour(rgba, width: width, height: height)
    for target in [PixelSize(width: 64, height: 64), PixelSize(width: 140, height: 140)] {
      let decoded = try ImageDecoder.decode(
        data: file, options: DecodeOptions(target: target, mode: .fit, quality: .fast)
      ).get()
      XCTAssertEqual(decoded.width, target.width, "resized to the tile after compositing")
      let brightest =
        stride(from: 0, to: decoded.pixels.count, by: 4).map {
          max(decoded.pixels[$0], decoded.pixels[$0 + 1], decoded.pixels[$0 + 2])
        }.max() ?? 0
      XCTAssertLessThanOrEqual(
        brightest, 12, "\(target): the white under the transparent half shows through")
    }
  }

  /// A lossy WebP with alpha whose transparent pixels keep their colour (`exact`, as
  /// `cwebp -exact` and many exporters write them); libwebp's simple API would replace it.
  private func encodeKeepingHiddenColour(_ rgba: [UInt8], width: Int, height: Int) throws
    -> [UInt8]
  {
    var config = WebPConfig()
    XCTAssertNotEqual(WebPConfigInit(&config), 0)
    config.quality = 90
    config.exact = 1
    var picture = WebPPicture()
    XCTAssertNotEqual(WebPPictureInit(&picture), 0)
    defer { WebPPictureFree(&picture) }
    picture.use_argb = 1
    picture.width = Int32(width)
    picture.height = Int32(height)
    XCTAssertNotEqual(WebPPictureImportRGBA(&picture, rgba, Int32(width * 4)), 0)
    var writer = WebPMemoryWriter()
    WebPMemoryWriterInit(&writer)
    defer { WebPMemoryWriterClear(&writer) }
    let encoded = withUnsafeMutablePointer(to: &writer) { writerPointer -> Int32 in
      picture.writer = WebPMemoryWrite
      picture.custom_ptr = UnsafeMutableRawPointer(writerPointer)
      return WebPEncode(&config, &picture)
    }
    XCTAssertNotEqual(encoded, 0, "libwebp could not encode the test picture")
    return Array(UnsafeBufferPointer(start: writer.mem, count: writer.size))
  }
}

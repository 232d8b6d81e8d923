import CLCMS2
import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders

/// Embedded profiles are honoured: a Display P3 JPEG comes out as the same sRGB pixels lcms2's
/// own `jpgicc` makes of it, and sRGB or untagged files are left exactly as decoded.
final class ColorManagementTests: XCTestCase {
  private func displayP3Profile() throws -> [UInt8] {
    try XCTUnwrap(DisplayP3.profile(), "lcms2 could not build a Display P3 profile")
  }

  /// Saturated ramps: where P3 and sRGB differ most.
  private func vividPattern() -> Bitmap {
    let width = 96
    let height = 64
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 4
        let band = y / 16
        let ramp = UInt8(x * 255 / (width - 1))
        let rgb: (UInt8, UInt8, UInt8) =
          switch band {
          case 0: (ramp, 20, 20)
          case 1: (20, ramp, 30)
          case 2: (30, 40, ramp)
          default: (ramp, 255 - ramp, 128)
          }
        pixels[i] = rgb.0
        pixels[i + 1] = rgb.1
        pixels[i + 2] = rgb.2
      }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  private func tagged(_ jpeg: [UInt8], profile: [UInt8]) -> [UInt8] {
    DisplayP3.tagged(jpeg, profile: profile)
  }

  private func decode(_ bytes: [UInt8]) throws -> Bitmap {
    let options = DecodeOptions(target: PixelSize(width: 96, height: 64), quality: .best)
    return try ImageDecoder.decode(data: bytes, options: options).get()
  }

  func testADisplayP3JPEGMatchesJpgiccsSRGBConversion() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/jpgicc") else {
      throw XCTSkip("jpgicc (liblcms2-utils) is not installed: scripts/install-deps adds it")
    }
    let plain = try JPEGEncoder.encode(vividPattern(), quality: 100).get()
    let p3 = tagged(plain, profile: try displayP3Profile())
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lightbox-icc-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("p3.jpg")
    let output = dir.appendingPathComponent("srgb.jpg")
    try Data(p3).write(to: input)
    let run = Subprocess.run(["/usr/bin/jpgicc", "-q", "100", input.path, output.path])
    XCTAssertEqual(run.status, 0, run.output)
    let reference = try decode([UInt8](Data(contentsOf: output)))
    let ours = try decode(p3)
    let untouched = try decode(plain)
    // JPEG at quality 100 twice (ours once, the reference twice) and 8-bit rounding.
    let difference = try XCTUnwrap(TestImages.meanAbsoluteDifference(ours, reference))
    XCTAssertLessThan(difference, 2.0, "mean difference to jpgicc's sRGB")
    // The conversion did something a test can see: P3 reds are redder than sRGB's.
    let unconverted = try XCTUnwrap(TestImages.meanAbsoluteDifference(untouched, reference))
    XCTAssertGreaterThan(unconverted, 4 * max(difference, 0.5), "P3 left as if it were sRGB")
  }

  func testSRGBAndUntaggedImagesTakeTheFastPath() throws {
    let srgb = try XCTUnwrap(cmsCreate_sRGBProfile())
    defer { cmsCloseProfile(srgb) }
    var size: UInt32 = 0
    _ = cmsSaveProfileToMem(srgb, nil, &size)
    var bytes = [UInt8](repeating: 0, count: Int(size))
    _ = cmsSaveProfileToMem(srgb, &bytes, &size)
    XCTAssertFalse(ColorConversion.converts(.icc(bytes)), "an sRGB profile needs no transform")
    XCTAssertTrue(ColorConversion.converts(.icc(try displayP3Profile())))
    XCTAssertFalse(ColorConversion.converts(.icc(Array("not a profile".utf8))))
    let plain = try JPEGEncoder.encode(vividPattern(), quality: 95).get()
    XCTAssertEqual(try decode(tagged(plain, profile: bytes)), try decode(plain))
  }

  /// Found by `scripts/fuzz icc`: the transform cache starts over past 256 profiles and
  /// leaked the lcms2 transforms it dropped (2 GB in 900,000 fuzzed profiles). Dropped
  /// transforms are deleted now; conversions after the cache started over are unchanged.
  func testTheTransformCacheStartsOverWithoutChangingConversions() throws {
    let p3 = ColorSource.icc(try displayP3Profile())
    var before = vividPattern()
    ColorConversion.toSRGB(&before, from: p3)
    for step in 0..<300 {
      // Distinct white points: 300 distinct transforms, more than the cache keeps.
      let white = (0.3127 + Double(step) * 1e-5, 0.3290)
      let source = ColorSource.primaries(
        code: 12, red: (0.68, 0.32), green: (0.265, 0.69), blue: (0.15, 0.06), white: white)
      var bitmap = vividPattern()
      ColorConversion.toSRGB(&bitmap, from: source)
    }
    var after = vividPattern()
    ColorConversion.toSRGB(&after, from: p3)
    XCTAssertEqual(after.pixels, before.pixels)
  }

  /// HDR HEIF (PQ transfer) is shown as coded: no primaries conversion under an sRGB curve
  /// the values are not in. The corpus's two PQ files (BT.2020 and P3 primaries) carry no
  /// profile to convert from; an SDR nclx HEIF with other primaries (Nokia's BT.470 B/G)
  /// still does.
  func testHDRHEIFIsShownAsCodedAndSDRNclxIsConverted() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let options = DecodeOptions(target: PixelSize(width: 64, height: 64), quality: .best)
    func profile(_ path: String) throws -> ColorSource? {
      let data = try XCTUnwrap(
        FileManager.default.contents(atPath: corpus.appendingPathComponent(path).path), path)
      return try HEIFDecoder.decode([UInt8](data), options: options).get().profile
    }
    XCTAssertNil(try profile("heif/Canon_EOS_R5.HIF"), "BT.2020 PQ")
    XCTAssertNil(try profile("avif/cosmos1650_yuv444_10bpc_p3pq.avif"), "P3 PQ")
    let nokia = try XCTUnwrap(try profile("heif/HMD_Nokia_8.3_5G_hdr.heif"), "BT.470 B/G")
    XCTAssertTrue(ColorConversion.converts(nokia))
  }
}

import CWebP
import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders
@testable import DecodeWorker

/// libtiff, libwebp, giflib and lcms2 are loaded the first time a worker meets their format,
/// inside its sandbox (only libheif and FFmpeg are loaded before it): a fresh worker whose
/// first files are a TIFF with a colour profile, a WebP and a GIF decodes each as the process
/// itself does, and is still the one worker after them (none was killed by the filter).
final class DecodeWorkerLibraryLoadingTests: XCTestCase {
  private var files = DecodeWorkerFiles(label: "unused")

  override func setUp() {
    files = DecodeWorkerFiles(label: "library-loading")
  }

  override func tearDown() {
    files.remove()
  }

  func testTheSmallDecoderLibrariesLoadInsideTheSandbox() throws {
    let profile = try XCTUnwrap(DisplayP3.profile(), "lcms2 could not build a Display P3 profile")
    let pattern = DecodeWorkerFiles.pattern(seed: 7, width: 24, height: 16)
    let paths = [
      try files.write("tagged.tif", Self.tiff(pattern, profile: profile)),
      try files.write("still.webp", try Self.webp(pattern)),
      try files.write("dot.gif", Self.redDotGIF),
    ]
    let host = try DecodeWorkerFiles.host()
    let options = DecodeOptions(
      target: PixelSize(width: 24, height: 16), mode: .fit, quality: .best, orientation: .up,
      background: RGB(0, 0, 0))
    for path in paths {
      let local = try ImageDecoder.decode(path: path, options: options).get()
      let remote = try host.decode(path: path, options: options, kind: .images).get()
      XCTAssertEqual(remote, local, path)
    }
    XCTAssertEqual(host.workerCount, 1, "one worker decoded every file: the filter killed none")
    // The profile was applied in the worker as in process: the P3 greens moved.
    let tiff = try host.decode(path: paths[0], options: options, kind: .images).get()
    XCTAssertNotEqual(tiff.pixels, Self.opaqueRGBA(pattern).pixels, "converted from Display P3")
  }

  /// FFmpeg's decoders (libavcodec, for libheif's HEVC) are loaded inside the sandbox too, by
  /// the first HEIC large enough to want them: a phone's grid decodes in a fresh worker as in
  /// process, and no worker died.
  func testFFmpegsHEVCDecoderLoadsInsideTheSandbox() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let path = corpus.appendingPathComponent("heif/IMG_5195.HEIC").path
    let host = try DecodeWorkerFiles.host()
    let options = DecodeOptions(
      target: PixelSize(width: 300, height: 300), mode: .fit, quality: .best, orientation: .up,
      background: RGB(0, 0, 0))
    let remote = try host.decode(path: path, options: options, kind: .images).get()
    let local = try ImageDecoder.decode(path: path, options: options).get()
    XCTAssertEqual(remote, local)
    XCTAssertEqual(host.workerCount, 1, "one worker decoded it: the filter killed none")
  }

  /// `bitmap` with alpha forced opaque (as a decoder returns it).
  private static func opaqueRGBA(_ bitmap: Bitmap) -> Bitmap {
    var pixels = bitmap.pixels
    for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
    return Bitmap(width: bitmap.width, height: bitmap.height, pixels: pixels)
  }

  /// An uncompressed little-endian RGB TIFF of `bitmap`, with `profile` as its ICC profile.
  static func tiff(_ bitmap: Bitmap, profile: [UInt8]) -> [UInt8] {
    var rgb: [UInt8] = []
    for index in stride(from: 0, to: bitmap.pixels.count, by: 4) {
      rgb += bitmap.pixels[index..<index + 3]
    }
    let entries = 11
    let ifdSize = 2 + entries * 12 + 4
    let bitsOffset = 8 + ifdSize
    let profileOffset = bitsOffset + 6
    let pixelsOffset = profileOffset + profile.count
    func short(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    func long(_ value: Int) -> [UInt8] { short(value & 0xFFFF) + short(value >> 16) }
    /// Tag, type (3 SHORT, 4 LONG, 7 UNDEFINED), count, value or offset.
    func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) -> [UInt8] {
      short(tag) + short(type) + long(count)
        + (type == 3 && count == 1 ? short(value) + [0, 0] : long(value))
    }
    var bytes: [UInt8] = Array("II".utf8) + short(42) + long(8) + short(entries)
    bytes += entry(256, 4, 1, bitmap.width)
    bytes += entry(257, 4, 1, bitmap.height)
    bytes += entry(258, 3, 3, bitsOffset)
    bytes += entry(259, 3, 1, 1)
    bytes += entry(262, 3, 1, 2)
    bytes += entry(273, 4, 1, pixelsOffset)
    bytes += entry(277, 3, 1, 3)
    bytes += entry(278, 4, 1, bitmap.height)
    bytes += entry(279, 4, 1, rgb.count)
    bytes += entry(284, 3, 1, 1)
    bytes += entry(34675, 7, profile.count, profileOffset)
    bytes += long(0)
    bytes += short(8) + short(8) + short(8)
    return bytes + profile + rgb
  }

  /// A lossless WebP of `bitmap` (libwebp's encoder).
  static func webp(_ bitmap: Bitmap) throws -> [UInt8] {
    var output: UnsafeMutablePointer<UInt8>?
    let size = bitmap.pixels.withUnsafeBufferPointer {
      WebPEncodeLosslessRGBA(
        $0.baseAddress, Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.width * 4), &output)
    }
    let encoded = try XCTUnwrap(output, "libwebp encoded nothing")
    defer { WebPFree(encoded) }
    return Array(UnsafeBufferPointer(start: encoded, count: size))
  }

  /// A 1×1 GIF89a whose one pixel is red (a two-colour global palette).
  static let redDotGIF: [UInt8] = [
    0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02,
    0x02, 0x44, 0x01, 0x00, 0x3B,
  ]
}

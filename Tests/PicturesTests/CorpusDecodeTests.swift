import CPNG
import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders

/// Decodes the shared real-image corpus; orientations come from expectations.tsv (the
/// metadata reader is tested on its own).
final class CorpusDecodeTests: XCTestCase {
  private func corpus() throws -> URL {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    return corpus
  }

  private func rows() throws -> [[String: String]] {
    _ = try corpus()
    let rows = try CorpusLocator.expectations()
    XCTAssertFalse(rows.isEmpty, "expectations.tsv has no rows")
    return rows
  }

  private func orientation(_ row: [String: String]) -> Orientation {
    Orientation(exifValue: Int(row["exif_orientation"] ?? "-"))
  }

  private func isImage(_ path: String) -> Bool {
    let lower = path.lowercased()
    return [".jpg", ".jpeg", ".png"].contains { lower.hasSuffix($0) }
  }

  func testEveryOrientationFileComesOutUprightAndOnlyWithItsOwnOrientation() throws {
    let corpus = try corpus()
    let rows = try rows().filter { $0["path"]?.hasPrefix("orientation/") == true }
    XCTAssertEqual(rows.count, 9)
    func decode(_ path: String, _ orientation: Orientation) throws -> Bitmap {
      let options = DecodeOptions(
        target: PixelSize(width: 120, height: 90), mode: .fit, orientation: orientation)
      return try ImageDecoder.decode(
        path: corpus.appendingPathComponent(path).path, options: options
      ).get()
    }
    let reference = try decode("orientation/Landscape_1.jpg", .up)
    XCTAssertEqual(reference.size, PixelSize(width: 120, height: 80))
    for row in rows {
      let path = row["path"]!
      let expected = orientation(row)
      for candidate in Orientation.allCases {
        let image = try decode(path, candidate)
        let mad = TestImages.meanAbsoluteDifference(image, reference)
        if candidate == expected {
          XCTAssertNotNil(mad, "\(path) with \(candidate): size \(image.size)")
          XCTAssertLessThan(mad ?? .infinity, 6, "\(path) with its own orientation \(candidate)")
        } else {
          // A wrong orientation must be detectably wrong, or this test proves nothing.
          XCTAssertGreaterThan(mad ?? .infinity, 20, "\(path) with wrong orientation \(candidate)")
        }
      }
    }
  }

  func testEveryValidJPEGAndPNGDecodesUprightWithTheRightAspect() throws {
    let corpus = try corpus()
    let valid = try rows().filter { $0["kind"] == "valid" && isImage($0["path"] ?? "") }
    XCTAssertGreaterThan(valid.count, 100)
    let box = 64
    for (index, row) in valid.enumerated() {
      let path = row["path"]!
      guard let w = Int(row["width"] ?? ""), let h = Int(row["height"] ?? "") else {
        XCTFail("\(path): no size in expectations.tsv")
        continue
      }
      let o = orientation(row)
      // Both quality settings take different TurboJPEG paths; alternate between them.
      var options = DecodeOptions(
        target: PixelSize(width: box, height: box), mode: .fit,
        quality: index % 2 == 0 ? .fast : .best, orientation: o, background: RGB(10, 20, 30))
      let url = corpus.appendingPathComponent(path)
      let result = ImageDecoder.decode(path: url.path, options: options)
      guard case .success(let image) = result else {
        XCTFail("\(path): \(result)")
        continue
      }
      options.mode = .fill
      options.target = PixelSize(width: 48, height: 32)
      let tile = ImageDecoder.decode(path: url.path, options: options)
      XCTAssertEqual(try tile.get().size, options.target, path)
      let upright = o.displaySize(ofStored: PixelSize(width: w, height: h))
      XCTAssertTrue(TestImages.isOpaque(image), path)
      if upright.width <= box && upright.height <= box {
        XCTAssertEqual(image.size, upright, "\(path): a small image is not resized")
        continue
      }
      // The long side fills the box; the short side matches the aspect to within a pixel.
      let longIsWidth = upright.width >= upright.height
      let (long, short) = longIsWidth ? (image.width, image.height) : (image.height, image.width)
      let (uLong, uShort) =
        longIsWidth ? (upright.width, upright.height) : (upright.height, upright.width)
      XCTAssertEqual(long, box, "\(path) decoded \(image.size), upright \(upright)")
      let ideal = max(1, Int((Double(box) * Double(uShort) / Double(uLong)).rounded()))
      XCTAssertLessThanOrEqual(
        abs(short - ideal), 1, "\(path) decoded \(image.size), upright \(upright)")
    }
  }

  func testMalformedFilesFailOnOneLineOrDecodeWithoutCrashing() throws {
    let corpus = try corpus()
    let dir = corpus.appendingPathComponent("malformed")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    XCTAssertGreaterThan(names.count, 20)
    var failures = 0
    for name in names {
      for mode in [ResizeMode.fit, .fill] {
        let options = DecodeOptions(target: PixelSize(width: 96, height: 96), mode: mode)
        switch ImageDecoder.decode(path: dir.appendingPathComponent(name).path, options: options) {
        case .failure(let e):
          XCTAssertTrue(TestImages.isOneLine(e.reason), "\(name): \(e.reason.debugDescription)")
          XCTAssertLessThanOrEqual(e.reason.count, 200, name)
          if mode == .fit { failures += 1 }
        case .success(let image):
          XCTAssertFalse(image.size.isEmpty, name)
          XCTAssertLessThanOrEqual(image.width, 96, name)
          XCTAssertLessThanOrEqual(image.height, 96, name)
          XCTAssertTrue(TestImages.isOpaque(image), name)
        }
      }
    }
    // Most of these files are beyond repair; a decoder that "decodes" everything is wrong.
    XCTAssertGreaterThan(failures, names.count / 2)
  }

  func testFatalMalformedFilesAreRefused() throws {
    let corpus = try corpus()
    let fatal = try rows().filter { $0["severity"] == "fatal" && isImage($0["path"] ?? "") }
    XCTAssertGreaterThan(fatal.count, 10)
    for row in fatal {
      let path = row["path"]!
      let options = DecodeOptions(target: PixelSize(width: 96, height: 96))
      let result = ImageDecoder.decode(
        path: corpus.appendingPathComponent(path).path, options: options)
      if case .success(let image) = result {
        XCTFail("\(path) (\(row["reference_tool_says"] ?? "")) decoded as \(image.size)")
      }
    }
  }

  /// libpng's own RGBA8 reading of a file (its simplified API, 8-bit sRGB, straight alpha).
  private func libpngRGBA(_ path: String) -> (width: Int, height: Int, rgba: [UInt8])? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let bytes = [UInt8](data)
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    defer { png_image_free(&image) }
    guard
      bytes.withUnsafeBufferPointer({
        png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count)
      }) != 0
    else { return nil }
    image.format = 3  // PNG_FORMAT_RGBA: colour | alpha (a macro Swift does not import)
    var out = [UInt8](repeating: 0, count: Int(image.width * image.height * 4))
    guard
      out.withUnsafeMutableBufferPointer({
        png_image_finish_read(&image, nil, $0.baseAddress, 0, nil)
      }) != 0
    else { return nil }
    return (Int(image.width), Int(image.height), out)
  }

  func testPngSuitePixelsEqualLibpngsRGBA8AfterCompositing() throws {
    let corpus = try corpus()
    let dir = corpus.appendingPathComponent("png-suite")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
      .filter { !$0.hasPrefix("x") && $0.hasSuffix(".png") }.sorted()
    XCTAssertGreaterThan(names.count, 80)
    let background = RGB(40, 160, 220)
    var worstOverall = 0
    for name in names {
      let path = dir.appendingPathComponent(name).path
      guard let reference = libpngRGBA(path) else {
        XCTFail("\(name): libpng cannot read it")
        continue
      }
      let options = DecodeOptions(
        target: PixelSize(width: 4096, height: 4096), mode: .fit, background: background)
      let decoded = try ImageDecoder.decode(path: path, options: options).get()
      XCTAssertEqual(
        decoded.size, PixelSize(width: reference.width, height: reference.height), name)
      guard decoded.size.area == reference.width * reference.height else { continue }
      var worst = 0
      let bg = [background.r, background.g, background.b]
      for i in 0..<(reference.width * reference.height) {
        let a = Double(reference.rgba[i * 4 + 3]) / 255
        for c in 0..<3 {
          let expected = a * Double(reference.rgba[i * 4 + c]) + (1 - a) * Double(bg[c])
          worst = max(worst, Int(abs(Double(decoded.pixels[i * 4 + c]) - expected).rounded()))
        }
        XCTAssertEqual(decoded.pixels[i * 4 + 3], 255, name)
      }
      XCTAssertLessThanOrEqual(worst, 1, "\(name): a channel is \(worst) away from libpng's")
      worstOverall = max(worstOverall, worst)
    }
    print("PngSuite: \(names.count) files, largest difference from the reference \(worstOverall)")
  }

  func testCorruptPngSuiteFilesFail() throws {
    let corpus = try corpus()
    let dir = corpus.appendingPathComponent("png-suite")
    let corrupt = try FileManager.default.contentsOfDirectory(atPath: dir.path)
      .filter { $0.hasPrefix("x") && $0.hasSuffix(".png") }.sorted()
    XCTAssertGreaterThan(corrupt.count, 3)
    for name in corrupt {
      let options = DecodeOptions(target: PixelSize(width: 32, height: 32))
      switch ImageDecoder.decode(path: dir.appendingPathComponent(name).path, options: options) {
      case .success: XCTFail("\(name) is corrupt but decoded")
      case .failure(let e): XCTAssertTrue(TestImages.isOneLine(e.reason), "\(name): \(e.reason)")
      }
    }
  }

  func testCMYKJPEGsLookLikeTheirRGBTwin() throws {
    // video-001.cmyk.jpeg and video-001.q50.444.jpeg are the same picture. Without a colour
    // profile the CMYK one comes out darker (as in every naive viewer), but its structure
    // must match; with the ink inversion wrong it would be a negative (correlation < 0).
    let corpus = try corpus().appendingPathComponent("jpeg-variants")
    let options = DecodeOptions(target: PixelSize(width: 75, height: 75))
    let cmykURL = corpus.appendingPathComponent("video-001.cmyk.jpeg")
    let rgbURL = corpus.appendingPathComponent("video-001.q50.444.jpeg")
    guard FileManager.default.fileExists(atPath: cmykURL.path),
      FileManager.default.fileExists(atPath: rgbURL.path)
    else { throw XCTSkip("video-001 JPEG variants are not in this corpus") }
    let cmyk = try ImageDecoder.decode(path: cmykURL.path, options: options).get()
    let rgb = try ImageDecoder.decode(path: rgbURL.path, options: options).get()
    XCTAssertTrue(TestImages.isOpaque(cmyk))
    let r = try XCTUnwrap(TestImages.lumaCorrelation(cmyk, rgb))
    XCTAssertGreaterThan(r, 0.9)
  }

  func testLargePhotosDecodeToTiles() throws {
    // How fast is measured by Benchmarks/pipeline/run.sh, not here.
    let dir = try corpus().appendingPathComponent("large")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
      .filter(isImage).sorted()
    XCTAssertFalse(names.isEmpty)
    let options = DecodeOptions(target: PixelSize(width: 256, height: 256), mode: .fill)
    for name in names {
      let tile = try ImageDecoder.decode(
        path: dir.appendingPathComponent(name).path, options: options
      ).get()
      XCTAssertEqual(tile.size, PixelSize(width: 256, height: 256), name)
      XCTAssertTrue(TestImages.isOpaque(tile), name)
    }
  }
}

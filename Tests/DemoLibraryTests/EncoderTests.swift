import CPNG
import CTurboJPEG
import DemoLibrary
import Pixels
import Decoders
import PhotoModel
import XCTest

/// JPEGEncoder and PNGEncoder, checked by decoding with the C libraries directly (the
/// project's decoders are written elsewhere).
final class EncoderTests: XCTestCase {
  /// A gradient with an alpha channel that is opaque unless `alpha` says otherwise.
  private func gradient(width: Int, height: Int, alpha: (Int, Int) -> UInt8 = { _, _ in 255 })
    -> Bitmap
  {
    var px = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 4
        px[i] = UInt8(x * 255 / max(1, width - 1))
        px[i + 1] = UInt8(y * 255 / max(1, height - 1))
        px[i + 2] = UInt8((x + y) % 256)
        px[i + 3] = alpha(x, y)
      }
    }
    return Bitmap(width: width, height: height, pixels: px)
  }

  /// Decodes with TurboJPEG to RGBA.
  private func decodeJPEG(_ jpeg: [UInt8]) -> Bitmap? {
    guard let handle = tjInitDecompress() else { return nil }
    defer { tjDestroy(handle) }
    var w: Int32 = 0
    var h: Int32 = 0
    var sub: Int32 = 0
    var cs: Int32 = 0
    let ok = jpeg.withUnsafeBufferPointer {
      tjDecompressHeader3(handle, $0.baseAddress, UInt(jpeg.count), &w, &h, &sub, &cs)
    }
    guard ok == 0, w > 0, h > 0 else { return nil }
    var out = [UInt8](repeating: 0, count: Int(w * h * 4))
    let rc = jpeg.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        tjDecompress2(
          handle, src.baseAddress, UInt(jpeg.count), dst.baseAddress, w, 0, h,
          Int32(TJPF_RGBA.rawValue), 0)
      }
    }
    guard rc == 0 else { return nil }
    return Bitmap(width: Int(w), height: Int(h), pixels: out)
  }

  func testJPEGRoundTripsThroughTurboJPEG() throws {
    let bitmap = gradient(width: 64, height: 48)
    let jpeg = try JPEGEncoder.encode(bitmap, quality: 90).get()
    XCTAssertEqual(Array(jpeg.prefix(2)), [0xFF, 0xD8])
    XCTAssertEqual(Array(jpeg.suffix(2)), [0xFF, 0xD9])
    let decoded = try XCTUnwrap(decodeJPEG(jpeg))
    XCTAssertEqual(decoded.width, 64)
    XCTAssertEqual(decoded.height, 48)
    var total = 0
    for i in stride(from: 0, to: bitmap.pixels.count, by: 4) {
      total += abs(Int(bitmap.pixels[i + 1]) - Int(decoded.pixels[i + 1]))
    }
    XCTAssertLessThan(Double(total) / Double(64 * 48), 4, "green channel drifted too far")
  }

  func testJPEGSplicesExifRightAfterSOI() throws {
    let tiff = ExifWriter(byteOrder: .bigEndian, ifd0: [.init(0x0110, .ascii("Test Cam"))]).build()
    let jpeg = try JPEGEncoder.encode(gradient(width: 17, height: 9), quality: 80, exif: tiff).get()
    let embedded = try XCTUnwrap(JPEGTestParser.exifRightAfterSOI(jpeg))
    XCTAssertEqual(embedded, tiff)
    let reader = try XCTUnwrap(TIFFTestReader(embedded))
    XCTAssertEqual(TIFFTestReader.string(reader.ifd0[0x0110]), "Test Cam")
    // Still a valid JPEG after the splice.
    let decoded = try XCTUnwrap(decodeJPEG(jpeg))
    XCTAssertEqual(decoded.width, 17)
    XCTAssertEqual(decoded.height, 9)
  }

  func testJPEGRejectsBadInputWithReasons() {
    let small = gradient(width: 4, height: 4)
    let tooBig = [0x49, 0x49, 0x2A, 0x00] + [UInt8](repeating: 0, count: 65_530)
    guard case .failure(let e1) = JPEGEncoder.encode(small, quality: 80, exif: tooBig) else {
      return XCTFail("oversized EXIF accepted")
    }
    XCTAssertTrue(e1.reason.contains("APP1"), e1.reason)
    guard
      case .failure(let e2) = JPEGEncoder.encode(
        small, quality: 80, exif: [1, 2, 3, 4, 5, 6, 7, 8])
    else { return XCTFail("non-TIFF EXIF accepted") }
    XCTAssertTrue(e2.reason.contains("TIFF"), e2.reason)
    let empty = Bitmap(width: 0, height: 0, pixels: [])
    guard case .failure = JPEGEncoder.encode(empty, quality: 80) else {
      return XCTFail("empty bitmap accepted")
    }
    // The largest EXIF that fits is accepted.
    let fits =
      [0x4D, 0x4D, 0x00, 0x2A] + [UInt8](repeating: 0, count: JPEGEncoder.maxExifBytes - 4)
    XCTAssertNoThrow(try JPEGEncoder.encode(small, quality: 80, exif: fits).get())
  }

  /// Chunks of a PNG: (type, data), checking each CRC.
  private func chunks(_ png: [UInt8]) throws -> [(String, [UInt8])] {
    XCTAssertEqual(Array(png.prefix(8)), [137, 80, 78, 71, 13, 10, 26, 10])
    var out: [(String, [UInt8])] = []
    var i = 8
    while i + 12 <= png.count {
      let length =
        Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
      let typeAndData = Array(png[(i + 4)..<(i + 8 + length)])
      let crc = png[(i + 8 + length)..<(i + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      XCTAssertEqual(crc, referenceCRC(typeAndData), "bad CRC")
      out.append(
        (String(decoding: typeAndData.prefix(4), as: UTF8.self), Array(typeAndData.dropFirst(4))))
      i += 12 + length
    }
    XCTAssertEqual(i, png.count)
    return out
  }

  /// A bitwise CRC-32, independent of the encoder's table.
  private func referenceCRC(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
      c ^= UInt32(b)
      for _ in 0..<8 { c = (c >> 1) ^ (c & 1 == 1 ? 0xEDB8_8320 : 0) }
    }
    return ~c
  }

  private func decodePNG(_ png: [UInt8]) -> Bitmap? {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    let begun = png.withUnsafeBytes {
      png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count)
    }
    guard begun != 0 else { return nil }
    image.format = 3  // RGBA
    var out = [UInt8](repeating: 0, count: Int(image.width * image.height * 4))
    let ok = out.withUnsafeMutableBytes {
      png_image_finish_read(&image, nil, $0.baseAddress, 0, nil)
    }
    guard ok != 0 else { return nil }
    return Bitmap(width: Int(image.width), height: Int(image.height), pixels: out)
  }

  func testPNGTextRoundTripsRightAfterIHDR() throws {
    let bitmap = gradient(width: 20, height: 10)
    let text: [(key: String, value: String)] = [
      (key: "Thumb::URI", value: "file:///home/me/Pictures/a%20b.jpg"),
      (key: "Thumb::MTime", value: "1723544521"),
      (key: "Comment", value: "café, naïve"),
    ]
    let png = try PNGEncoder.encode(bitmap, text: text).get()
    let list = try chunks(png)
    XCTAssertEqual(list.map(\.0).prefix(4), ["IHDR", "tEXt", "tEXt", "tEXt"])
    XCTAssertEqual(list.last?.0, "IEND")
    let pairs = list.filter { $0.0 == "tEXt" }.map { chunk -> (String, String) in
      let nul = chunk.1.firstIndex(of: 0)!
      let latin1 = { (b: ArraySlice<UInt8>) in String(b.map { Character(Unicode.Scalar($0)) }) }
      return (latin1(chunk.1[..<nul]), latin1(chunk.1[(nul + 1)...]))
    }
    XCTAssertEqual(pairs.map(\.0), text.map(\.key))
    XCTAssertEqual(pairs.map(\.1), text.map(\.value))
    // Opaque: 8-bit RGB (colour type 2); pixels survive exactly.
    XCTAssertEqual(list[0].1[8], 8)
    XCTAssertEqual(list[0].1[9], 2)
    XCTAssertEqual(decodePNG(png), bitmap)
  }

  func testPNGKeepsAlphaWhenNotOpaque() throws {
    let bitmap = gradient(width: 9, height: 7) { x, _ in UInt8(x * 28) }
    let png = try PNGEncoder.encode(bitmap).get()
    let list = try chunks(png)
    XCTAssertEqual(list[0].1[9], 6, "RGBA colour type")
    XCTAssertEqual(decodePNG(png), bitmap)
  }

  func testPNGRejectsKeysTEXtCannotHold() {
    let bitmap = gradient(width: 2, height: 2)
    for key in ["", String(repeating: "k", count: 80), "日本", " lead", "a  b", "tab\tkey"] {
      guard case .failure = PNGEncoder.encode(bitmap, text: [(key: key, value: "v")]) else {
        return XCTFail("key \(key.debugDescription) accepted")
      }
    }
    guard case .failure = PNGEncoder.encode(bitmap, text: [(key: "k", value: "a\u{0}b")]) else {
      return XCTFail("NUL in value accepted")
    }
    guard case .failure = PNGEncoder.encode(bitmap, text: [(key: "k", value: "€")]) else {
      return XCTFail("non-Latin-1 value accepted")
    }
    XCTAssertNoThrow(
      try PNGEncoder.encode(bitmap, text: [(key: String(repeating: "k", count: 79), value: "")])
        .get())
  }

  func testFastPNGIsLosslessAndCarriesTheTextAfterIHDR() throws {
    // The thumbnail cache's writer (Sub filter, Huffman-only zlib, through the C writer).
    let opaque = gradient(width: 256, height: 192)
    let text: [(key: String, value: String)] = [
      (key: "Thumb::URI", value: "file:///p/a.jpg"), (key: "Thumb::MTime", value: "17"),
    ]
    let png = try PNGEncoder.encodeFast(opaque, text: text).get()
    let list = try chunks(png)
    XCTAssertEqual(list.map(\.0).prefix(3), ["IHDR", "tEXt", "tEXt"])
    XCTAssertTrue(list.contains { $0.0 == "IDAT" })
    XCTAssertEqual(list.last?.0, "IEND")
    XCTAssertEqual(list[0].1[9], 2, "RGB colour type")
    XCTAssertEqual(decodePNG(png), opaque)
    XCTAssertLessThan(png.count, 256 * 192 * 3 / 2, "compressed: a gradient Sub-filters to little")
    let translucent = gradient(width: 33, height: 5) { x, y in UInt8((x * 7 + y) % 256) }
    let withAlpha = try PNGEncoder.encodeFast(translucent).get()
    XCTAssertEqual(try chunks(withAlpha)[0].1[9], 6, "RGBA colour type")
    XCTAssertEqual(decodePNG(withAlpha), translucent)
    XCTAssertEqual(
      decodePNG(try PNGEncoder.encodeFast(gradient(width: 1, height: 1)).get())?.width, 1)
  }

  func testCRC32MatchesKnownValue() {
    // The CRC of "IEND" is fixed by the PNG specification: AE 42 60 82.
    XCTAssertEqual(PNGEncoder.crc32(Array("IEND".utf8)), 0xAE42_6082)
  }
}

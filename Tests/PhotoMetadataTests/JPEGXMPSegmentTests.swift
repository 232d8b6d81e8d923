import LightboxTestSupport
import XCTest

@testable import PhotoMetadata

/// Finding, inserting, replacing and removing a JPEG's standard XMP segment, every other byte
/// kept.
final class JPEGXMPSegmentTests: XCTestCase {
  /// SOI, APP0 (JFIF), APP1 (Exif), DQT, SOS and a little scan, EOI.
  let plain: [UInt8] =
    [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x07] + Array("JFIF\0".utf8)
    + [0xFF, 0xE1, 0x00, 0x08] + Array("Exif\0\0".utf8) + [0xFF, 0xDB, 0x00, 0x03, 0x01]
    + [0xFF, 0xDA, 0x00, 0x02, 0x12, 0x34, 0xFF, 0xD9]

  func testANewSegmentGoesAfterJFIFAndExifAndComesOutAgain() throws {
    let location = try JPEGXMPSegment.locate(plain).get()
    XCTAssertNil(location.segment)
    XCTAssertEqual(location.insertion, 21, "after SOI, APP0 and APP1 Exif, before DQT")
    let packet = Array("<x:xmpmeta/>".utf8)
    let written = try JPEGXMPSegment.replacingPacket(in: plain, with: packet).get()
    XCTAssertEqual(Array(written[..<21]), Array(plain[..<21]))
    XCTAssertEqual(Array(written[21..<25]), [0xFF, 0xE1, 0x00, UInt8(2 + 29 + packet.count)])
    XCTAssertEqual(Array(written[(25 + 29 + packet.count)...]), Array(plain[21...]))
    XCTAssertEqual(JPEGXMPSegment.packet(in: written), packet)
    // Replaced by a longer one, then removed: the JPEG as it was.
    let longer = Array("<x:xmpmeta>longer</x:xmpmeta>".utf8)
    let replaced = try JPEGXMPSegment.replacingPacket(in: written, with: longer).get()
    XCTAssertEqual(JPEGXMPSegment.packet(in: replaced), longer)
    XCTAssertEqual(try JPEGXMPSegment.replacingPacket(in: replaced, with: nil).get(), plain)
  }

  func testALargePacketAndADamagedJPEGAreRefused() {
    XCTAssertEqual(JPEGXMPSegment.maximumPacketBytes, 65_502)
    let fits = [UInt8](repeating: 0x20, count: 65_502)
    XCTAssertNoThrow(try JPEGXMPSegment.replacingPacket(in: plain, with: fits).get())
    guard case .failure(let error) = JPEGXMPSegment.replacingPacket(in: plain, with: fits + [0x20])
    else { return XCTFail("65,503 bytes written") }
    XCTAssertEqual(
      error.reason,
      "the XMP would be 65503 bytes, more than a JPEG segment holds (65502): not written")
    var cut = plain
    cut[5] = 0xFF  // APP0's length now runs past the end
    guard case .failure = JPEGXMPSegment.locate(cut) else { return XCTFail("damaged read") }
    guard case .failure = JPEGXMPSegment.locate(Array("GIF89a".utf8)) else {
      return XCTFail("not a JPEG")
    }
  }

  func testTwoPacketsAreRefused() throws {
    let packet = Array("<x:xmpmeta/>".utf8)
    let once = try JPEGXMPSegment.replacingPacket(in: plain, with: packet).get()
    let segment = try XCTUnwrap(JPEGXMPSegment.locate(once).get().segment)
    var twice = once
    twice.insert(contentsOf: once[segment], at: segment.upperBound)
    guard case .failure(let error) = JPEGXMPSegment.locate(twice) else {
      return XCTFail("two packets")
    }
    XCTAssertEqual(error.reason, "the JPEG holds two XMP packets: not written")
  }

  /// Random byte flips and cuts never trap; whatever is written reads back as written, with
  /// every byte outside the segment kept.
  func testDamagedJPEGsNeverTrapAndWritesRoundTrip() throws {
    var random = SeededGenerator(seed: TestSeed.value)
    let packet = Array("<x:xmpmeta/>".utf8)
    let base = try JPEGXMPSegment.replacingPacket(in: plain, with: packet).get()
    for _ in 0..<2000 {
      var bytes = Bool.random(using: &random) ? base : plain
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      }
      if Bool.random(using: &random) {
        bytes.removeLast(Int.random(in: 0..<bytes.count, using: &random))
      }
      guard case .success(let location) = JPEGXMPSegment.locate(bytes),
        case .success(let written) = JPEGXMPSegment.replacingPacket(in: bytes, with: [0x41])
      else { continue }
      XCTAssertEqual(JPEGXMPSegment.packet(in: written), [0x41])
      let cut = location.segment ?? location.insertion..<location.insertion
      XCTAssertEqual(Array(written[..<cut.lowerBound]), Array(bytes[..<cut.lowerBound]))
      XCTAssertEqual(
        Array(written[(cut.lowerBound + 4 + 29 + 1)...]), Array(bytes[cut.upperBound...]))
    }
  }
}

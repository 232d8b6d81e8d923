import LightboxTestSupport
import XCTest

@testable import PhotoMetadata

/// A position written as XMP `exif:GPSLatitude`/`exif:GPSLongitude` (geotaggers that write XMP,
/// issue 34): used when the EXIF has no GPS; bad values give none.
final class XMPPositionTests: XCTestCase {
  func jpeg(_ attributes: String, exifGPS: Bool = false) -> [UInt8] {
    let packet = XMPFileTests.packet("", attributes: attributes)
    return XMPFileTests.jpeg([
      XMPFileTests.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + packet)
    ])
  }

  func testTheXMPSchemasFormsAreRead() throws {
    let m = MetadataReader.read(
      bytes: jpeg(#"exif:GPSLatitude="35,0.6N" exif:GPSLongitude="135,46.2E""#))
    let gps = try XCTUnwrap(m.gps)
    XCTAssertEqual(gps.latitude, 35.01, accuracy: 1e-9)
    XCTAssertEqual(gps.longitude, 135.77, accuracy: 1e-9)
    let south = MetadataReader.read(
      bytes: jpeg(#"exif:GPSLatitude="33,52,4S" exif:GPSLongitude="151,12,26W""#))
    XCTAssertEqual(
      try XCTUnwrap(south.gps).latitude, -(33 + 52.0 / 60 + 4.0 / 3600), accuracy: 1e-9)
    XCTAssertEqual(south.gps?.longitude ?? 0, -(151 + 12.0 / 60 + 26.0 / 3600), accuracy: 1e-9)
  }

  func testBadPositionsGiveNone() {
    for (lat, lon) in [
      ("35,0.6", "135,46.2E"),  // no reference letter
      ("95,0N", "10,0E"),  // beyond the pole
      ("10,61N", "10,0E"),  // 61 minutes
      ("10,0N", "181,0E"),
      ("nan,0N", "10,0E"),
      ("10,0X", "10,0E"),
      ("", "10,0E"),
    ] {
      let m = MetadataReader.read(
        bytes: jpeg(#"exif:GPSLatitude="\#(lat)" exif:GPSLongitude="\#(lon)""#))
      XCTAssertNil(m.gps, "\(lat) \(lon)")
    }
    XCTAssertNil(MetadataReader.read(bytes: jpeg(#"exif:GPSLatitude="35,0.6N""#)).gps)
  }
}

import CTurboJPEG
import Foundation
import LightboxTestSupport
import XCTest

extension IndexCommandTests {
  /// A YCCK JPEG (Adobe APP14 transform 2) made by libjpeg-turbo from CMYK pixels, with a
  /// 600 KB ICC profile in APP2 segments in front of its frame header, as Photoshop saves
  /// one with its U.S. Web Coated SWOP profile.
  static func ycckJPEGAfterALargeProfile(width: Int, height: Int) throws -> [UInt8] {
    var random = SeededGenerator(seed: TestSeed.value)
    let cmyk = (0..<(width * height * 4)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    let handle = try XCTUnwrap(tjInitCompress())
    defer { tjDestroy(handle) }
    var buffer: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    defer { if let buffer { tjFree(buffer) } }
    let status = cmyk.withUnsafeBufferPointer {
      tjCompress2(
        handle, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_CMYK.rawValue),
        &buffer, &size, Int32(TJSAMP_420.rawValue), 90, 0)
    }
    XCTAssertEqual(status, 0)
    let jpeg = Array(UnsafeBufferPointer(start: try XCTUnwrap(buffer), count: Int(size)))
    let chunk = 65_519
    let profile = (0..<(600 * 1024)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    let parts = stride(from: 0, to: profile.count, by: chunk).map {
      Array(profile[$0..<min(profile.count, $0 + chunk)])
    }
    var icc: [UInt8] = []
    for (index, part) in parts.enumerated() {
      let length = 2 + 14 + part.count
      icc += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)]
      icc += Array("ICC_PROFILE\0".utf8) + [UInt8(index + 1), UInt8(parts.count)] + part
    }
    return Array(jpeg.prefix(2)) + icc + jpeg.dropFirst(2)
  }

  /// Issue 33 item 9: `lightbox info` gives a valid YCCK JPEG's size although its frame
  /// header is 600 KB in, past the reader's head.
  func testInfoPrintsTheSizeOfAYCCKJPEGWhoseFrameFollowsALargeProfile() throws {
    let folder = home.appendingPathComponent("cmyk").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let bytes = try Self.ycckJPEGAfterALargeProfile(width: 120, height: 80)
    // libjpeg-turbo reads it back as YCCK: the file is valid.
    let handle = try XCTUnwrap(tjInitDecompress())
    defer { tjDestroy(handle) }
    var (width, height, subsampling, colorspace): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    let status = bytes.withUnsafeBufferPointer {
      tjDecompressHeader3(
        handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
    }
    XCTAssertEqual(status, 0)
    XCTAssertEqual(colorspace, Int32(TJCS_YCCK.rawValue))
    XCTAssertEqual([width, height], [120, 80])

    let path = folder + "/cmyk.jpg"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let readable = Subprocess.run([lightbox, "info", path], environment: environment)
    XCTAssertEqual(readable.status, 0, readable.output)
    XCTAssertTrue(readable.output.contains(": JPEG 120×80,"), readable.output)
    let json = Subprocess.run([lightbox, "info", "--json", path], environment: environment)
    XCTAssertEqual(json.status, 0, json.output)
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    XCTAssertEqual(object["width"] as? Int, 120)
    XCTAssertEqual(object["height"] as? Int, 80)
    XCTAssertEqual(object["displayWidth"] as? Int, 120)
  }
}

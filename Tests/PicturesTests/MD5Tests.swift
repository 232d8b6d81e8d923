import XCTest

@testable import ThumbnailCache

final class MD5Tests: XCTestCase {
  /// RFC 1321 appendix A.5 test suite.
  func testRFC1321Vectors() {
    let vectors: [(String, String)] = [
      ("", "d41d8cd98f00b204e9800998ecf8427e"),
      ("a", "0cc175b9c0f1b6a831c399e269772661"),
      ("abc", "900150983cd24fb0d6963f7d28e17f72"),
      ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
      ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
      (
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
        "d174ab98d277d9f5a5611c2c9f419d9f"
      ),
      (
        "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
        "57edf4a22be3c955ac49da2e2107b67a"
      ),
    ]
    for (input, expected) in vectors {
      XCTAssertEqual(MD5.hex(input), expected, "MD5(\"\(input)\")")
    }
  }

  /// The thumbnail spec's own example: MD5 of "file:///home/jens/photos/me.png".
  func testThumbnailSpecExample() {
    XCTAssertEqual(
      MD5.hex("file:///home/jens/photos/me.png"), "c6ee772d9e49320e97ec29a7eb5b1697")
  }

  /// Feeding the message in pieces (across block boundaries) gives the same digest.
  func testIncrementalUpdatesMatchOneShot() {
    let message = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    var md5 = MD5()
    var offset = 0
    for step in [1, 63, 64, 65, 7, 200, 600] {
      md5.update(message[offset..<min(message.count, offset + step)])
      offset = min(message.count, offset + step)
    }
    XCTAssertEqual(offset, message.count)
    XCTAssertEqual(md5.finish(), MD5.digest(message))
    // 56 bytes: the length no longer fits in the last block, padding spills into a second
    // one (value from coreutils md5sum).
    XCTAssertEqual(MD5.hex(String(repeating: "x", count: 56)), "668a72d5ba17f08e62dabcafad6db14b")
  }
}

import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Catalog

final class AnimationSnifferTests: XCTestCase {
  var library: TestLibrary!

  override func setUp() { library = TestLibrary("animation") }
  override func tearDown() { library.remove() }

  private func file(_ name: String, _ bytes: [UInt8]) throws -> LibraryPath {
    let path = library.root + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return LibraryPath(path)
  }

  // MARK: - Tiny files

  static func gif(frames: Int, loopExtension: Bool, hugeFirstFrame: Bool = false) -> [UInt8] {
    var out = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0]  // 1×1, 2-entry colour table
    out += [0, 0, 0, 255, 255, 255]
    if loopExtension {
      out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
    }
    for n in 0..<frames {
      out += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]  // graphic control: a delay
      out += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2]
      if hugeFirstFrame && n == 0 {
        // 300 KB of data blocks: beyond the first 64 KB window.
        for _ in 0..<1200 { out += [255] + [UInt8](repeating: 0, count: 255) }
      }
      out += [2, 0x4C, 0x01, 0]
    }
    return out + [0x3B]
  }

  static func png(frames: Int?) -> [UInt8] {
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let n = data.count
      return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        + Array(type.utf8) + data + [0, 0, 0, 0]
    }
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    out += chunk("IHDR", [0, 0, 0, 4, 0, 0, 0, 3, 8, 6, 0, 0, 0])
    out += chunk("tEXt", Array("Comment\u{0}hello".utf8))
    if let frames { out += chunk("acTL", [0, 0, 0, UInt8(frames), 0, 0, 0, 0]) }
    out += chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
    return out + chunk("IEND", [])
  }

  static func webp(flags: UInt8) -> [UInt8] {
    Array("RIFF".utf8) + [22, 0, 0, 0] + Array("WEBP".utf8) + Array("VP8X".utf8)
      + [10, 0, 0, 0, flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]
  }

  func testGIF() throws {
    XCTAssertTrue(
      AnimationSniffer.isAnimated(
        try file("two.gif", Self.gif(frames: 2, loopExtension: false)), format: .gif))
    XCTAssertFalse(
      AnimationSniffer.isAnimated(
        try file("one.gif", Self.gif(frames: 1, loopExtension: false)), format: .gif))
    XCTAssertTrue(
      AnimationSniffer.isAnimated(
        try file("loop.gif", Self.gif(frames: 1, loopExtension: true)), format: .gif))
    XCTAssertTrue(
      AnimationSniffer.isAnimated(
        try file("big.gif", Self.gif(frames: 2, loopExtension: false, hugeFirstFrame: true)),
        format: .gif))
    // Cut inside the first frame: a still, no hang, no trap.
    let cut = Array(Self.gif(frames: 2, loopExtension: false, hugeFirstFrame: true).prefix(70_000))
    XCTAssertFalse(AnimationSniffer.isAnimated(try file("cut.gif", cut), format: .gif))
    XCTAssertFalse(AnimationSniffer.isAnimated(try file("junk.gif", [0x47]), format: .gif))
  }

  func testPNGAndWebP() throws {
    XCTAssertTrue(AnimationSniffer.isAnimated(try file("a.png", Self.png(frames: 3)), format: .png))
    XCTAssertFalse(
      AnimationSniffer.isAnimated(try file("b.png", Self.png(frames: 1)), format: .png))
    XCTAssertFalse(
      AnimationSniffer.isAnimated(try file("c.png", Self.png(frames: nil)), format: .png))
    var hostile = Self.png(frames: nil)
    hostile.replaceSubrange(33..<37, with: [0xFF, 0xFF, 0xFF, 0xF0])  // tEXt length huge
    XCTAssertFalse(AnimationSniffer.isAnimated(try file("d.png", hostile), format: .png))
    XCTAssertTrue(
      AnimationSniffer.isAnimated(try file("a.webp", Self.webp(flags: 0x02)), format: .webp))
    XCTAssertFalse(
      AnimationSniffer.isAnimated(try file("b.webp", Self.webp(flags: 0x00)), format: .webp))
    XCTAssertFalse(
      AnimationSniffer.isAnimated(try file("x.jpg", Self.png(frames: 3)), format: .jpeg))
  }

  func testTheIndexerFlagsAnimatedPhotos() throws {
    _ = try file("moving.png", Self.png(frames: 2))
    _ = try file("still.png", Self.png(frames: nil))
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let byName = Dictionary(uniqueKeysWithValues: try catalog.allAssets().map { ($0.fileName, $0) })
    XCTAssertEqual(byName["moving.png"]?.isAnimated, true)
    XCTAssertEqual(byName["still.png"]?.isAnimated, false)
    XCTAssertTrue(MediaType.animated.contains(try XCTUnwrap(byName["moving.png"])))
    // Rewritten as a still: the flag follows the file.
    _ = try file("moving.png", Self.png(frames: nil) + [0])
    _ = try Indexer(catalog: catalog).index()
    XCTAssertEqual(
      try catalog.asset(path: LibraryPath(library.root + "/moving.png"))?.isAnimated,
      false)
  }
}

import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders

/// A TIFF that carries reduced-resolution pages (a pyramid, as vips, scanners and editors
/// write them) is thumbnailed from the smallest page that covers the tile, and shown in
/// full from the first page.
final class TIFFReducedPageTests: XCTestCase {
  func testATileComesFromTheSmallestCoveringPage() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/vips") else {
      throw XCTSkip("vips (libvips-tools) is not installed: scripts/install-deps adds it")
    }
    let dir = BuiltProduct.temporaryDirectory("tiff-pyramid")
    defer { try? FileManager.default.removeItem(at: dir) }
    let png = dir.appendingPathComponent("big.png")
    var pixels = [UInt8](repeating: 255, count: 2048 * 1536 * 4)
    for i in stride(from: 0, to: pixels.count, by: 4) {
      let x = (i / 4) % 2048
      pixels[i] = UInt8(x % 256)
      pixels[i + 1] = UInt8((i / 4 / 2048) % 256)
    }
    try Data(TestImages.png(rgba: Bitmap(width: 2048, height: 1536, pixels: pixels)))
      .write(to: png)
    let tiff = dir.appendingPathComponent("pyramid.tif")
    let made = Subprocess.run([
      "/usr/bin/vips", "tiffsave", png.path, tiff.path, "--pyramid", "--tile",
      "--compression", "none",
    ])
    XCTAssertEqual(made.status, 0, made.output)
    let bytes = [UInt8](try Data(contentsOf: tiff))
    let tile = DecodeOptions(target: PixelSize(width: 256, height: 256), mode: .fill)
    let page = try XCTUnwrap(TIFFDecoder.page(bytes, options: tile))
    // The pyramid halves each level: 2048, 1024, 512, 256 wide; a 256 fill needs 342×256.
    XCTAssertEqual(page.size, PixelSize(width: 512, height: 384))
    XCTAssertGreaterThan(page.index, 0)
    let full = DecodeOptions(target: PixelSize(width: 4096, height: 4096))
    XCTAssertEqual(TIFFDecoder.page(bytes, options: full)?.index, 0)
    XCTAssertEqual(try ImageDecoder.decode(data: bytes, options: tile).get().size, tile.target)
    XCTAssertEqual(
      try ImageDecoder.decode(data: bytes, options: full).get().size,
      PixelSize(width: 2048, height: 1536))
  }
}

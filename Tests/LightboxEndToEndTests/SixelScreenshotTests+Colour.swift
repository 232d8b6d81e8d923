import Foundation
import Pixels
import Decoders
import LightboxTestSupport
import PhotoModel
import XCTest

extension SixelScreenshotTests {
  /// A Display P3 photo's tile in a real xterm shows the sRGB colours lcms2's `jpgicc` makes
  /// of it, not its P3 numbers read as sRGB.
  func testADisplayP3PhotosTileMatchesTheSRGBReference() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/jpgicc") else {
      throw XCTSkip("jpgicc (liblcms2-utils) is not installed: scripts/install-deps adds it")
    }
    let lightbox = BuiltProduct.lightbox!
    // Two flat halves of saturated P3 colours: where P3 and sRGB differ most, and flat so
    // that sixel's palette can show them exactly.
    let p3 = [RGB(200, 40, 40), RGB(40, 190, 70)]
    var pixels = [UInt8](repeating: 255, count: 256 * 128 * 4)
    for y in 0..<128 {
      for x in 0..<256 {
        let c = p3[x < 128 ? 0 : 1]
        pixels.replaceSubrange((y * 256 + x) * 4..<(y * 256 + x) * 4 + 3, with: [c.r, c.g, c.b])
      }
    }
    let plain = try JPEGEncoder.encode(
      Bitmap(width: 256, height: 128, pixels: pixels), quality: 100
    ).get()
    let profile = try XCTUnwrap(DisplayP3.profile(), "lcms2 could not build Display P3")
    let library = work.appendingPathComponent("p3")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    let photo = library.appendingPathComponent("p3.jpg")
    try Data(DisplayP3.tagged(plain, profile: profile)).write(to: photo)
    let referencePath = work.appendingPathComponent("p3-srgb.jpg").path
    let convert = Subprocess.run(["/usr/bin/jpgicc", "-q", "100", photo.path, referencePath])
    XCTAssertEqual(convert.status, 0, convert.output)
    let reference = try decodePNG(referencePath)
    let expected = [reference.rgb(x: 64, y: 64), reference.rgb(x: 192, y: 64)]

    let shotPath = work.appendingPathComponent("p3.png").path
    let home = work.path
    let shot = Subprocess.run([
      Self.tool("term-shot"), "--size", "\(Self.columns)x\(Self.rows)", "--timeout", "60",
      "--wait", "3", "--wait-idle", "2", "--out", shotPath, "--",
      "env", "HOME=\(home)", "XDG_DATA_HOME=\(home)/data", "XDG_CACHE_HOME=\(home)/cache",
      "XDG_CONFIG_HOME=\(home)/config", "XDG_STATE_HOME=\(home)/state", "SWIFT_BACKTRACE=enable=no",
      lightbox, "--graphics", "sixel", "--catalog", "\(home)/p3.sqlite", library.path,
    ])
    if shot.status == 2 { throw XCTSkip("term-shot could not start: \(shot.output)") }
    XCTAssertTrue(shot.status == 0 || shot.status == 1, shot.output)
    let frame = expectedFrame(count: 1, after: [])
    let tile = try XCTUnwrap(frame.images.first, "the photo has a tile")
    let screenshot = try decodePNG(shotPath)
    let p = Self.grid.pixels(of: tile.rect)
    // 30 % and 70 % across the middle row lie inside each half whether the tile is filled
    // (centre crop) or fitted.
    for (half, fraction) in [0.3, 0.7].enumerated() {
      let shown = medianColour(
        screenshot, x: p.x + Int(Double(p.width) * fraction), y: p.y + p.height / 2)
      let want = expected[half]
      XCTAssertLessThanOrEqual(
        distance(shown, want), 10, "half \(half): tile \(shown), jpgicc's sRGB \(want)")
      // The check can tell: the P3 numbers shown as sRGB are far from the reference.
      XCTAssertGreaterThan(distance(p3[half], want), 25, "half \(half): P3 ≈ sRGB here")
    }
  }

  /// The per-channel median of the 5×5 pixels around (x, y).
  private func medianColour(_ shot: Bitmap, x: Int, y: Int) -> RGB {
    var r: [UInt8] = []
    var g: [UInt8] = []
    var b: [UInt8] = []
    for dy in -2...2 {
      for dx in -2...2 {
        let c = shot.rgb(x: x + dx, y: y + dy)
        r.append(c.r)
        g.append(c.g)
        b.append(c.b)
      }
    }
    return RGB(r.sorted()[12], g.sorted()[12], b.sorted()[12])
  }

  /// The largest per-channel difference.
  private func distance(_ a: RGB, _ b: RGB) -> Int {
    max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
  }
}

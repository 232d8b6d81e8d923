import LightboxTestSupport
import XCTest

@testable import TerminalGraphics

/// The sorted search answers exactly what a look at every palette entry answers.
final class NearestColorTests: XCTestCase {
  /// The linear search the sorted one replaced: lowest index among the nearest.
  static func linear(_ palette: [Int32], bin: Int) -> Int {
    let cr = Int32(bin >> 10) * 8 + 4
    let cg = Int32((bin >> 5) & 31) * 8 + 4
    let cb = Int32(bin & 31) * 8 + 4
    var best = Int32.max
    var index = 0
    for k in 0..<palette.count / 3 {
      let dr = palette[k * 3] - cr
      let dg = palette[k * 3 + 1] - cg
      let db = palette[k * 3 + 2] - cb
      let d = dr * dr + dg * dg + db * db
      if d < best {
        best = d
        index = k
      }
    }
    return index
  }

  func testEveryBinMatchesTheLinearSearchOnRandomPalettes() {
    var random = SeededGenerator(seed: TestSeed.value)
    // Sizes from one entry to 256; few distinct values make many ties.
    for (size, levels) in [(1, 256), (2, 256), (16, 4), (64, 256), (200, 8), (256, 256)] {
      let palette = (0..<size * 3).map { _ in
        Int32(Int.random(in: 0..<levels, using: &random) * 255 / max(1, levels - 1))
      }
      let nearest = NearestColor(palette: palette)
      defer { nearest.release() }
      for bin in 0..<32_768 {
        let expected = Self.linear(palette, bin: bin)
        let found = nearest.entry(toBin: bin)
        if found != expected {
          XCTFail("palette of \(size) (\(levels) levels), bin \(bin): \(found) ≠ \(expected)")
          return
        }
      }
    }
  }
}

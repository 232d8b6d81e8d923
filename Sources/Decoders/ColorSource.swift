import Pixels

/// Where an image's colours are defined, when it says so: an embedded ICC profile (JPEG
/// APP2, PNG iCCP, HEIF `colr prof`, WebP ICCP, TIFF tag 34675) or the CICP primaries of a
/// HEIF/AVIF `nclx` box.
enum ColorSource: Sendable, Hashable {
  case icc([UInt8])
  /// CICP colour primaries (code 1 is BT.709/sRGB, 12 is Display P3) as chromaticities.
  case primaries(
    code: Int, red: Chromaticity, green: Chromaticity, blue: Chromaticity, white: Chromaticity)

  /// An (x, y) chromaticity.
  typealias Chromaticity = (Double, Double)

  static func == (a: ColorSource, b: ColorSource) -> Bool {
    switch (a, b) {
    case (.icc(let x), .icc(let y)): return x == y
    case (
      .primaries(let c1, let r1, let g1, let b1, let w1),
      .primaries(let c2, let r2, let g2, let b2, let w2)
    ):
      return c1 == c2 && r1 == r2 && g1 == g2 && b1 == b2 && w1 == w2
    default: return false
    }
  }

  func hash(into hasher: inout Hasher) {
    switch self {
    case .icc(let bytes): hasher.combine(bytes)
    case .primaries(let code, let r, let g, let b, let w):
      hasher.combine(code)
      for value in [r.0, r.1, g.0, g.1, b.0, b.1, w.0, w.1] { hasher.combine(value) }
    }
  }
}

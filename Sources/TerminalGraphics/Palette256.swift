import Foundation
import Pixels
import PhotoModel

/// The xterm 256-colour palette and a perceptual nearest-colour search over the part of it
/// that every terminal draws the same way: the 6×6×6 cube (16…231) and the grey ramp
/// (232…255). The first 16 are skipped because themes redefine them.
public enum Palette256 {
  /// The RGB value xterm gives palette entry `index` (16…255).
  public static func color(ofIndex index: Int) -> RGB {
    if index >= 232 {
      let v = UInt8(8 + (index - 232) * 10)
      return RGB(v, v, v)
    }
    let n = index - 16
    let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
    return RGB(levels[n / 36], levels[n / 6 % 6], levels[n % 6])
  }

  /// The palette entry nearest to `rgb` in CIELAB (ΔE76), from a table of 32 levels per
  /// channel so the search runs once per 5-bit colour.
  public static func nearestIndex(_ rgb: RGB) -> Int {
    let key = Int(rgb.r >> 3) << 10 | Int(rgb.g >> 3) << 5 | Int(rgb.b >> 3)
    return Int(table[key])
  }

  private static let candidates: [(index: Int, lab: Lab)] = (16...255).map {
    ($0, Lab(color(ofIndex: $0)))
  }

  private static let table: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 32 * 32 * 32)
    for key in 0..<(32 * 32 * 32) {
      // The centre of the 5-bit bucket stands for every colour in it.
      let r = UInt8((key >> 10) << 3 | 4)
      let g = UInt8((key >> 5 & 31) << 3 | 4)
      let b = UInt8((key & 31) << 3 | 4)
      let lab = Lab(RGB(r, g, b))
      var best = 16
      var bestDistance = Double.infinity
      for candidate in candidates {
        let d = lab.distanceSquared(to: candidate.lab)
        if d < bestDistance {
          bestDistance = d
          best = candidate.index
        }
      }
      table[key] = UInt8(best)
    }
    return table
  }()
}

/// A CIELAB colour (D65), for perceptual distances.
struct Lab {
  var l: Double
  var a: Double
  var b: Double

  init(_ rgb: RGB) {
    func linear(_ c: UInt8) -> Double {
      let v = Double(c) / 255
      return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
    let r = linear(rgb.r)
    let g = linear(rgb.g)
    let bl = linear(rgb.b)
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * bl
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883
    func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116.0 }
    l = 116 * f(y) - 16
    a = 500 * (f(x) - f(y))
    b = 200 * (f(y) - f(z))
  }

  func distanceSquared(to other: Lab) -> Double {
    let dl = l - other.l
    let da = a - other.a
    let db = b - other.b
    return dl * dl + da * da + db * db
  }
}

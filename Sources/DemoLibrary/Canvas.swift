import Pixels
import PhotoModel

/// A colour while painting: sRGB-encoded components in 0…1 (values may overshoot briefly).
typealias Color = SIMD3<Float>

/// A colour from 0…255 components.
@inline(__always)
func rgb(_ r: Int, _ g: Int, _ b: Int) -> Color {
  Color(Float(r) / 255, Float(g) / 255, Float(b) / 255)
}

extension Color {
  @inline(__always)
  func mixed(with other: Color, _ t: Float) -> Color { self + (other - self) * t }

  /// Rec. 601 luma.
  var luma: Float { 0.299 * x + 0.587 * y + 0.114 * z }
}

@inline(__always)
func clamp01(_ v: Float) -> Float { min(max(v, 0), 1) }

@inline(__always)
func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
  let t = clamp01((x - e0) / (e1 - e0))
  return t * t * (3 - 2 * t)
}

/// A float RGB picture being painted, owned by one thread.
///
/// Painting happens in floats so that gradients and haze blend without banding; the
/// conversion to 8-bit adds grain, which also dithers.
final class Canvas {
  let width: Int
  let height: Int
  let px: UnsafeMutablePointer<Float>

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    px = .allocate(capacity: width * height * 3)
    px.initialize(repeating: 0, count: width * height * 3)
  }

  deinit { px.deallocate() }

  @inline(__always)
  func get(_ x: Int, _ y: Int) -> Color {
    let i = (y * width + x) * 3
    return Color(px[i], px[i + 1], px[i + 2])
  }

  @inline(__always)
  func set(_ x: Int, _ y: Int, _ c: Color) {
    let i = (y * width + x) * 3
    px[i] = c.x
    px[i + 1] = c.y
    px[i + 2] = c.z
  }

  /// Blends `c` over the pixel with opacity `a` (0…1); out-of-bounds is ignored.
  @inline(__always)
  func blend(_ x: Int, _ y: Int, _ c: Color, _ a: Float) {
    guard x >= 0, y >= 0, x < width, y < height, a > 0 else { return }
    let i = (y * width + x) * 3
    if a >= 1 {
      px[i] = c.x
      px[i + 1] = c.y
      px[i + 2] = c.z
    } else {
      px[i] += (c.x - px[i]) * a
      px[i + 1] += (c.y - px[i + 1]) * a
      px[i + 2] += (c.z - px[i + 2]) * a
    }
  }

  /// Fills an ellipse with anti-aliased edges; `shade` may vary the colour inside.
  func fillEllipse(
    cx: Float, cy: Float, rx: Float, ry: Float, alpha: Float = 1,
    shade: (_ u: Float, _ v: Float) -> Color
  ) {
    guard rx > 0, ry > 0 else { return }
    let x0 = max(0, Int(cx - rx - 1))
    let x1 = min(width - 1, Int(cx + rx + 1))
    let y0 = max(0, Int(cy - ry - 1))
    let y1 = min(height - 1, Int(cy + ry + 1))
    guard x0 <= x1, y0 <= y1 else { return }
    let edge = min(rx, ry)
    for y in y0...y1 {
      let v = (Float(y) + 0.5 - cy) / ry
      for x in x0...x1 {
        let u = (Float(x) + 0.5 - cx) / rx
        let d = (u * u + v * v).squareRoot()
        let coverage = clamp01((1 - d) * edge + 0.5)
        if coverage > 0 { blend(x, y, shade(u, v), coverage * alpha) }
      }
    }
  }

  /// Fills a circle of one colour.
  func fillCircle(cx: Float, cy: Float, r: Float, color: Color, alpha: Float = 1) {
    fillEllipse(cx: cx, cy: cy, rx: r, ry: r, alpha: alpha) { _, _ in color }
  }

  /// Fills a rounded rectangle (corner radius `r`) with anti-aliased edges.
  func fillRoundedRect(
    x0: Float, y0: Float, x1: Float, y1: Float, r: Float, color: Color, alpha: Float = 1
  ) {
    let ix0 = max(0, Int(x0.rounded(.down)))
    let ix1 = min(width - 1, Int(x1.rounded(.up)))
    let iy0 = max(0, Int(y0.rounded(.down)))
    let iy1 = min(height - 1, Int(y1.rounded(.up)))
    guard ix0 <= ix1, iy0 <= iy1 else { return }
    let hw = (x1 - x0) / 2
    let hh = (y1 - y0) / 2
    let cx = (x0 + x1) / 2
    let cy = (y0 + y1) / 2
    let radius = min(r, hw, hh)
    for y in iy0...iy1 {
      let qy = abs(Float(y) + 0.5 - cy) - (hh - radius)
      for x in ix0...ix1 {
        let qx = abs(Float(x) + 0.5 - cx) - (hw - radius)
        let ox = max(qx, 0)
        let oy = max(qy, 0)
        let distance = (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - radius
        let coverage = clamp01(0.5 - distance)
        if coverage > 0 { blend(x, y, color, coverage * alpha) }
      }
    }
  }

  /// A soft shadow around a rounded rectangle (for screenshot windows).
  func dropShadow(
    x0: Float, y0: Float, x1: Float, y1: Float, r: Float, spread: Float, strength: Float
  ) {
    let ix0 = max(0, Int(x0 - spread))
    let ix1 = min(width - 1, Int(x1 + spread))
    let iy0 = max(0, Int(y0 - spread * 0.5))
    let iy1 = min(height - 1, Int(y1 + spread * 1.5))
    guard ix0 <= ix1, iy0 <= iy1 else { return }
    let hw = (x1 - x0) / 2
    let hh = (y1 - y0) / 2
    let cx = (x0 + x1) / 2
    let cy = (y0 + y1) / 2 + spread * 0.3
    let black = Color(0.0, 0.0, 0.0)
    for y in iy0...iy1 {
      let qy = abs(Float(y) + 0.5 - cy) - (hh - r)
      for x in ix0...ix1 {
        let qx = abs(Float(x) + 0.5 - cx) - (hw - r)
        let d = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() - r
        guard d > -2 else { continue }
        let a = strength * (1 - smoothstep(-2, spread, d))
        blend(x, y, black, a)
      }
    }
  }

  /// Fills an axis-aligned rectangle, with fractional coverage on its edges.
  func fillRect(x0: Float, y0: Float, x1: Float, y1: Float, color: Color, alpha: Float = 1) {
    let ix0 = max(0, Int(x0.rounded(.down)))
    let ix1 = min(width - 1, Int(x1.rounded(.up)) - 1)
    let iy0 = max(0, Int(y0.rounded(.down)))
    let iy1 = min(height - 1, Int(y1.rounded(.up)) - 1)
    guard ix0 <= ix1, iy0 <= iy1 else { return }
    for y in iy0...iy1 {
      let cy = clamp01(min(Float(y + 1), y1) - max(Float(y), y0))
      for x in ix0...ix1 {
        let cx = clamp01(min(Float(x + 1), x1) - max(Float(x), x0))
        blend(x, y, color, cx * cy * alpha)
      }
    }
  }

  /// The 8-bit RGBA picture: film grain of `grain` levels (hash noise, reproducible from
  /// `seed`) and a soft vignette darkening the corners by up to `vignette`.
  func bitmap(grain: Float, vignette: Float, seed: UInt64) -> Bitmap {
    let w = width
    let h = height
    let count = w * h * 4
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
      let halfW = Float(w) / 2
      let halfH = Float(h) / 2
      let norm = 1 / (halfW * halfW + halfH * halfH)
      var state = SplitMix64.mix(seed | 1)
      for y in 0..<h {
        let dy = Float(y) - halfH
        let dy2 = dy * dy
        for x in 0..<w {
          let dx = Float(x) - halfW
          let v = 1 - vignette * (dx * dx + dy2) * norm
          // xorshift: a cheap per-pixel noise source, seeded per picture.
          state ^= state << 13
          state ^= state >> 7
          state ^= state << 17
          let n1 = Float(state & 0xFFFF) * (1 / 65_536.0)
          let n2 = Float((state >> 16) & 0xFFFF) * (1 / 65_536.0)
          let noise = (n1 + n2 - 1) * grain
          let i = (y * w + x) * 3
          let o = (y * w + x) * 4
          let r = px[i] * 255 * v + noise + 0.5
          let g = px[i + 1] * 255 * v + noise + 0.5
          let b = px[i + 2] * 255 * v + noise + 0.5
          out[o] = UInt8(min(max(r, 0), 255))
          out[o + 1] = UInt8(min(max(g, 0), 255))
          out[o + 2] = UInt8(min(max(b, 0), 255))
          out[o + 3] = 255
        }
      }
      initialized = count
    }
    return Bitmap(width: w, height: h, pixels: pixels)
  }
}

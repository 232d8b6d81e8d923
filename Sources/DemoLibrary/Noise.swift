/// Hash-based value noise: smooth pseudo-random functions of position for ridges, clouds,
/// water and grain, reproducible from a seed.
struct Noise: Sendable {
  let seed: UInt64

  init(seed: UInt64) { self.seed = seed }

  /// A hash of an integer lattice point to [0, 1).
  @inline(__always)
  func lattice(_ i: Int32) -> Float {
    let h = SplitMix64.mix(seed ^ UInt64(UInt32(bitPattern: i)))
    return Float(h >> 40) * (1.0 / 16_777_216.0)
  }

  @inline(__always)
  func lattice(_ i: Int32, _ j: Int32) -> Float {
    let key = UInt64(UInt32(bitPattern: i)) | UInt64(UInt32(bitPattern: j)) << 32
    let h = SplitMix64.mix(seed ^ key)
    return Float(h >> 40) * (1.0 / 16_777_216.0)
  }

  /// Smooth 1-D value noise in [0, 1).
  @inline(__always)
  func value(_ x: Float) -> Float {
    let fx = x.rounded(.down)
    let i = Int32(clamping: Int(fx))
    let t = x - fx
    let s = t * t * (3 - 2 * t)
    let a = lattice(i)
    let b = lattice(i &+ 1)
    return a + (b - a) * s
  }

  /// Smooth 2-D value noise in [0, 1).
  @inline(__always)
  func value(_ x: Float, _ y: Float) -> Float {
    let fx = x.rounded(.down)
    let fy = y.rounded(.down)
    let i = Int32(clamping: Int(fx))
    let j = Int32(clamping: Int(fy))
    let tx = x - fx
    let ty = y - fy
    let sx = tx * tx * (3 - 2 * tx)
    let sy = ty * ty * (3 - 2 * ty)
    let a = lattice(i, j)
    let b = lattice(i &+ 1, j)
    let c = lattice(i, j &+ 1)
    let d = lattice(i &+ 1, j &+ 1)
    let top = a + (b - a) * sx
    let bottom = c + (d - c) * sx
    return top + (bottom - top) * sy
  }

  /// Fractal (fBm) 1-D noise in about [0, 1): `octaves` layers, each twice the frequency and
  /// `gain` times the amplitude of the last.
  func fbm(_ x: Float, octaves: Int, gain: Float = 0.5) -> Float {
    var sum: Float = 0
    var amplitude: Float = 1
    var norm: Float = 0
    var f = x
    for o in 0..<octaves {
      sum += amplitude * Noise(seed: seed &+ UInt64(o) &* 0x9E37).value(f)
      norm += amplitude
      amplitude *= gain
      f *= 2.03
    }
    return sum / norm
  }

  /// Ridged 1-D fBm in [0, 1): sharp crests like mountain ranges.
  func ridged(_ x: Float, octaves: Int, gain: Float = 0.5) -> Float {
    var sum: Float = 0
    var amplitude: Float = 1
    var norm: Float = 0
    var f = x
    for o in 0..<octaves {
      let n = Noise(seed: seed &+ UInt64(o) &* 0x9E37).value(f)
      let r = 1 - abs(2 * n - 1)
      sum += amplitude * r * r
      norm += amplitude
      amplitude *= gain
      f *= 2.1
    }
    return sum / norm
  }

  /// Fractal 2-D noise in about [0, 1).
  func fbm(_ x: Float, _ y: Float, octaves: Int, gain: Float = 0.5) -> Float {
    var sum: Float = 0
    var amplitude: Float = 1
    var norm: Float = 0
    var fx = x
    var fy = y
    for o in 0..<octaves {
      sum += amplitude * Noise(seed: seed &+ UInt64(o) &* 0x9E37).value(fx, fy)
      norm += amplitude
      amplitude *= gain
      fx *= 2.03
      fy *= 2.03
    }
    return sum / norm
  }
}

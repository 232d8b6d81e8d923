import Foundation

/// The colours of a scene's light for a sun elevation: sky gradient, sun, how bright and
/// how warm the ground is.
struct SceneLight {
  var elevation: Float
  var zenith: Color
  var horizon: Color
  var sun: Color
  /// Multiplies ground colours (brightness).
  var ambient: Float
  /// Multiplies ground colours (warmth at sunset, blue at night).
  var tint: Color
  /// Colour of lit cloud tops.
  var cloudLit: Color
  /// How many stars show (0 in daylight).
  var stars: Float

  private struct Key {
    var e: Float
    var zenith: Color
    var horizon: Color
    var sun: Color
    var ambient: Float
    var tint: Color
    var cloud: Color
  }

  private static let keys: [Key] = [
    Key(
      e: -1.0, zenith: rgb(6, 10, 30), horizon: rgb(22, 34, 72), sun: rgb(230, 230, 215),
      ambient: 0.2, tint: Color(0.55, 0.65, 1.0), cloud: rgb(26, 30, 44)),
    Key(
      e: -0.4, zenith: rgb(10, 18, 52), horizon: rgb(40, 58, 108), sun: rgb(230, 230, 215),
      ambient: 0.24, tint: Color(0.6, 0.7, 1.0), cloud: rgb(38, 42, 62)),
    Key(
      e: -0.15, zenith: rgb(22, 36, 90), horizon: rgb(125, 96, 138),
      sun: rgb(255, 130, 80), ambient: 0.32, tint: Color(0.75, 0.7, 0.95),
      cloud: rgb(140, 100, 140)),
    Key(
      e: 0.0, zenith: rgb(48, 80, 150), horizon: rgb(255, 142, 72), sun: rgb(255, 130, 55),
      ambient: 0.46, tint: Color(1.0, 0.72, 0.55), cloud: rgb(255, 150, 120)),
    Key(
      e: 0.1, zenith: rgb(58, 112, 192), horizon: rgb(255, 198, 135),
      sun: rgb(255, 205, 130), ambient: 0.72, tint: Color(1.0, 0.88, 0.72),
      cloud: rgb(255, 222, 190)),
    Key(
      e: 0.3, zenith: rgb(44, 108, 208), horizon: rgb(186, 214, 238),
      sun: rgb(255, 250, 228), ambient: 0.95, tint: Color(1.0, 0.98, 0.95),
      cloud: rgb(250, 250, 250)),
    Key(
      e: 1.0, zenith: rgb(28, 92, 204), horizon: rgb(176, 210, 240),
      sun: rgb(255, 255, 242), ambient: 1.0, tint: Color(1.0, 1.0, 1.0),
      cloud: rgb(255, 255, 255)),
  ]

  init(elevation e: Float, morning: Bool, rng: inout SplitMix64) {
    elevation = e
    var lower = SceneLight.keys[0]
    var upper = SceneLight.keys[SceneLight.keys.count - 1]
    for i in 1..<SceneLight.keys.count where e <= SceneLight.keys[i].e {
      lower = SceneLight.keys[i - 1]
      upper = SceneLight.keys[i]
      break
    }
    let t = clamp01((e - lower.e) / max(upper.e - lower.e, 0.0001))
    zenith = lower.zenith.mixed(with: upper.zenith, t)
    horizon = lower.horizon.mixed(with: upper.horizon, t)
    sun = lower.sun.mixed(with: upper.sun, t)
    ambient = lower.ambient + (upper.ambient - lower.ambient) * t
    tint = lower.tint.mixed(with: upper.tint, t)
    cloudLit = lower.cloud.mixed(with: upper.cloud, t)
    stars = smoothstep(-0.15, -0.5, e)
    // Dawn is pinker and cooler than dusk.
    if morning && e > -0.35 && e < 0.2 {
      let k = 0.4 * (1 - abs(e + 0.075) / 0.275)
      horizon = horizon.mixed(with: rgb(248, 168, 178), k)
      zenith = zenith.mixed(with: rgb(70, 80, 150), k * 0.5)
    }
    // Every picture's air is a little different: haze, a bluer or greener sky.
    zenith += Color(rng.float(-0.03...0.03), rng.float(-0.03...0.03), rng.float(-0.04...0.04))
    if e > 0.2 { horizon = horizon.mixed(with: Color(1.0, 1.0, 1.0), rng.float(0...0.18)) }
  }

  /// Sky colour at `t` from the zenith (0) to the horizon (1).
  @inline(__always)
  func sky(_ t: Float) -> Color {
    let s = clamp01(t)
    return zenith.mixed(with: horizon, s * s * (1.6 - 0.6 * s))
  }

  /// A ground colour under this light.
  @inline(__always)
  func lit(_ c: Color) -> Color { c * tint * ambient }
}

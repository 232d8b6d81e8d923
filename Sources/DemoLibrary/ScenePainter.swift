import Foundation
import Pixels

/// Paints a demo landscape photo: sky by time of day, sun or moon with glow, stars, clouds,
/// layered terrain with aerial perspective, water with reflections, trees or a skyline.
///
/// Everything random comes from the scene's two seeds: the terrain seed (shared by an
/// outing's photos) and the detail seed (this photo only).
final class ScenePainter {
  let scene: DemoScene
  let canvas: Canvas
  let w: Int
  let h: Int
  /// Picture height in pixels, the unit of all scene geometry (so panoramas see further).
  let unit: Float
  var detail: SplitMix64
  var terrain: SplitMix64
  let light: SceneLight
  /// Where sky meets land or sea, in pixels from the top.
  let horizon: Float
  let sunX: Float
  let sunY: Float
  let sunRadius: Float
  let sunVisible: Bool
  let moonVisible: Bool
  /// -1 when the sun is on the left, 1 on the right (which slopes are lit).
  let sunSide: Float
  let season: Season

  enum Season {
    case spring, summer, autumn, winter
  }

  init(scene: DemoScene, width: Int, height: Int) {
    self.scene = scene
    w = width
    h = height
    unit = Float(height)
    canvas = Canvas(width: width, height: height)
    detail = SplitMix64(seed: scene.detailSeed)
    terrain = SplitMix64(seed: scene.terrainSeed)
    let daylight = Daylight(month: scene.month, southern: scene.southern)
    let e = daylight.elevation(hour: scene.hour)
    let morning = scene.hour < 13
    light = SceneLight(elevation: e, morning: morning, rng: &detail)

    let m = scene.southern ? (scene.month + 5) % 12 + 1 : scene.month
    switch m {
    case 3...5: season = .spring
    case 6...8: season = .summer
    case 9...11: season = .autumn
    default: season = .winter
    }

    let baseHorizon: Float
    switch scene.theme {
    case .mountains: baseHorizon = terrain.float(0.48...0.56)
    case .lake: baseHorizon = terrain.float(0.56...0.63)
    case .coast: baseHorizon = terrain.float(0.52...0.62)
    case .city: baseHorizon = terrain.float(0.6...0.68)
    case .hills: baseHorizon = terrain.float(0.5...0.58)
    case .desert: baseHorizon = terrain.float(0.55...0.63)
    case .snowfield: baseHorizon = terrain.float(0.5...0.58)
    }
    horizon = (baseHorizon + detail.float(-0.025...0.025)) * unit

    // The sun stands east in the morning, west in the evening; the outing's photos pan.
    let azimuth = morning ? terrain.float(0.18...0.45) : terrain.float(0.55...0.82)
    sunX = (azimuth + detail.float(-0.04...0.04)) * Float(width)
    let rise = min(max(e, -0.1), 0.75) / 0.75
    sunY = horizon - rise * horizon * 0.85 + unit * 0.01
    sunRadius = unit * (0.075 - 0.03 * clamp01(e / 0.4))
    // People point the camera at the sun at dawn and dusk, rarely at noon.
    let sunInFrame = detail.chance(0.55)
    let moonUp = detail.chance(0.75)
    sunVisible = e > -0.06 && (e < 0.3 || sunInFrame)
    moonVisible = e < -0.2 && moonUp
    sunSide = sunX < Float(width) / 2 ? -1 : 1
  }

  /// Paints the picture.
  func paint() -> Bitmap {
    paintSky()
    if light.stars > 0 { paintStars() }
    if moonVisible { paintMoon() }
    if sunVisible { paintSun() }
    paintClouds()
    paintTerrain()
    if scene.selfie { paintPerson() }
    let iso: Float = light.elevation > 0 ? 2.2 : (light.elevation > -0.3 ? 3.5 : 5.5)
    return canvas.bitmap(grain: iso, vignette: 0.22, seed: scene.detailSeed)
  }

  // MARK: Sky

  private func paintSky() {
    let sunGlow = sunVisible ? (0.8 - 0.45 * clamp01(light.elevation / 0.5)) : 0
    let glowColor = light.sun
    let invUnit2 = 1 / (unit * unit)
    for y in 0..<h {
      let row = light.sky(Float(y) / max(horizon, 1))
      let dy = Float(y) - sunY
      let dy2 = dy * dy
      for x in 0..<w {
        var c = row
        if sunGlow > 0 {
          let dx = Float(x) - sunX
          let d2 = (dx * dx * 0.6 + dy2) * invUnit2
          let g = sunGlow * (0.55 / (1 + d2 * 260) + 0.45 / (1 + d2 * 9))
          c += (glowColor - c) * min(g, 1)
        }
        canvas.set(x, y, c)
      }
    }
  }

  private func paintStars() {
    let count = Int(Float(w) * horizon / 700 * light.stars)
    let starColor = Color(1, 0.98, 0.92)
    for _ in 0..<count {
      let x = detail.int(0...(w - 1))
      let yf = detail.unit()
      let y = Int(yf * yf * horizon * 0.95)
      let b = detail.unit()
      let brightness = (0.25 + 0.75 * b * b * b) * light.stars * (1 - Float(y) / horizon * 0.7)
      canvas.blend(x, y, starColor, brightness)
      if b > 0.9 {
        for (ox, oy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
          canvas.blend(x + ox, y + oy, starColor, brightness * 0.35)
        }
      }
    }
  }

  private func paintMoon() {
    let mx = Float(w) * detail.float(0.15...0.85)
    let my = horizon * detail.float(0.18...0.5)
    let r = unit * detail.float(0.03...0.045)
    let invUnit2 = 1 / (unit * unit)
    let glow = Color(0.75, 0.8, 0.95)
    let x0 = max(0, Int(mx - unit * 0.4))
    let x1 = min(w - 1, Int(mx + unit * 0.4))
    let y0 = max(0, Int(my - unit * 0.4))
    let y1 = min(h - 1, Int(my + unit * 0.4))
    if x0 <= x1 && y0 <= y1 {
      for y in y0...y1 {
        for x in x0...x1 {
          let dx = Float(x) - mx
          let dy = Float(y) - my
          let d2 = (dx * dx + dy * dy) * invUnit2
          canvas.blend(x, y, glow, 0.35 / (1 + d2 * 500))
        }
      }
    }
    let phase = detail.float(-0.9...0.9)
    let moonColor = Color(0.96, 0.94, 0.86)
    canvas.fillEllipse(cx: mx, cy: my, rx: r, ry: r) { u, v in
      // A crescent or gibbous moon: the shadowed part is a shifted disc.
      let su = u - phase * 1.4
      let shadowed = su * su + v * v < 1 && abs(phase) > 0.15
      let mare = 0.93 + 0.07 * sinf(u * 5 + v * 3)
      return shadowed ? moonColor * 0.18 + self.light.zenith * 0.6 : moonColor * mare
    }
  }

  private func paintSun() {
    let core = Color(1, 1, 0.96).mixed(with: light.sun, clamp01(0.6 - light.elevation * 1.5))
    canvas.fillEllipse(cx: sunX, cy: sunY, rx: sunRadius, ry: sunRadius) { u, v in
      let d = clamp01(u * u + v * v)
      return core.mixed(with: self.light.sun, d * 0.5)
    }
  }

  private func paintClouds() {
    let r = detail.unit()
    let coverage: Float =
      r < 0.25 ? 0 : (r < 0.75 ? detail.float(0.15...0.45) : detail.float(0.45...0.7))
    guard coverage > 0, horizon > 8 else { return }
    let noise = Noise(seed: detail.next())
    let cell = 4
    let gw = w / cell + 2
    let gh = Int(horizon) / cell + 2
    var field = [Float](repeating: 0, count: gw * gh)
    let threshold = 1 - coverage
    let stretch = detail.float(2.5...5)
    let drift = scene.pan * 0.6
    for j in 0..<gh {
      let y = Float(j * cell)
      // Clouds flatten and thin out towards the horizon (perspective).
      let depth = clamp01(y / horizon)
      let vy = y / unit * stretch * (1 + depth * 2.5)
      for i in 0..<gw {
        let u = Float(i * cell) / unit * 2.2 + drift
        let n = noise.fbm(u, vy, octaves: 4)
        let d = smoothstep(threshold - 0.08, threshold + 0.22, n) * (1 - depth * 0.55)
        field[j * gw + i] = d
      }
    }
    let lit = light.cloudLit
    let shadow = lit * 0.62 + light.zenith * 0.25
    let glowColor = light.sun
    let invUnit2 = 1 / (unit * unit)
    let sunLow = sunVisible ? 0.5 * (1 - clamp01(light.elevation / 0.4)) : 0
    field.withUnsafeBufferPointer { f in
      for y in 0..<min(h, Int(horizon) + 1) {
        let fy = Float(y) / Float(cell)
        let j = min(Int(fy), gh - 2)
        let ty = fy - Float(j)
        for x in 0..<w {
          let fx = Float(x) / Float(cell)
          let i = min(Int(fx), gw - 2)
          let tx = fx - Float(i)
          let a = f[j * gw + i]
          let b = f[j * gw + i + 1]
          let c = f[(j + 1) * gw + i]
          let d = f[(j + 1) * gw + i + 1]
          let density = (a + (b - a) * tx) + ((c + (d - c) * tx) - (a + (b - a) * tx)) * ty
          guard density > 0.01 else { continue }
          // Thick parts are darker underneath; edges near a low sun catch its light.
          var color = lit.mixed(with: shadow, smoothstep(0.35, 1, density))
          if sunLow > 0 {
            let dx = Float(x) - sunX
            let dy = Float(y) - sunY
            let near = sunLow / (1 + (dx * dx + dy * dy) * invUnit2 * 14)
            color += (glowColor - color) * near * (1 - density * 0.6)
          }
          canvas.blend(x, y, color, min(density * 1.15, 0.97))
        }
      }
    }
  }
}

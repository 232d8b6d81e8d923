import Foundation

/// Water: a lake or the sea below the waterline, mirroring the land above it.
extension ScenePainter {
  /// Mirrors what is above the waterline, with ripples, a water tint and sun glitter.
  func paintWater(waterline: Float) {
    let yw = Int(waterline.rounded())
    guard yw > 1, yw < h else { return }
    let sea = scene.theme == .coast
    let deep = light.lit(sea ? rgb(22, 66, 96) : rgb(30, 58, 62))
    let reflect: Float = sea ? 0.45 : 0.72
    let noise = Noise(seed: scene.detailSeed ^ 0x3A7E5)
    let span = Float(h - yw)
    let glitter =
      sunVisible && light.elevation < 0.55 && sunY < waterline
      && abs(sunX - Float(w) / 2) < Float(w)
    let glitterColor = light.sun
    let moon = moonVisible
    var hash = SplitMix64(seed: scene.detailSeed ^ 0x611)
    for y in yw..<h {
      let dist = Float(y - yw) / span
      // Ripples grow towards the viewer.
      let amplitude = 0.6 + dist * dist * 7
      let rowPhase = noise.value(Float(y) * 0.15) * 6.28
      let streak = 1 + (noise.value(Float(y) * 0.7 + 40) - 0.5) * (0.18 + dist * 0.1)
      let srcY = max(0, min(yw - 1, yw - 1 - (y - yw)))
      let strength = reflect * (1 - dist * 0.45)
      let glitterWidth = sunRadius * (0.6 + dist * 2.5)
      for x in 0..<w {
        let wobble = sinf(Float(x) * 0.045 + rowPhase) * amplitude
        let sx = min(max(x + Int(wobble), 0), w - 1)
        var c = canvas.get(sx, srcY).mixed(with: deep, 1 - strength) * streak
        if glitter {
          let dx = (Float(x) - sunX) / glitterWidth
          let g = expf(-dx * dx)
          if g > 0.02 {
            c += (glitterColor - c) * g * 0.3
            if Float(hash.next() & 0xFFFF) / 65_536 < g * g * 0.18 {
              c += (Color(1, 1, 0.95) - c) * 0.75
            }
          }
        }
        if moon && dist > 0 && Float(hash.next() & 0xFFFF) / 65_536 < 0.004 * (1 - dist) {
          c += (Color(0.8, 0.85, 0.95) - c) * 0.4
        }
        canvas.set(x, y, c)
      }
    }
    // A soft line of light where the water meets the land.
    for x in 0..<w {
      canvas.blend(x, yw, light.horizon, 0.25)
    }
  }
}

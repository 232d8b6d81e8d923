import Foundation

/// Terrain: the land layers from far to near, their ridge lines and shading, a city's
/// windows and falling snow; recipes, trees and water have files of their own.
extension ScenePainter {
  /// Paints the land (and sea) for the scene's theme.
  func paintTerrain() {
    let (back, front, waterline) = recipe()
    let all = back + front
    var ridges = all.map { ridgeLine(of: $0) }
    let tones = all.map { $0.shape == .skyline ? skylineTones($0) : nil }
    for (i, layer) in back.enumerated() {
      paintLayer(
        layer, ridge: ridges[i], tones: tones[i],
        occludedFrom: occlusion(after: i, ridges: ridges))
      if scene.theme == .city && layer.shape == .skyline { paintSkylineWindows(layer) }
    }
    if let waterline {
      paintWater(waterline: waterline * unit)
    }
    for (k, layer) in front.enumerated() {
      let i = back.count + k
      paintLayer(
        layer, ridge: ridges[i], tones: tones[i],
        occludedFrom: occlusion(after: i, ridges: ridges))
    }
    if scene.theme == .snowfield
      || (season == .winter && light.elevation > -0.2
        && detail.chance(0.25))
    {
      paintSnowfall()
    }
    ridges.removeAll()
  }

  /// The first row fully hidden by a later layer that spans the whole width.
  private func occlusion(after index: Int, ridges: [[Float]]) -> Int {
    var row = h
    for j in (index + 1)..<ridges.count where ridges[j].count == w {
      if let lowest = ridges[j].max() { row = min(row, Int(lowest.rounded(.up)) + 1) }
    }
    return max(0, row)
  }

  // MARK: Ridges

  /// The ridge's y (pixels from the top, fractional) for each column.
  private func ridgeLine(of layer: TerrainLayer) -> [Float] {
    let noise = Noise(seed: scene.terrainSeed &+ UInt64(bitPattern: Int64(layer.base * 1e4)))
    let base = layer.base * unit
    let amp = layer.amplitude * unit
    let shift = scene.pan * layer.parallax
    var ridge = [Float](repeating: 0, count: w)
    for x in 0..<w {
      let u = (Float(x) / unit + shift) * layer.frequency
      var v: Float
      switch layer.shape {
      case .ridged:
        v = 0.65 * noise.ridged(u, octaves: 5) + 0.35 * noise.fbm(u * 0.5, octaves: 2)
        v = clamp01((v - 0.15) * 1.5)
      case .smooth:
        v = clamp01((noise.fbm(u, octaves: 3) - 0.2) * 1.7)
      case .dunes:
        let warped = u + 0.35 * noise.fbm(u * 0.7, octaves: 2)
        let p = warped - warped.rounded(.down)
        // Gentle windward slope, steep lee side.
        let q = p < 0.7 ? p / 0.7 * 0.5 : 0.5 + (p - 0.7) / 0.3 * 0.5
        v = powf(sinf(.pi * q), 1.4) * (0.6 + 0.4 * noise.value(u * 0.5))
      case .skyline:
        v = 0
      }
      if layer.side != 0 {
        let fx = Float(x) / Float(w)
        let envelope =
          layer.side < 0 ? 1 - smoothstep(0.1, 0.55, fx) : smoothstep(0.45, 0.9, fx)
        v = v * envelope - (1 - envelope) * 0.3
        v = v + envelope * 0.35
      }
      ridge[x] = base - amp * v
    }
    if layer.shape == .skyline { return skyline(layer).ridge }
    return ridge
  }

  /// Building tops of a skyline, taller towards the middle of the city, and per-column colour
  /// multipliers: each building its material, its sunlit side brighter.
  private func skyline(_ layer: TerrainLayer) -> (ridge: [Float], tones: [Color]) {
    var ridge = [Float](repeating: Float(h + 1), count: w)
    var tones = [Color](repeating: Color(1.0, 1.0, 1.0), count: w)
    var rng = SplitMix64(seed: scene.terrainSeed ^ UInt64(bitPattern: Int64(layer.amplitude * 1e5)))
    let palette = [
      Color(1.0, 1.0, 1.0), Color(1.12, 1.02, 0.88), Color(0.82, 0.94, 1.15),
      Color(0.72, 0.77, 0.88), Color(1.15, 0.86, 0.72), Color(1.2, 1.18, 1.12),
    ]
    let sunlit: Float = light.elevation > 0 ? 1.18 : 1.04
    let shadowed: Float = light.elevation > 0 ? 0.82 : 0.96
    let base = layer.base * unit
    let centre = rng.float(0.3...0.7)
    var x = -Float(rng.int(0...20)) - scene.pan * layer.parallax * unit * 0.2
    while x < Float(w) {
      let width = unit * rng.float(0.03...0.085)
      let fx = (x + width / 2) / Float(w)
      let cluster = 0.35 + 0.65 * expf(-powf((fx - centre) * 2.6, 2))
      var height = layer.amplitude * unit * rng.float(0.25...1.0) * cluster
      if rng.chance(0.08) { height *= 1.35 }
      let top = base - height
      let x0 = max(0, Int(x.rounded()))
      let x1 = min(w, Int((x + width).rounded()))
      let stepped = rng.chance(0.3)
      let spire = rng.chance(0.12)
      let material = rng.pick(palette) * rng.float(0.9...1.1)
      if x0 < x1 {
        for px in x0..<x1 {
          var y = top
          let local = Float(px - x0) / Float(max(1, x1 - x0))
          if stepped && (local < 0.2 || local > 0.8) { y = top + height * 0.12 }
          if spire && abs(local - 0.5) < 0.04 { y = top - height * 0.25 }
          if y < ridge[px] {
            ridge[px] = y
            let side = (sunSide > 0 ? local > 0.62 : local < 0.38) ? sunlit : shadowed
            tones[px] = material * side
          }
        }
      }
      x += width + (rng.chance(0.3) ? unit * rng.float(0...0.02) : 0)
    }
    return (ridge, tones)
  }

  private func skylineTones(_ layer: TerrainLayer) -> [Color] { skyline(layer).tones }

  // MARK: Layers

  private func paintLayer(
    _ layer: TerrainLayer, ridge: [Float], tones: [Color]?, occludedFrom: Int
  ) {
    let amp = max(layer.amplitude * unit, 1)
    let lit = light.lit(layer.color)
    let hazeColor = light.horizon.mixed(with: light.zenith, 0.15)
    let base = lit.mixed(with: hazeColor, layer.haze)
    let valley = lit.mixed(with: hazeColor, min(1, layer.haze + layer.mist))
    let snowColor = light.lit(rgb(242, 245, 252)).mixed(with: hazeColor, layer.haze * 0.8)
    let relief =
      layer.shape == .skyline ? 0 : layer.relief * (light.elevation > 0 ? 1 : 0.35)
    let snowNoise = Noise(seed: scene.terrainSeed ^ 0x5A0)
    var snowY = [Float](repeating: -1, count: w)
    for x in 0..<w {
      if let line = layer.snowLine {
        let u = Float(x) / unit * layer.frequency * 4 + scene.pan * layer.parallax
        snowY[x] =
          layer.base * unit - amp * (line + (snowNoise.fbm(u, octaves: 3) - 0.5) * 0.35)
      }
    }
    guard let minTop = ridge.min() else { return }
    let y0 = max(0, Int(minTop.rounded(.down)))
    let y1 = min(h, occludedFrom)
    guard y0 < y1 else { return }
    let hasSnow = layer.snowLine != nil
    for y in y0..<y1 {
      let fy = Float(y)
      for x in 0..<w {
        let top = ridge[x]
        guard top < fy + 1 else { continue }
        let coverage = min(1, fy + 1 - top)
        let depthPx = fy - top
        let depth = depthPx / amp
        var c = base.mixed(with: valley, smoothstep(0.15, 1.3, depth))
        // Slope light from the ridge's average slope over a window that widens with depth:
        // crisp facets under the crest, broad flanks lower down.
        var s: Float = 1
        if relief > 0 {
          let r = 2 + Int(depthPx * 0.6)
          let slope = (ridge[min(x + r, w - 1)] - ridge[max(x - r, 0)]) / Float(2 * r)
          s =
            1 + relief * max(-1, min(1, slope * sunSide * 1.6))
            * (1 - 0.5 * smoothstep(0, 1.5, depth))
        }
        if let tones { c *= tones[x] }
        if hasSnow && fy < snowY[x] {
          let k = smoothstep(snowY[x], snowY[x] - 2.5, fy)
          c = c.mixed(with: snowColor, k)
        }
        c *= s
        if layer.fields {
          c *= 1 + 0.05 * sinf(depthPx * 0.09 + Float(x) * 0.004)
        }
        if layer.beach {
          if depthPx < 3 {
            c = c.mixed(with: light.lit(rgb(250, 250, 250)), 0.8 * (1 - depthPx / 3))
          } else if depthPx < 12 {
            c *= 0.82 + 0.18 * (depthPx - 3) / 9
          }
        }
        canvas.blend(x, y, c, coverage)
      }
    }
    if layer.trees != .none {
      // Evergreens stay dark on snow; elsewhere trees are a darker shade of their ground.
      let snowy = layer.color.luma > 0.7
      let treeColor =
        snowy ? light.lit(rgb(34, 62, 42)).mixed(with: hazeColor, layer.haze) : base * 0.72
      paintTrees(layer, ridge: ridge, color: treeColor)
    }
  }

  // MARK: City lights

  private func paintSkylineWindows(_ layer: TerrainLayer) {
    let night = light.elevation < -0.1
    let dusk = light.elevation < 0.08
    var rng = SplitMix64(seed: scene.terrainSeed ^ 0xC17)
    let base = layer.base * unit
    let ridge = skyline(layer).ridge
    let pitchX = max(3, Int(unit * 0.012))
    let pitchY = max(4, Int(unit * 0.016))
    let warm = rgb(255, 214, 140)
    let cool = rgb(200, 225, 255)
    let onChance: Float = night ? 0.38 : (dusk ? 0.2 : 0)
    let far = layer.haze > 0.3
    var y = Int(base) - pitchY
    while y > 0 {
      var x = 1
      while x < w - 1 {
        if ridge[x] < Float(y) - 2 && ridge[max(0, x - 1)] < Float(y) - 2
          && ridge[min(w - 1, x + pitchX)] < Float(y) - 2
        {
          let on = rng.chance(onChance)
          if on {
            let c = (rng.chance(0.8) ? warm : cool) * rng.float(0.7...1)
            let alpha: Float = far ? 0.55 : 0.95
            canvas.fillRect(
              x0: Float(x), y0: Float(y), x1: Float(x + pitchX / 2 + 1),
              y1: Float(y + pitchY / 2 + 1), color: c, alpha: alpha)
          } else if !night && rng.chance(0.5) {
            canvas.fillRect(
              x0: Float(x), y0: Float(y), x1: Float(x + pitchX / 2 + 1),
              y1: Float(y + pitchY / 2 + 1), color: light.zenith.mixed(with: light.horizon, 0.5),
              alpha: far ? 0.12 : 0.25)
          }
        }
        x += pitchX
      }
      y -= pitchY
    }
    // Aircraft warning lights on the tallest towers.
    if night, let top = ridge.min(), let at = ridge.firstIndex(of: top) {
      canvas.fillCircle(cx: Float(at) + 1, cy: top - 2, r: 1.6, color: rgb(255, 60, 40))
    }
  }

  // MARK: Snow

  private func paintSnowfall() {
    let count = w * h / 500
    let flake = light.lit(rgb(255, 255, 255)) * 1.1
    for _ in 0..<count {
      let x = detail.float(0...Float(w))
      let y = detail.float(0...Float(h))
      let near = detail.unit()
      let r = 0.6 + near * near * 2.2
      canvas.fillCircle(cx: x, cy: y, r: r, color: flake, alpha: 0.35 + near * 0.5)
    }
  }
}

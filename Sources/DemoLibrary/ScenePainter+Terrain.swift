import Foundation

/// One band of land, from far to near: its ridge line, its colour and what stands on it.
struct TerrainLayer {
  enum Shape {
    case ridged, smooth, dunes, skyline
  }

  enum Trees {
    case none, forest, pines, round
  }

  var shape: Shape
  /// The ridge's lowest points, in picture heights from the top.
  var base: Float
  /// How far the ridge rises above `base`, in picture heights.
  var amplitude: Float
  /// Ridge features per picture height.
  var frequency: Float
  var color: Color
  /// Aerial perspective: how much of the horizon colour shows through (far layers pale).
  var haze: Float
  /// Fraction of the amplitude above which snow lies, or nil.
  var snowLine: Float? = nil
  var trees: Trees = .none
  /// Tree height in picture heights.
  var treeSize: Float = 0.05
  /// Haze pooling in the valleys below the ridge.
  var mist: Float = 0
  /// Slope lighting strength.
  var relief: Float = 0.2
  /// 0: the whole width; -1/1: only the left/right part rises (a headland, a near bank).
  var side: Float = 0
  /// Foam and wet sand where the layer meets the water.
  var beach = false
  /// Ploughed-field stripes following the contour.
  var fields = false
  /// Parallax: how much the outing's pan moves this layer.
  var parallax: Float = 1
}

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

  // MARK: Recipes

  /// The layers behind the water, the layers in front of it, and the waterline (if any).
  private func recipe() -> (back: [TerrainLayer], front: [TerrainLayer], waterline: Float?) {
    var t = terrain
    let hz = horizon / unit
    let green: Color
    let far: Color
    switch season {
    case .spring: green = rgb(96, 150, 70)
    case .summer: green = rgb(72, 128, 52)
    case .autumn: green = t.chance(0.5) ? rgb(176, 112, 48) : rgb(150, 96, 52)
    case .winter: green = rgb(120, 112, 92)
    }
    far = rgb(98, 110, 130)
    let rock = rgb(118, 116, 122).mixed(with: rgb(140, 120, 100), t.unit() * 0.5)
    let forest = season == .autumn ? rgb(120, 80, 40) : rgb(46, 78, 48)
    let snowy: Float? =
      season == .winter ? t.float(0.05...0.3) : (t.chance(0.6) ? t.float(0.5...0.72) : nil)

    switch scene.theme {
    case .mountains:
      return (
        [
          TerrainLayer(
            shape: .ridged, base: hz, amplitude: t.float(0.26...0.36),
            frequency: t.float(1.0...1.5),
            color: rock, haze: 0.6, snowLine: snowy, mist: 0.25, relief: 0.3, parallax: 0.2),
          TerrainLayer(
            shape: .ridged, base: hz + 0.05, amplitude: t.float(0.18...0.25),
            frequency: t.float(1.6...2.2), color: rock * 0.85, haze: 0.4,
            snowLine: snowy.map { $0 + 0.15 },
            mist: 0.35, relief: 0.3, parallax: 0.4),
          TerrainLayer(
            shape: .smooth, base: hz + 0.15, amplitude: 0.12, frequency: 2.2, color: forest,
            haze: 0.22, trees: .forest, treeSize: 0.035, mist: 0.2, parallax: 0.7),
          TerrainLayer(
            shape: .smooth, base: hz + 0.34, amplitude: 0.13, frequency: 1.4, color: green,
            haze: 0.03, trees: .pines, treeSize: t.float(0.14...0.22), relief: 0.1, parallax: 1.2),
        ], [], nil
      )
    case .lake:
      let water = hz
      return (
        [
          TerrainLayer(
            shape: .ridged, base: water + 0.01, amplitude: t.float(0.24...0.34),
            frequency: t.float(1.1...1.6), color: rock, haze: 0.55, snowLine: snowy, mist: 0.3,
            relief: 0.3, parallax: 0.2),
          TerrainLayer(
            shape: .smooth, base: water + 0.004, amplitude: t.float(0.05...0.09), frequency: 2.6,
            color: forest, haze: 0.25, trees: .forest, treeSize: 0.03, parallax: 0.5),
        ],
        [
          TerrainLayer(
            shape: .smooth, base: 1.04, amplitude: t.float(0.22...0.3), frequency: 1.1,
            color: green * 0.8, haze: 0.0, trees: .pines, treeSize: t.float(0.2...0.3),
            relief: 0.1, side: t.chance(0.5) ? -1 : 1, parallax: 1.4)
        ], water
      )
    case .coast:
      let water = hz
      var back: [TerrainLayer] = []
      if t.chance(0.75) {
        back.append(
          TerrainLayer(
            shape: .ridged, base: water + 0.01, amplitude: t.float(0.1...0.2), frequency: 1.2,
            color: rgb(96, 110, 84), haze: 0.45, mist: 0.2, relief: 0.25,
            side: t.chance(0.5) ? -1 : 1, parallax: 0.3))
      }
      var front: [TerrainLayer] = []
      if t.chance(0.7) {
        front.append(
          TerrainLayer(
            shape: .smooth, base: t.float(0.9...0.96), amplitude: 0.08, frequency: 0.8,
            color: rgb(222, 196, 150), haze: 0, relief: 0.05, beach: true, parallax: 1.2))
      }
      return (back, front, water)
    case .city:
      let water: Float? = t.chance(0.6) ? hz : nil
      var back: [TerrainLayer] = []
      if t.chance(0.5) {
        back.append(
          TerrainLayer(
            shape: .smooth, base: hz, amplitude: 0.1, frequency: 1.0, color: far, haze: 0.6,
            parallax: 0.2))
      }
      back.append(
        TerrainLayer(
          shape: .skyline, base: hz + 0.005, amplitude: t.float(0.12...0.2), frequency: 1,
          color: rgb(110, 112, 122), haze: 0.42, parallax: 0.5))
      back.append(
        TerrainLayer(
          shape: .skyline, base: hz + 0.008, amplitude: t.float(0.22...0.36), frequency: 1,
          color: rgb(80, 84, 96), haze: 0.12, parallax: 0.8))
      var front: [TerrainLayer] = []
      if water == nil {
        front.append(
          TerrainLayer(
            shape: .smooth, base: 1.0, amplitude: 0.1, frequency: 1.3, color: green * 0.7,
            haze: 0, trees: .round, treeSize: t.float(0.12...0.2), parallax: 1.2))
      }
      return (back, front, water)
    case .hills:
      return (
        [
          TerrainLayer(
            shape: .ridged, base: hz, amplitude: 0.1, frequency: 1.0, color: far, haze: 0.62,
            mist: 0.2, relief: 0.15, parallax: 0.2),
          TerrainLayer(
            shape: .smooth, base: hz + 0.06, amplitude: 0.1, frequency: 1.3, color: green * 0.9,
            haze: 0.38, trees: .round, treeSize: 0.025, mist: 0.2, parallax: 0.4),
          TerrainLayer(
            shape: .smooth, base: hz + 0.18, amplitude: 0.12, frequency: 1.0, color: green,
            haze: 0.16, trees: .round, treeSize: 0.06, fields: true, parallax: 0.7),
          TerrainLayer(
            shape: .smooth, base: hz + 0.38, amplitude: 0.14, frequency: 0.8, color: green * 1.1,
            haze: 0.02, trees: t.chance(0.5) ? .round : .none, treeSize: 0.2, fields: true,
            parallax: 1.2),
        ], [], nil
      )
    case .desert:
      let sand = rgb(214, 146, 84).mixed(with: rgb(200, 120, 70), t.unit())
      return (
        [
          TerrainLayer(
            shape: .ridged, base: hz, amplitude: 0.07, frequency: 0.9, color: rgb(160, 110, 90),
            haze: 0.55, relief: 0.2, parallax: 0.2),
          TerrainLayer(
            shape: .dunes, base: hz + 0.07, amplitude: 0.1, frequency: 1.3, color: sand,
            haze: 0.3, relief: 0.5, parallax: 0.5),
          TerrainLayer(
            shape: .dunes, base: hz + 0.2, amplitude: 0.14, frequency: 0.9, color: sand,
            haze: 0.12, relief: 0.55, parallax: 0.8),
          TerrainLayer(
            shape: .dunes, base: 1.05, amplitude: 0.22, frequency: 0.6, color: sand * 1.05,
            haze: 0, relief: 0.6, parallax: 1.2),
        ], [], nil
      )
    case .snowfield:
      let snow = rgb(238, 242, 250)
      return (
        [
          TerrainLayer(
            shape: .ridged, base: hz, amplitude: t.float(0.16...0.28), frequency: 1.3, color: rock,
            haze: 0.5, snowLine: 0.0, mist: 0.3, relief: 0.35, parallax: 0.2),
          TerrainLayer(
            shape: .smooth, base: hz + 0.1, amplitude: 0.1, frequency: 1.6, color: snow,
            haze: 0.3, trees: .forest, treeSize: 0.04, relief: 0.3, parallax: 0.5),
          TerrainLayer(
            shape: .smooth, base: hz + 0.36, amplitude: 0.16, frequency: 0.9, color: snow,
            haze: 0.02, trees: .pines, treeSize: t.float(0.15...0.24), relief: 0.35,
            parallax: 1.2),
        ], [], nil
      )
    }
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

  // MARK: Trees

  private func paintTrees(_ layer: TerrainLayer, ridge: [Float], color: Color) {
    var rng = SplitMix64(seed: scene.terrainSeed ^ UInt64(bitPattern: Int64(layer.base * 7e4)))
    let size = layer.treeSize * unit
    guard size >= 2 else { return }
    let shift = scene.pan * layer.parallax * unit
    let dense = layer.trees == .forest
    let spacing: ClosedRange<Float> = dense ? 0.25...0.7 : 1.2...5
    // World positions, so that panning moves the trees with the land.
    var worldX = (shift / size).rounded(.down) * size - size * 2
    let leaves: Color =
      season == .autumn
      ? light.lit(rgb(196, 96, 40)).mixed(with: light.horizon, layer.haze)
      : color
    while worldX < shift + Float(w) + size * 2 {
      let step = size * rng.float(spacing)
      defer { worldX += step }
      let x = worldX - shift
      let ix = Int(x)
      guard ix >= 0, ix < w else { continue }
      if layer.side != 0 {
        let fx = x / Float(w)
        if layer.side < 0 ? fx > 0.38 : fx < 0.62 { continue }
      } else if !dense && rng.chance(0.45) {
        continue
      }
      let height = size * rng.float(0.55...1.25)
      let baseY = ridge[ix] + height * 0.12
      guard baseY < Float(h) + height, ridge[ix] < Float(h) else { continue }
      let tone = color * rng.float(0.85...1.1)
      switch layer.trees {
      case .forest, .pines:
        paintPine(x: x, baseY: baseY, height: height, color: tone)
      case .round:
        paintRoundTree(
          x: x, baseY: baseY, height: height, leaves: leaves * rng.float(0.85...1.1),
          trunk: tone * 0.6)
      case .none:
        break
      }
    }
  }

  private func paintPine(x: Float, baseY: Float, height: Float, color: Color) {
    let top = baseY - height
    let y0 = max(0, Int(top))
    let y1 = min(h - 1, Int(baseY))
    guard y0 <= y1 else { return }
    let halfBase = height * 0.24
    for y in y0...y1 {
      let t = (Float(y) + 0.5 - top) / height
      // Tiers of branches: each widens then steps back in.
      let tier = t * 4.5 - (t * 4.5).rounded(.down)
      let half = max(0.6, halfBase * t * (0.72 + 0.28 * tier))
      let left = x - half
      let right = x + half
      let xl = max(0, Int(left.rounded(.down)))
      let xr = min(w - 1, Int(right.rounded(.down)))
      guard xl <= xr else { continue }
      for px in xl...xr {
        let cov = clamp01(min(Float(px + 1), right) - max(Float(px), left))
        canvas.blend(px, y, color, cov)
      }
    }
    canvas.fillRect(
      x0: x - height * 0.03, y0: baseY - height * 0.05, x1: x + height * 0.03,
      y1: baseY + height * 0.06, color: color * 0.7)
  }

  private func paintRoundTree(x: Float, baseY: Float, height: Float, leaves: Color, trunk: Color) {
    canvas.fillRect(
      x0: x - height * 0.04, y0: baseY - height * 0.55, x1: x + height * 0.04, y1: baseY,
      color: trunk)
    let r = height * 0.34
    let side = sunSide
    canvas.fillEllipse(cx: x, cy: baseY - height * 0.62, rx: r * 1.05, ry: r) { u, v in
      leaves * (1 + 0.22 * (u * side - v) * 0.5)
    }
  }

  // MARK: Water

  /// Mirrors what is above the waterline, with ripples, a water tint and sun glitter.
  private func paintWater(waterline: Float) {
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

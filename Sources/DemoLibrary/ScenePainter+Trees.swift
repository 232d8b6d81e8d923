import Foundation

/// Trees: pines and round trees standing on a layer's ridge, placed in world positions so
/// they pan with the land.
extension ScenePainter {
  /// Plants trees along a layer's ridge: dense forest, scattered pines or round trees.
  func paintTrees(_ layer: TerrainLayer, ridge: [Float], color: Color) {
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
}

/// Terrain recipes: the layers of land and the waterline each theme is painted from, drawn
/// from the scene's terrain randomness and the season.
extension ScenePainter {
  /// The layers behind the water, the layers in front of it, and the waterline (if any).
  func recipe() -> (back: [TerrainLayer], front: [TerrainLayer], waterline: Float?) {
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
}

import Foundation

extension ScenePainter {
  /// A front-camera selfie: head and shoulders in front of the scene, lit by its light.
  func paintPerson() {
    var rng = SplitMix64(seed: scene.detailSeed ^ 0x5E1F)
    let skins = [
      rgb(241, 194, 167), rgb(224, 172, 138), rgb(198, 134, 98), rgb(141, 85, 54),
      rgb(96, 60, 42),
    ]
    let hairs = [
      rgb(30, 22, 18), rgb(72, 46, 28), rgb(150, 104, 56), rgb(214, 176, 110),
      rgb(130, 52, 30), rgb(160, 160, 160),
    ]
    let shirts = [
      rgb(200, 60, 60), rgb(40, 70, 140), rgb(240, 240, 236), rgb(40, 40, 44),
      rgb(70, 130, 90), rgb(230, 170, 40),
    ]
    let brightness = 0.35 + 0.65 * light.ambient
    let lighting = light.tint.mixed(with: Color(1.0, 1.0, 1.0), 0.4) * brightness
    let skin = rng.pick(skins) * lighting
    let hair = rng.pick(hairs) * lighting
    let shirt = rng.pick(shirts) * lighting
    let fw = Float(w)
    let fh = Float(h)
    let cx = fw * rng.float(0.42...0.58)
    let cy = fh * rng.float(0.5...0.58)
    let rx = min(fw, fh) * rng.float(0.17...0.21)
    let ry = rx * 1.28
    let side = sunSide
    let longHair = rng.chance(0.45)

    // Shoulders and neck.
    canvas.fillEllipse(cx: cx, cy: fh * 1.04, rx: fw * 0.46, ry: fh * 0.24) { u, v in
      shirt * (1 + 0.15 * u * side - 0.1 * v)
    }
    canvas.fillRect(
      x0: cx - rx * 0.38, y0: cy + ry * 0.5, x1: cx + rx * 0.38, y1: fh * 0.84,
      color: skin * 0.8)
    // Hair behind and around the face.
    let hairDrop: Float = longHair ? 0.45 : 0.0
    canvas.fillEllipse(
      cx: cx, cy: cy - ry * 0.1 + ry * hairDrop, rx: rx * 1.12, ry: ry * (1.02 + hairDrop)
    ) { u, _ in
      hair * (1 + 0.12 * u * side)
    }
    canvas.fillEllipse(cx: cx, cy: cy + ry * 0.08, rx: rx * 0.94, ry: ry * 0.93) { u, v in
      skin * (1 + 0.16 * u * side - 0.06 * v)
    }
    // A fringe over the forehead.
    canvas.fillEllipse(cx: cx + rx * 0.1 * side, cy: cy - ry * 0.62, rx: rx * 0.95, ry: ry * 0.36) {
      u, _ in hair * (1 + 0.1 * u * side)
    }
    // Eyes, brows and a smile.
    let eye = rgb(40, 30, 28) * lighting
    for s: Float in [-1, 1] {
      canvas.fillEllipse(cx: cx + s * rx * 0.36, cy: cy, rx: rx * 0.09, ry: rx * 0.07) { _, _ in
        eye
      }
      canvas.fillRect(
        x0: cx + s * rx * 0.36 - rx * 0.16, y0: cy - ry * 0.2, x1: cx + s * rx * 0.36 + rx * 0.16,
        y1: cy - ry * 0.2 + rx * 0.05, color: hair * 0.9)
    }
    let lips = rgb(170, 80, 80) * lighting
    canvas.fillEllipse(cx: cx, cy: cy + ry * 0.45, rx: rx * 0.3, ry: rx * 0.1) { _, v in
      v < -0.2 ? skin * 0.95 : lips
    }
  }
}

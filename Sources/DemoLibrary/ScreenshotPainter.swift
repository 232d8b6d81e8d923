import Foundation

import Pixels

/// Paints a desktop screenshot mock: wallpaper, menu bar, an app window with a title bar,
/// a sidebar and content (a document, a photo grid, a chat, settings or code).
final class ScreenshotPainter {
  let canvas: Canvas
  let w: Float
  let h: Float
  var rng: SplitMix64
  let dark: Bool
  let accent: Color

  private static let accents = [
    rgb(0, 122, 255), rgb(175, 82, 222), rgb(52, 199, 89), rgb(255, 149, 0),
    rgb(255, 45, 85), rgb(48, 176, 199),
  ]
  private static let wallpapers: [(Color, Color)] = [
    (rgb(32, 58, 120), rgb(196, 90, 140)), (rgb(18, 88, 96), rgb(226, 200, 120)),
    (rgb(60, 30, 90), rgb(250, 140, 90)), (rgb(200, 220, 240), rgb(120, 150, 210)),
    (rgb(30, 30, 40), rgb(80, 90, 130)), (rgb(236, 170, 120), rgb(120, 60, 120)),
  ]

  init(seed: UInt64, width: Int, height: Int) {
    canvas = Canvas(width: width, height: height)
    w = Float(width)
    h = Float(height)
    rng = SplitMix64(seed: seed)
    dark = rng.chance(0.4)
    accent = rng.pick(ScreenshotPainter.accents)
  }

  /// Paints the screenshot.
  func paint() -> Bitmap {
    paintWallpaper()
    paintMenuBar()
    let x0 = rng.float(24...90)
    let y0 = rng.float(38...60)
    let x1 = w - rng.float(24...90)
    let y1 = h - rng.float(16...40)
    canvas.dropShadow(x0: x0, y0: y0, x1: x1, y1: y1, r: 10, spread: 22, strength: 0.45)
    let body = dark ? rgb(36, 36, 40) : rgb(250, 250, 251)
    canvas.fillRoundedRect(x0: x0, y0: y0, x1: x1, y1: y1, r: 10, color: body)
    let titleBar = dark ? rgb(52, 52, 57) : rgb(234, 234, 238)
    canvas.fillRoundedRect(x0: x0, y0: y0, x1: x1, y1: y0 + 36, r: 10, color: titleBar)
    canvas.fillRect(x0: x0, y0: y0 + 26, x1: x1, y1: y0 + 36, color: titleBar)
    canvas.fillRect(x0: x0, y0: y0 + 36, x1: x1, y1: y0 + 37, color: titleBar * 0.85)
    for (i, c) in [rgb(255, 95, 87), rgb(254, 188, 46), rgb(40, 200, 64)].enumerated() {
      canvas.fillCircle(cx: x0 + 18 + Float(i) * 20, cy: y0 + 18, r: 6, color: c)
    }
    let titleWidth = rng.float(90...170)
    pill(x: (x0 + x1 - titleWidth) / 2, y: y0 + 14, width: titleWidth, height: 8, color: text(0.7))

    let sidebar = rng.chance(0.8)
    var contentX = x0 + 20
    if sidebar {
      let sw = rng.float(150...190)
      let sideColor = dark ? rgb(46, 46, 51) : rgb(238, 238, 242)
      canvas.fillRect(x0: x0, y0: y0 + 37, x1: x0 + sw, y1: y1 - 10, color: sideColor)
      canvas.fillRoundedRect(x0: x0, y0: y1 - 20, x1: x0 + sw, y1: y1, r: 10, color: sideColor)
      canvas.fillRect(x0: x0 + sw, y0: y0 + 37, x1: x0 + sw + 1, y1: y1, color: sideColor * 0.9)
      paintSidebarItems(x: x0 + 12, y: y0 + 56, width: sw - 24, bottom: y1 - 16)
      contentX = x0 + sw + 24
    }
    let content = (x: contentX, y: y0 + 56, right: x1 - 24, bottom: y1 - 20)
    switch rng.int(0...4) {
    case 0: paintDocument(content)
    case 1: paintPhotoGrid(content)
    case 2: paintChat(content)
    case 3: paintSettings(content)
    default: paintCode(content)
    }
    return canvas.bitmap(grain: 0, vignette: 0, seed: 1)
  }

  /// Text-ish grey for the theme, `strength` 0 (faint) … 1 (strong).
  private func text(_ strength: Float) -> Color {
    dark
      ? rgb(90, 90, 96).mixed(with: rgb(235, 235, 240), strength)
      : rgb(200, 200, 206).mixed(with: rgb(40, 40, 46), strength)
  }

  private func pill(x: Float, y: Float, width: Float, height: Float, color: Color) {
    canvas.fillRoundedRect(x0: x, y0: y, x1: x + width, y1: y + height, r: height / 2, color: color)
  }

  /// A line of "words": rounded bars with gaps.
  private func textLine(x: Float, y: Float, width: Float, height: Float = 7, color: Color) {
    var at = x
    while at < x + width - 8 {
      let word = min(rng.float(14...52), x + width - at)
      pill(x: at, y: y, width: word, height: height, color: color)
      at += word + height * 0.8
    }
  }

  private func paintWallpaper() {
    let (a, b) = rng.pick(ScreenshotPainter.wallpapers)
    let angle = rng.float(0.2...0.8)
    let width = canvas.width
    for y in 0..<canvas.height {
      for x in 0..<width {
        let t = clamp01((Float(x) / w) * angle + (Float(y) / h) * (1 - angle))
        canvas.set(x, y, a.mixed(with: b, t))
      }
    }
    for _ in 0..<6 {
      canvas.fillCircle(
        cx: rng.float(0...w), cy: rng.float(0...h), r: rng.float(40...160),
        color: Color(1.0, 1.0, 1.0), alpha: rng.float(0.04...0.1))
    }
  }

  private func paintMenuBar() {
    let bar = dark ? rgb(28, 28, 32) : rgb(246, 246, 248)
    canvas.fillRect(x0: 0, y0: 0, x1: w, y1: 24, color: bar, alpha: 0.88)
    canvas.fillCircle(cx: 18, cy: 12, r: 6, color: text(0.9))
    var x: Float = 36
    for i in 0..<rng.int(4...6) {
      let width = rng.float(26...56)
      pill(x: x, y: 9, width: width, height: 6, color: text(i == 0 ? 1 : 0.75))
      x += width + 16
    }
    pill(x: w - 86, y: 9, width: 70, height: 6, color: text(0.85))
    for i in 0..<3 {
      canvas.fillRoundedRect(
        x0: w - 160 + Float(i) * 22, y0: 6, x1: w - 146 + Float(i) * 22, y1: 18, r: 3,
        color: text(0.7))
    }
  }

  private func paintSidebarItems(x: Float, y: Float, width: Float, bottom: Float) {
    let selected = rng.int(0...5)
    var row = y
    var i = 0
    while row + 20 < bottom {
      if i == 4 || i == 9 {
        pill(x: x + 4, y: row + 6, width: 50, height: 5, color: text(0.4))
        row += 22
        i += 1
        continue
      }
      if i == selected {
        canvas.fillRoundedRect(
          x0: x - 4, y0: row - 4, x1: x + width + 4, y1: row + 20, r: 6, color: accent,
          alpha: dark ? 0.55 : 0.22)
      }
      let icon =
        i == selected ? accent : rng.pick(ScreenshotPainter.accents).mixed(with: text(0.5), 0.3)
      canvas.fillRoundedRect(x0: x + 2, y0: row, x1: x + 18, y1: row + 16, r: 4, color: icon)
      pill(x: x + 26, y: row + 5, width: rng.float(40...(width - 30)), height: 7, color: text(0.8))
      row += 28
      i += 1
    }
  }

  private typealias Area = (x: Float, y: Float, right: Float, bottom: Float)

  private func paintDocument(_ a: Area) {
    pill(x: a.x, y: a.y, width: (a.right - a.x) * rng.float(0.35...0.6), height: 14, color: text(1))
    var y = a.y + 34
    while y < a.bottom - 50 {
      let lines = rng.int(2...5)
      for l in 0..<lines where y < a.bottom - 50 {
        let width = (a.right - a.x) * (l == lines - 1 ? rng.float(0.3...0.8) : rng.float(0.9...1))
        textLine(x: a.x, y: y, width: width, color: text(0.55))
        y += 16
      }
      y += 12
    }
    button(right: a.right, y: a.bottom - 26, primary: true)
    button(right: a.right - 96, y: a.bottom - 26, primary: false)
  }

  private func button(right: Float, y: Float, primary: Bool) {
    let x0 = right - 84
    if primary {
      canvas.fillRoundedRect(x0: x0, y0: y, x1: right, y1: y + 26, r: 6, color: accent)
      pill(x: x0 + 22, y: y + 10, width: 40, height: 6, color: Color(1.0, 1.0, 1.0))
    } else {
      canvas.fillRoundedRect(x0: x0, y0: y, x1: right, y1: y + 26, r: 6, color: text(0.35))
      canvas.fillRoundedRect(
        x0: x0 + 1, y0: y + 1, x1: right - 1, y1: y + 25, r: 5,
        color: dark ? rgb(44, 44, 48) : rgb(255, 255, 255))
      pill(x: x0 + 22, y: y + 10, width: 40, height: 6, color: text(0.8))
    }
  }

  private func paintPhotoGrid(_ a: Area) {
    let columns = rng.int(3...5)
    let gap: Float = 8
    let size = ((a.right - a.x) - gap * Float(columns - 1)) / Float(columns)
    var y = a.y - 10
    while y + size * 0.6 < a.bottom {
      for c in 0..<columns {
        let x = a.x + Float(c) * (size + gap)
        let bottom = min(y + size, a.bottom)
        let sky = Color(rng.float(0.3...0.8), rng.float(0.5...0.8), rng.float(0.7...1))
        let ground = Color(rng.float(0.1...0.5), rng.float(0.25...0.55), rng.float(0.1...0.35))
        let horizon = y + size * rng.float(0.4...0.7)
        canvas.fillRect(x0: x, y0: y, x1: x + size, y1: min(horizon, bottom), color: sky)
        if horizon < bottom {
          canvas.fillRect(x0: x, y0: horizon, x1: x + size, y1: bottom, color: ground)
        }
        if rng.chance(0.5) {
          canvas.fillCircle(
            cx: x + size * rng.float(0.2...0.8), cy: horizon - size * 0.15, r: size * 0.08,
            color: Color(1, 0.9, 0.6))
        }
      }
      y += size + gap
    }
  }

  private func paintChat(_ a: Area) {
    var y = a.y
    let bubbleMax = (a.right - a.x) * 0.62
    while y < a.bottom - 80 {
      let mine = rng.chance(0.45)
      let lines = rng.int(1...3)
      let width = rng.float(90...bubbleMax)
      let height = Float(lines) * 14 + 14
      let x0 = mine ? a.right - width : a.x
      let color = mine ? accent : (dark ? rgb(58, 58, 64) : rgb(229, 229, 234))
      canvas.fillRoundedRect(x0: x0, y0: y, x1: x0 + width, y1: y + height, r: 12, color: color)
      for l in 0..<lines {
        let lw = (width - 28) * (l == lines - 1 ? rng.float(0.4...1) : 1)
        textLine(
          x: x0 + 14, y: y + 10 + Float(l) * 14, width: lw, height: 6,
          color: mine ? Color(1.0, 1.0, 1.0) * 0.92 : text(0.7))
      }
      y += height + 12
    }
    let field = dark ? rgb(48, 48, 53) : rgb(240, 240, 244)
    canvas.fillRoundedRect(
      x0: a.x, y0: a.bottom - 34, x1: a.right - 44, y1: a.bottom, r: 17, color: field)
    pill(x: a.x + 16, y: a.bottom - 20, width: 90, height: 6, color: text(0.35))
    canvas.fillCircle(cx: a.right - 17, cy: a.bottom - 17, r: 16, color: accent)
  }

  private func paintSettings(_ a: Area) {
    pill(x: a.x, y: a.y, width: 120, height: 12, color: text(1))
    var y = a.y + 30
    let card = dark ? rgb(46, 46, 51) : rgb(242, 242, 246)
    canvas.fillRoundedRect(x0: a.x, y0: y, x1: a.right, y1: a.bottom, r: 10, color: card)
    y += 14
    while y + 30 < a.bottom {
      pill(x: a.x + 16, y: y + 7, width: rng.float(70...180), height: 7, color: text(0.8))
      let on = rng.chance(0.6)
      let tx = a.right - 60
      canvas.fillRoundedRect(
        x0: tx, y0: y, x1: tx + 40, y1: y + 22, r: 11, color: on ? accent : text(0.3))
      canvas.fillCircle(cx: on ? tx + 29 : tx + 11, cy: y + 11, r: 9, color: Color(1.0, 1.0, 1.0))
      canvas.fillRect(x0: a.x + 16, y0: y + 31, x1: a.right, y1: y + 32, color: card * 0.92)
      y += 40
    }
  }

  private func paintCode(_ a: Area) {
    let background = rgb(30, 32, 40)
    canvas.fillRoundedRect(
      x0: a.x - 8, y0: a.y - 10, x1: a.right + 8, y1: a.bottom + 8, r: 6, color: background)
    let palette = [
      rgb(198, 120, 221), rgb(97, 175, 239), rgb(152, 195, 121), rgb(229, 192, 123),
      rgb(224, 108, 117), rgb(171, 178, 191),
    ]
    var y = a.y
    var indent = 0
    var line = 1
    while y < a.bottom - 8 {
      pill(x: a.x, y: y + 1, width: 14, height: 5, color: rgb(90, 96, 110))
      if rng.chance(0.12) {
        y += 15
        line += 1
        continue
      }
      indent = max(0, min(4, indent + (rng.chance(0.3) ? 1 : 0) - (rng.chance(0.3) ? 1 : 0)))
      var x = a.x + 28 + Float(indent) * 18
      for _ in 0..<rng.int(1...5) {
        let width = rng.float(16...70)
        guard x + width < a.right else { break }
        pill(x: x, y: y, width: width, height: 7, color: rng.pick(palette))
        x += width + 7
      }
      y += 15
      line += 1
    }
  }
}

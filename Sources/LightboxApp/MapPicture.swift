import PhotoModel
import PhotoStore
import Pixels

/// The world map's picture: the base map's part under the viewport, scaled to the map's
/// pixels, with each cluster drawn in as a dot and its count in a label beside it.
///
/// The counts are drawn into the picture, not written as text over it: every protocol
/// paints a picture over the text of its cells (xterm repaints sixel over them; kitty
/// through tmux and iTerm2 too), so only what is in the picture is sure to be seen.
enum MapPicture {
  /// The sea where the viewport runs past the world's edge, and with no base map.
  static let background = RGB(6, 14, 38)
  static let dot = RGB(255, 140, 0)
  static let selectedDot = RGB(255, 236, 60)
  static let ink = RGB(255, 255, 255)
  static let labelBackground = RGB(0, 0, 0)

  /// The picture of `key` (`region` of `base`, at `size`, with `markers`).
  static func make(key: ImageKey, base: Bitmap?) -> Bitmap {
    var canvas = Bitmap(width: key.size.width, height: key.size.height, fill: background)
    if let base, let region = key.region {
      paste(base, region: region, into: &canvas)
    }
    let scale = max(1, Int((Double(key.size.height) / 360).rounded()))
    let markers = key.markers ?? []
    // The selected one last: on top of its neighbours.
    for marker in markers where !marker.isSelected { draw(marker, scale: scale, on: &canvas) }
    for marker in markers where marker.isSelected { draw(marker, scale: scale, on: &canvas) }
    return canvas
  }

  /// Scales the part of `region` that is inside `base` to where it falls in the canvas.
  static func paste(_ base: Bitmap, region: ImageRegion, into canvas: inout Bitmap) {
    guard region.width > 0, region.height > 0 else { return }
    let x0 = max(0, region.x)
    let y0 = max(0, region.y)
    let x1 = min(base.width, region.x + region.width)
    let y1 = min(base.height, region.y + region.height)
    guard x1 > x0, y1 > y0 else { return }
    let sx = Double(canvas.width) / Double(region.width)
    let sy = Double(canvas.height) / Double(region.height)
    let left = Int((Double(x0 - region.x) * sx).rounded())
    let top = Int((Double(y0 - region.y) * sy).rounded())
    let width = min(canvas.width - left, Int((Double(x1 - x0) * sx).rounded()))
    let height = min(canvas.height - top, Int((Double(y1 - y0) * sy).rounded()))
    guard width > 0, height > 0 else { return }
    let part = base.resized(
      x: x0, y: y0, width: x1 - x0, height: y1 - y0,
      to: PixelSize(width: width, height: height))
    for row in 0..<part.height {
      let from = row * part.width * 4
      let to = ((top + row) * canvas.width + left) * 4
      canvas.pixels.replaceSubrange(
        to..<(to + part.width * 4), with: part.pixels[from..<(from + part.width * 4)])
    }
  }

  /// A dot (ringed in white when selected) and its count in a label to the right.
  static func draw(_ marker: MapMarker, scale: Int, on canvas: inout Bitmap) {
    let radius = 3 * scale + (marker.isSelected ? scale : 0)
    if marker.isSelected { disc(marker.x, marker.y, radius + scale, ink, on: &canvas) }
    disc(marker.x, marker.y, radius + (marker.isSelected ? 0 : scale / 2 + 1), .black, on: &canvas)
    disc(marker.x, marker.y, radius, marker.isSelected ? selectedDot : dot, on: &canvas)
    let text = countText(marker.count)
    let glyphWidth = 4 * scale
    let width = text.count * glyphWidth + scale
    let height = 7 * scale
    let left = marker.x + radius + 2 * scale
    let top = marker.y - height / 2
    let back = marker.isSelected ? ink : labelBackground
    let front = marker.isSelected ? RGB(0, 0, 0) : ink
    rectangle(left, top, width, height, back, on: &canvas)
    for (i, character) in text.enumerated() {
      glyph(
        character, x: left + scale + i * glyphWidth, y: top + scale, scale: scale, front,
        on: &canvas)
    }
  }

  /// "12,345".
  static func countText(_ count: Int) -> String {
    let digits = Array(String(count))
    var text = ""
    for (i, digit) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }

  static func set(_ x: Int, _ y: Int, _ color: RGB, on canvas: inout Bitmap) {
    guard x >= 0, y >= 0, x < canvas.width, y < canvas.height else { return }
    let i = (y * canvas.width + x) * 4
    canvas.pixels[i] = color.r
    canvas.pixels[i + 1] = color.g
    canvas.pixels[i + 2] = color.b
    canvas.pixels[i + 3] = 255
  }

  static func disc(_ cx: Int, _ cy: Int, _ radius: Int, _ color: RGB, on canvas: inout Bitmap) {
    guard radius > 0 else { return }
    for dy in -radius...radius {
      for dx in -radius...radius where dx * dx + dy * dy <= radius * radius {
        set(cx + dx, cy + dy, color, on: &canvas)
      }
    }
  }

  static func rectangle(
    _ x: Int, _ y: Int, _ width: Int, _ height: Int, _ color: RGB, on canvas: inout Bitmap
  ) {
    for row in y..<(y + height) {
      for column in x..<(x + width) { set(column, row, color, on: &canvas) }
    }
  }

  /// A 3×5 glyph (digits and the comma), each dot `scale` pixels square.
  static func glyph(
    _ character: Character, x: Int, y: Int, scale: Int, _ color: RGB, on canvas: inout Bitmap
  ) {
    guard let rows = font[character] else { return }
    for (row, bits) in rows.enumerated() {
      for column in 0..<3 where bits & (4 >> column) != 0 {
        rectangle(x + column * scale, y + row * scale, scale, scale, color, on: &canvas)
      }
    }
  }

  /// Five rows of three bits, the high bit leftmost.
  static let font: [Character: [UInt8]] = [
    "0": [7, 5, 5, 5, 7], "1": [2, 6, 2, 2, 7], "2": [7, 1, 7, 4, 7], "3": [7, 1, 7, 1, 7],
    "4": [5, 5, 7, 1, 1], "5": [7, 4, 7, 1, 7], "6": [7, 4, 7, 5, 7], "7": [7, 1, 2, 2, 2],
    "8": [7, 5, 7, 5, 7], "9": [7, 5, 7, 1, 7], ",": [0, 0, 0, 2, 4],
  ]
}

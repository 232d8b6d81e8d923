import Foundation
import Pixels
import Decoders
import LightboxTestSupport
import PhotoModel
import PhotoStore
import TerminalGraphics
import TerminalUI
import XCTest

/// What the real-terminal screenshot tests (xterm with sixel, kitty) check a screenshot
/// with: where cells are in pixels, whether a tile shows a picture, which blank cells still
/// hold a picture's pixels, and how close a picture is to a reference.
struct ScreenshotGrid {
  let columns: Int
  let rows: Int
  /// term-shot's font: DejaVu Sans Mono 12 pt at 96 dpi.
  let cell: PixelSize
  /// Pixels around the cells (xterm draws a 2-pixel border, kitty none).
  let border: Int

  /// The frame the view draws after `actions` for a library of `count` photos (the layout
  /// depends only on the count and the terminal size).
  func expectedFrame(count: Int, after actions: [Action]) -> Frame {
    var state = AppState(
      roots: ["/photos"], terminal: TerminalSize(columns: columns, rows: rows),
      cellPixelSize: cell)
    state.arrange(.start)
    state.arrange(.library(.loaded(assets: Fixtures.assets(count), problems: [])))
    state.arrange(.library(.indexFinished))
    for action in actions { state.arrange(action) }
    for key in state.images.keys { state.arrange(.image(.loaded(key))) }
    return LibraryView.render(state)
  }

  /// A theme colour as both terminals show it (ncurses gives it the nearest 256-colour
  /// index).
  static func shown(_ role: StyleRole) -> RGB {
    Palette256.color(ofIndex: Palette256.nearestIndex(Theme.dark.style(role).background))
  }

  /// The pixel rectangle of a cell rectangle in the screenshot.
  func pixels(of rect: CellRect) -> (x: Int, y: Int, width: Int, height: Int) {
    (
      border + rect.column * cell.width, border + rect.row * cell.height,
      rect.width * cell.width, rect.height * cell.height
    )
  }

  /// A tile (its last row, the label's, left out) shows a picture: many colours, and not
  /// mostly the placeholder's flat colour.
  func assertPicture(
    _ shot: Bitmap, _ rect: CellRect, _ what: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let p = pixels(of: rect)
    var colors = Set<UInt32>()
    var flat = 0
    var n = 0
    let placeholder = Self.shown(.tilePlaceholder)
    for y in p.y..<min(shot.height, p.y + p.height - cell.height) {
      for x in p.x..<min(shot.width, p.x + p.width) {
        let c = shot.rgb(x: x, y: y)
        n += 1
        colors.insert(UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b))
        if abs(Int(c.r) - Int(placeholder.r)) + abs(Int(c.g) - Int(placeholder.g))
          + abs(Int(c.b) - Int(placeholder.b)) < 12
        {
          flat += 1
        }
      }
    }
    XCTAssertGreaterThan(
      colors.count, 16, "\(what) \(rect) has few colours", file: file, line: line)
    XCTAssertLessThan(
      Double(flat), Double(n) / 2, "\(what) \(rect) is the placeholder", file: file, line: line)
  }

  /// Cells the frame leaves blank (outside its pictures) whose pixels are not their role's
  /// background: what a picture left behind, or one drawn over a panel.
  func ghostCells(in shot: Bitmap, frame: Frame, rows: Range<Int>) -> (
    ghosts: [String], checked: Int
  ) {
    var ghosts: [String] = []
    var checked = 0
    for row in rows {
      for column in 0..<columns {
        let cell = frame[row, column]
        guard cell.text == " ",
          !frame.images.contains(where: { $0.rect.contains(row: row, column: column) })
        else { continue }
        checked += 1
        let background = Self.shown(cell.role)
        let p = pixels(of: CellRect(row: row, column: column, width: 1, height: 1))
        var clean = true
        for y in p.y..<(p.y + p.height) {
          for x in p.x..<(p.x + p.width) {
            let c = shot.rgb(x: x, y: y)
            if abs(Int(c.r) - Int(background.r)) > 6 || abs(Int(c.g) - Int(background.g)) > 6
              || abs(Int(c.b) - Int(background.b)) > 6
            {
              clean = false
            }
          }
        }
        if !clean { ghosts.append("\(row),\(column)") }
      }
    }
    return (ghosts, checked)
  }

  /// PSNR of `a` against the same-sized region of `b` at (x, y).
  static func psnr(_ a: Bitmap, _ b: Bitmap, x: Int = 0, y: Int = 0) -> Double {
    var error = 0.0
    var n = 0.0
    for py in 0..<a.height where y + py < b.height {
      for px in 0..<a.width where x + px < b.width {
        let p = a.rgb(x: px, y: py)
        let q = b.rgb(x: x + px, y: y + py)
        for (u, v) in [(p.r, q.r), (p.g, q.g), (p.b, q.b)] {
          let d = Double(u) - Double(v)
          error += d * d
          n += 1
        }
      }
    }
    guard n > 0 else { return 0 }
    return error == 0 ? 99 : 10 * log10(255 * 255 / (error / n))
  }
}

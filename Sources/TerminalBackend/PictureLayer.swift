import PhotoStore
import TerminalGraphics
import TerminalUI

/// The pictures on screen and the bytes that change them, without a tty: what a backend
/// writes around its text for each frame, through the session's `GraphicsDriver`.
///
/// Kept apart from `CursesTerminal` so that what a frame sends (how many bytes, which kitty
/// commands) can be counted in tests without a terminal.
public struct PictureLayer {
  /// The driver of the session's protocol; it may remember what the terminal holds.
  public private(set) var driver: any GraphicsDriver
  /// Pictures on screen now, by the cells they occupy.
  public private(set) var drawn: [CellRect: ImagePlacement] = [:]

  public init(driver: any GraphicsDriver) { self.driver = driver }

  /// The screen is about to be cleared and painted in full: nothing is drawn any more.
  public mutating func screenCleared() -> [UInt8] {
    drawn = [:]
    var bytes: [UInt8] = []
    driver.screenCleared(into: &bytes)
    return bytes
  }

  /// The bytes that erase the pictures leaving in `plan` (before the frame's text), after
  /// `colors` (the picture role's SGR), or nothing when none leaves.
  public mutating func eraseBytes(for plan: PictureRepaint, colors: [UInt8]) -> [UInt8] {
    guard !plan.erase.isEmpty else { return [] }
    var bytes = colors
    for run in plan.erase {
      driver.erase(row: run.row, column: run.column, width: run.width, into: &bytes)
    }
    return bytes
  }

  /// The bytes that draw `frame`'s pictures that `plan` sends (after the frame's text);
  /// pictures not ready yet (`pictures` gives nil) are left for a later frame.
  public mutating func placeBytes(
    for frame: Frame, plan: PictureRepaint, pictures: (ImageKey) -> TerminalPicture?
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    var nowDrawn: [CellRect: ImagePlacement] = [:]
    let sending = Set(plan.send)
    for (layer, placement) in frame.images.enumerated() {
      if !sending.contains(placement), drawn[placement.rect] == placement {
        nowDrawn[placement.rect] = placement
        continue
      }
      guard let picture = pictures(placement.key) else { continue }
      place(picture, in: placement.rect, layer: layer, into: &bytes)
      nowDrawn[placement.rect] = placement
    }
    drawn = nowDrawn
    return bytes
  }

  /// The bytes that leave the terminal clean at the end of the session.
  public mutating func finish() -> [UInt8] {
    drawn = [:]
    var bytes: [UInt8] = []
    driver.finish(into: &bytes)
    return bytes
  }

  /// Centres `picture` in `rect` and lets the driver write it (nothing if it does not fit).
  private mutating func place(
    _ picture: TerminalPicture, in rect: CellRect, layer: Int, into bytes: inout [UInt8]
  ) {
    guard picture.columns <= rect.width, picture.rows <= rect.height else { return }
    let left = rect.column + (rect.width - picture.columns) / 2
    let top = rect.row + (rect.height - picture.rows) / 2
    driver.place(picture, row: top, column: left, layer: layer, into: &bytes)
  }
}

import LightboxTestSupport
import PhotoModel
import PhotoStore
import TerminalUI
import XCTest

@testable import TerminalBackend

/// Which pictures a frame sends again: only those whose cells were written over or whose
/// picture changed, never the whole screen per keystroke.
final class PictureRepaintTests: XCTestCase {
  let size = TerminalSize(columns: 120, rows: 40)

  /// A loaded library with every wanted image ready.
  func loaded(_ count: Int) -> AppState {
    var state = AppState(roots: ["/photos"], terminal: size)
    state.arrange(.start)
    state.arrange(.library(.loaded(assets: Fixtures.assets(count), problems: [])))
    state.arrange(.library(.indexFinished))
    ready(&state)
    return state
  }

  func ready(_ state: inout AppState) {
    for key in state.images.keys where state.images[key] != .ready {
      state.arrange(.image(.loaded(key)))
    }
  }

  /// What is on screen after `frame` was presented in full.
  func drawn(_ frame: Frame) -> [CellRect: ImagePlacement] {
    Dictionary(uniqueKeysWithValues: frame.images.map { ($0.rect, $0) })
  }

  func testFirstFrameSendsEveryPicture() {
    let frame = LibraryView.render(loaded(100))
    let plan = PictureRepaint.plan(previous: nil, drawn: [:], frame: frame, textMayScroll: false)
    XCTAssertGreaterThan(frame.images.count, 20)
    XCTAssertEqual(plan.send, frame.images)
    XCTAssertEqual(plan.erase, [])
  }

  func testMovingTheSelectionSendsNoPicture() {
    var state = loaded(100)
    let before = LibraryView.render(state)
    for direction in [Direction.left, .up, .up, .right] {
      let previous = LibraryView.render(state)
      state.arrange(.move(direction))
      ready(&state)
      let frame = LibraryView.render(state)
      XCTAssertNotEqual(frame.cells, previous.cells, "the selection frame moved")
      XCTAssertEqual(Set(frame.images), Set(before.images), "the grid did not scroll")
      let plan = PictureRepaint.plan(
        previous: previous, drawn: drawn(previous), frame: frame, textMayScroll: false)
      XCTAssertEqual(plan.send, [], "\(direction)")
      XCTAssertEqual(plan.erase, [])
      // Where the text layer may scroll, the same key sends everything (the fallback).
      let fallback = PictureRepaint.plan(
        previous: previous, drawn: drawn(previous), frame: frame, textMayScroll: true)
      XCTAssertEqual(fallback.send, frame.images)
    }
  }

  func testAPictureWrittenOverIsSentAgain() {
    let state = loaded(100)
    let previous = LibraryView.render(state)
    var frame = previous
    let victim = frame.images[3]
    // Text over one cell of one picture (as an overlay would): only that picture is sent.
    frame.put("x", row: victim.rect.row + 1, column: victim.rect.column + 2, role: .normal)
    let plan = PictureRepaint.plan(
      previous: previous, drawn: drawn(previous), frame: frame, textMayScroll: false)
    XCTAssertEqual(plan.send, [victim])
  }

  func testAPictureNotYetDrawnIsSent() {
    let state = loaded(100)
    let frame = LibraryView.render(state)
    var partial = drawn(frame)
    let missing = frame.images[5]
    partial[missing.rect] = nil
    let plan = PictureRepaint.plan(
      previous: frame, drawn: partial, frame: frame, textMayScroll: false)
    XCTAssertEqual(plan.send, [missing])
  }

  func testScrollingSendsTheVisibleTilesOnly() {
    var state = loaded(400)
    let previous = LibraryView.render(state)
    state.arrange(.move(.pageUp))
    ready(&state)
    let frame = LibraryView.render(state)
    let plan = PictureRepaint.plan(
      previous: previous, drawn: drawn(previous), frame: frame, textMayScroll: false)
    // Every tile shows another photo now; nothing off screen is sent.
    XCTAssertEqual(plan.send, frame.images)
    XCTAssertLessThanOrEqual(plan.send.count, state.grid.tilesPerPage)
    // Every cell of every old tile is erased before the new text and pictures.
    var erased = Set<Int>()
    for run in plan.erase {
      XCTAssertEqual(run.height, 1)
      for column in run.column..<(run.column + run.width) { erased.insert(run.row * 1000 + column) }
    }
    var expected = Set<Int>()
    for placement in previous.images {
      for row in placement.rect.row..<(placement.rect.row + placement.rect.height) {
        for column in placement.rect.column..<(placement.rect.column + placement.rect.width) {
          expected.insert(row * 1000 + column)
        }
      }
    }
    XCTAssertEqual(erased, expected)
  }

  func testAPreviewReplacedByTheFinalPictureIsSentAgain() {
    let state = loaded(100)
    let previous = LibraryView.render(state)
    var drawnNow = drawn(previous)
    let placement = previous.images[0]
    var preview = placement
    preview.revision = 0
    drawnNow[placement.rect] = preview
    let plan = PictureRepaint.plan(
      previous: previous, drawn: drawnNow, frame: previous, textMayScroll: false)
    XCTAssertEqual(plan.send, [placement])
    // The preview's cells are erased first (the final picture may be smaller).
    let cells = plan.erase.reduce(0) { $0 + $1.width }
    XCTAssertEqual(cells, placement.rect.width * placement.rect.height)
  }

  /// A playing clip's next frame is sent over the last one without erasing it (no blank
  /// picture between frames); the still it replaces first, and a frame of another clip, are
  /// erased as usual.
  func testAClipsNextFrameIsSentWithoutAnErase() {
    let rect = CellRect(row: 1, column: 0, width: 120, height: 30)
    let key = ImageKey(asset: AssetID(3), size: PixelSize(width: 120, height: 60), fit: .fit)
    func placed(_ key: ImageKey) -> Frame {
      var frame = Frame(size: size)
      frame.place(key, in: rect)
      return frame
    }
    var first = key
    first.frame = 0
    var next = key
    next.frame = 1
    let fromFrame = PictureRepaint.plan(
      previous: placed(first), drawn: drawn(placed(first)), frame: placed(next),
      textMayScroll: false)
    XCTAssertEqual(fromFrame.send.map(\.key), [next])
    XCTAssertEqual(fromFrame.erase, [])
    let fromStill = PictureRepaint.plan(
      previous: placed(key), drawn: drawn(placed(key)), frame: placed(first),
      textMayScroll: false)
    XCTAssertEqual(fromStill.erase.count, rect.height)
    var other = next
    other.asset = AssetID(4)
    let toOther = PictureRepaint.plan(
      previous: placed(first), drawn: drawn(placed(first)), frame: placed(other),
      textMayScroll: false)
    XCTAssertEqual(toOther.erase.count, rect.height)
  }

  func testOpeningAndClosingTheDetailView() {
    var state = loaded(100)
    let grid = LibraryView.render(state)
    state.arrange(.open)
    ready(&state)
    let detail = LibraryView.render(state)
    XCTAssertTrue(detail.images.contains { $0.rect == DetailGeometry.imageArea(terminal: size) })
    let open = PictureRepaint.plan(
      previous: grid, drawn: drawn(grid), frame: detail, textMayScroll: false)
    XCTAssertEqual(open.send, detail.images)
    state.arrange(.back)
    ready(&state)
    let back = LibraryView.render(state)
    let close = PictureRepaint.plan(
      previous: detail, drawn: drawn(detail), frame: back, textMayScroll: false)
    XCTAssertEqual(Set(close.send), Set(back.images))
    // Every cell of the photo is erased.
    let photo = DetailGeometry.imageArea(terminal: size)
    var erased = Set<Int>()
    for run in close.erase {
      for column in run.column..<(run.column + run.width) { erased.insert(run.row * 1000 + column) }
    }
    for row in photo.row..<(photo.row + photo.height) {
      for column in photo.column..<(photo.column + photo.width) {
        XCTAssertTrue(
          erased.contains(row * 1000 + column), "cell \(row),\(column) keeps the photo's pixels")
      }
    }
  }

  func testAPanSendsTheMinimapAgainAfterTheRegionBelowIt() throws {
    var state = loaded(5)
    state.arrange(.open)
    for _ in 0..<3 { state.arrange(.detail(.zoomIn)) }
    ready(&state)
    let before = LibraryView.render(state)
    state.arrange(.move(.right))
    ready(&state)
    let after = LibraryView.render(state)
    let minimap = try XCTUnwrap(state.minimap)
    let plan = PictureRepaint.plan(
      previous: before, drawn: drawn(before), frame: after, textMayScroll: false)
    // The region changed; the minimap's outline moved too, and it must be drawn after the
    // region, or the region's pixels would cover it.
    let keys = plan.send.map(\.key)
    let region = try XCTUnwrap(keys.firstIndex { $0.region != nil })
    let map = try XCTUnwrap(keys.firstIndex(of: minimap.key))
    XCTAssertLessThan(region, map)
  }

  func testAPictureOverOneSentAgainIsSentAgainToo() {
    let below = ImageKey(asset: AssetID(1), size: PixelSize(width: 40, height: 20), fit: .fit)
    let above = ImageKey(asset: AssetID(1), size: PixelSize(width: 8, height: 8), fit: .fit)
    let belowRect = CellRect(row: 1, column: 0, width: 40, height: 10)
    let aboveRect = CellRect(row: 6, column: 30, width: 8, height: 4)
    var previous = Frame(size: TerminalSize(columns: 40, rows: 12))
    previous.place(below, in: belowRect, revision: 0)  // a preview
    previous.place(above, in: aboveRect)
    var frame = Frame(size: TerminalSize(columns: 40, rows: 12))
    frame.place(below, in: belowRect)  // the sharp picture arrived
    frame.place(above, in: aboveRect)
    let plan = PictureRepaint.plan(
      previous: previous, drawn: drawn(previous), frame: frame, textMayScroll: false)
    XCTAssertEqual(plan.send, frame.images, "the one above is sent again, after the one below")
    var apart = Frame(size: TerminalSize(columns: 40, rows: 12))
    apart.place(below, in: CellRect(row: 1, column: 0, width: 20, height: 4))
    apart.place(above, in: aboveRect)
    var apartBefore = Frame(size: TerminalSize(columns: 40, rows: 12))
    apartBefore.place(below, in: CellRect(row: 1, column: 0, width: 20, height: 4), revision: 0)
    apartBefore.place(above, in: aboveRect)
    let apartPlan = PictureRepaint.plan(
      previous: apartBefore, drawn: drawn(apartBefore), frame: apart, textMayScroll: false)
    XCTAssertEqual(apartPlan.send, [apart.images[0]], "pictures apart are left alone")
  }
}

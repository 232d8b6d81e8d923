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
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: Fixtures.assets(count), problems: [])))
    _ = Reducer.reduce(&state, .library(.indexFinished))
    ready(&state)
    return state
  }

  func ready(_ state: inout AppState) {
    for key in state.images.keys where state.images[key] != .ready {
      _ = Reducer.reduce(&state, .image(.loaded(key)))
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
      _ = Reducer.reduce(&state, .move(direction))
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
    _ = Reducer.reduce(&state, .move(.pageUp))
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

  func testOpeningAndClosingTheDetailView() {
    var state = loaded(100)
    let grid = LibraryView.render(state)
    _ = Reducer.reduce(&state, .open)
    ready(&state)
    let detail = LibraryView.render(state)
    XCTAssertTrue(detail.images.contains { $0.rect == DetailGeometry.imageArea(terminal: size) })
    let open = PictureRepaint.plan(
      previous: grid, drawn: drawn(grid), frame: detail, textMayScroll: false)
    XCTAssertEqual(open.send, detail.images)
    _ = Reducer.reduce(&state, .back)
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
}

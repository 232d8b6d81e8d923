import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// S in the grid or the photo view: a slideshow through the current list, paused and
/// resumed with S, stopped by any move, timed by ticks the runner sends back.
final class SlideshowTests: XCTestCase {
  func grid(_ count: Int = 4) -> AppState {
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 80, rows: 24))
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: Fixtures.assets(count), problems: [])))
    _ = Reducer.reduce(&state, .move(.first))
    return state
  }

  /// The tick the last effects armed.
  func tick(_ effects: [Effect]) -> (milliseconds: Int, token: Int)? {
    for case .scheduleTick(let milliseconds, let token) in effects { return (milliseconds, token) }
    return nil
  }

  func testSFromTheGridOpensThePhotoAndTicksPageToTheEnd() throws {
    var state = grid()
    let start = Reducer.reduce(&state, .detail(.slideshow))
    XCTAssertEqual(state.screen, .detail)
    var armed = try XCTUnwrap(tick(start))
    XCTAssertEqual(armed.milliseconds, 4000)
    // The next photo is asked for before its turn (the detail view's neighbour).
    XCTAssertTrue(state.images.keys.contains { $0.asset == state.assets[1].id })
    for expected in 1...3 {
      let effects = Reducer.reduce(&state, .detail(.slideshowTick(armed.token)))
      XCTAssertEqual(state.selectedIndex, expected)
      if expected < 3 || tick(effects) != nil { armed = try XCTUnwrap(tick(effects)) }
    }
    // The last photo: the next tick ends the show there.
    let end = Reducer.reduce(&state, .detail(.slideshowTick(armed.token)))
    XCTAssertNil(tick(end))
    XCTAssertNil(state.detail.slideshow)
    XCTAssertEqual(state.selectedIndex, 3)
    XCTAssertEqual(state.message, "Slideshow ended")
  }

  func testPauseIgnoresTheTickAndResumeArmsANewOne() throws {
    var state = grid()
    let first = try XCTUnwrap(tick(Reducer.reduce(&state, .detail(.slideshow))))
    XCTAssertNil(tick(Reducer.reduce(&state, .detail(.slideshow))), "paused")
    XCTAssertEqual(state.detail.slideshow?.isPaused, true)
    _ = Reducer.reduce(&state, .detail(.slideshowTick(first.token)))
    XCTAssertEqual(state.selectedIndex, 0, "a paused show does not move")
    let resumed = try XCTUnwrap(tick(Reducer.reduce(&state, .detail(.slideshow))))
    XCTAssertNotEqual(resumed.token, first.token)
    _ = Reducer.reduce(&state, .detail(.slideshowTick(first.token)))
    XCTAssertEqual(state.selectedIndex, 0, "the old tick is stale")
    _ = Reducer.reduce(&state, .detail(.slideshowTick(resumed.token)))
    XCTAssertEqual(state.selectedIndex, 1)
  }

  func testAnyMoveStopsTheShowWithoutMovingAndQuitStillQuits() throws {
    var state = grid()
    let armed = try XCTUnwrap(tick(Reducer.reduce(&state, .detail(.slideshow))))
    _ = Reducer.reduce(&state, .move(.right))
    XCTAssertNil(state.detail.slideshow)
    XCTAssertEqual(state.selectedIndex, 0, "the key that stops the show is spent on it")
    XCTAssertEqual(state.screen, .detail)
    _ = Reducer.reduce(&state, .detail(.slideshowTick(armed.token)))
    XCTAssertEqual(state.selectedIndex, 0)
    _ = Reducer.reduce(&state, .detail(.slideshow))
    _ = Reducer.reduce(&state, .quit)
    XCTAssertFalse(state.isRunning)
  }

  func testBracketsChangeTheIntervalWithinItsBounds() throws {
    var state = grid()
    state.detail.slideshowSeconds = 2
    _ = Reducer.reduce(&state, .detail(.slideshow))
    for _ in 0..<5 { _ = Reducer.reduce(&state, .detail(.slideshowFaster)) }
    XCTAssertEqual(state.detail.slideshow?.intervalSeconds, 1)
    _ = Reducer.reduce(&state, .detail(.slideshowSlower))
    XCTAssertEqual(state.detail.slideshow?.intervalSeconds, 2)
    XCTAssertEqual(state.slideshowLabel, "slideshow 2 s")
    let armed = try XCTUnwrap(state.detail.slideshow?.tick)
    XCTAssertEqual(tick(Reducer.reduce(&state, .detail(.slideshowTick(armed))))?.milliseconds, 2000)
  }
}

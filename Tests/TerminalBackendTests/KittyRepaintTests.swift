import Pixels
import Decoders
import LightboxTestSupport
import PhotoModel
import PhotoStore
import TerminalGraphics
import TerminalUI
import XCTest

@testable import TerminalBackend

/// What the kitty driver sends frame by frame through the backend's picture layer: pictures
/// are transmitted once and placed again by id, so scrolling sends placements, not pixels.
final class KittyRepaintTests: XCTestCase {
  let size = TerminalSize(columns: 120, rows: 40)
  let cell = PixelSize(width: 10, height: 20)

  /// One kitty command found in the output: its keys and payload size.
  struct Command {
    var keys: [String: String]
    var payloadBytes: Int
  }

  /// Every `ESC _ G keys ; payload ESC \` in `bytes`.
  static func commands(in bytes: [UInt8]) -> [Command] {
    var found: [Command] = []
    var i = 0
    while i + 2 < bytes.count {
      guard bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "_"), bytes[i + 2] == UInt8(ascii: "G")
      else {
        i += 1
        continue
      }
      var end = i + 3
      while end + 1 < bytes.count && !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) {
        end += 1
      }
      let body = bytes[(i + 3)..<end]
      let parts = body.split(
        separator: UInt8(ascii: ";"), maxSplits: 1, omittingEmptySubsequences: false)
      var keys: [String: String] = [:]
      for pair in String(decoding: parts[0], as: UTF8.self).split(separator: ",") {
        let kv = pair.split(separator: "=", maxSplits: 1)
        if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
      }
      found.append(Command(keys: keys, payloadBytes: parts.count > 1 ? parts[1].count : 0))
      i = end + 2
    }
    return found
  }

  /// A loaded library with every wanted image ready.
  func loaded(_ count: Int) -> AppState {
    var state = AppState(roots: ["/photos"], terminal: size, cellPixelSize: cell)
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

  /// Encoded pictures by key, made once each, as the picture cache keeps them.
  final class Pictures {
    let driver: KittyDriver
    var made: [ImageKey: TerminalPicture] = [:]
    init(driver: KittyDriver) { self.driver = driver }

    func picture(for key: ImageKey) -> TerminalPicture? {
      if let picture = made[key] { return picture }
      let shade = UInt8(truncatingIfNeeded: key.asset.hashValue)
      let bitmap = Bitmap(
        width: key.size.width, height: key.size.height, fill: RGB(shade, 90, 200))
      guard case .success(let picture) = driver.encode(bitmap) else { return nil }
      made[key] = picture
      return picture
    }
  }

  /// Presents `frame` after `previous` the way `CursesTerminal` does, returning the bytes.
  func present(
    _ frame: Frame, after previous: Frame?, layer: inout PictureLayer, _ pictures: Pictures
  )
    -> [UInt8]
  {
    let plan = PictureRepaint.plan(
      previous: previous, drawn: layer.drawn, frame: frame, textMayScroll: false)
    return layer.eraseBytes(for: plan, colors: [])
      + layer.placeBytes(for: frame, plan: plan) { pictures.picture(for: $0) }
  }

  func testScrollingOneRowPlacesTransmittedTilesWithoutTheirPixels() throws {
    var state = loaded(200)
    let driver = KittyDriver(cell: cell)
    let pictures = Pictures(driver: driver)
    var layer = PictureLayer(driver: driver)
    let first = LibraryView.render(state)
    XCTAssertGreaterThan(first.images.count, 20)
    let firstBytes = present(first, after: nil, layer: &layer, pictures)
    let firstCommands = Self.commands(in: firstBytes)
    XCTAssertEqual(
      firstCommands.filter { $0.keys["a"] == "t" }.count, first.images.count,
      "the first frame transmits every tile once")

    // Up from the newest photo until the grid scrolls: one row.
    var previous = first
    var frame = first
    for _ in 0..<20 {
      previous = frame
      state.arrange(.move(.up))
      ready(&state)
      frame = LibraryView.render(state)
      if Set(frame.images.map(\.key)) != Set(previous.images.map(\.key)) { break }
      _ = present(frame, after: previous, layer: &layer, pictures)
    }
    let before = Set(previous.images.map(\.key))
    let after = Set(frame.images.map(\.key))
    let newKeys = after.subtracting(before)
    XCTAssertFalse(newKeys.isEmpty, "the grid scrolled")
    XCTAssertGreaterThan(after.intersection(before).count, newKeys.count, "by one row only")

    let bytes = present(frame, after: previous, layer: &layer, pictures)
    let commands = Self.commands(in: bytes)
    let transmitted = commands.filter { $0.keys["a"] == "t" }.compactMap { $0.keys["i"] }
    let newIDs = newKeys.compactMap { key -> String? in
      guard case .kitty(let image)? = pictures.made[key] else { return nil }
      return String(image.id)
    }
    XCTAssertEqual(Set(transmitted), Set(newIDs), "only the new row's tiles are transmitted")
    XCTAssertEqual(
      commands.filter { $0.keys["a"] == "p" }.count, frame.images.count,
      "every tile is placed at its new cell")
    // The tiles already sent cost a delete and a placement each, not their pixels.
    let pixelBytes = commands.filter { $0.keys["a"] == "t" || $0.keys["m"] != nil }
      .reduce(0) { $0 + $1.payloadBytes }
    let newPixelBytes = newKeys.reduce(0) { sum, key in
      guard case .kitty(let image)? = pictures.made[key] else { return sum }
      return sum + image.transmission.count
    }
    XCTAssertLessThanOrEqual(pixelBytes, newPixelBytes)
    XCTAssertLessThan(
      bytes.count - pixelBytes, 200 * frame.images.count, "placements are a few dozen bytes")
    let firstPixelBytes = firstCommands.reduce(0) { $0 + $1.payloadBytes }
    XCTAssertLessThan(bytes.count, firstPixelBytes / 2, "a scroll is cheaper than a screen")
  }

  func testOverlayDeletesThePlacementsUnderItAndClosingPlacesThemAgain() {
    var state = loaded(60)
    let driver = KittyDriver(cell: cell)
    let pictures = Pictures(driver: driver)
    var layer = PictureLayer(driver: driver)
    let grid = LibraryView.render(state)
    _ = present(grid, after: nil, layer: &layer, pictures)
    state.arrange(.panel(.help))
    let help = LibraryView.render(state)
    XCTAssertLessThan(help.images.count, grid.images.count, "the panel covers some tiles")
    let opening = Self.commands(in: present(help, after: grid, layer: &layer, pictures))
    let deleted = opening.filter { $0.keys["a"] == "d" }
    XCTAssertEqual(deleted.count, grid.images.count - help.images.count)
    XCTAssertTrue(deleted.allSatisfy { $0.keys["d"] == "i" && $0.keys["p"] != nil })
    XCTAssertEqual(opening.filter { $0.keys["a"] == "t" }.count, 0)
    state.arrange(.panel(.help))
    let closed = LibraryView.render(state)
    let closing = Self.commands(in: present(closed, after: help, layer: &layer, pictures))
    XCTAssertEqual(closing.filter { $0.keys["a"] == "t" }.count, 0, "nothing is sent again")
    XCTAssertEqual(
      closing.filter { $0.keys["a"] == "p" }.count, grid.images.count - help.images.count)
    // The end of the session frees everything.
    let finish = Self.commands(in: layer.finish())
    XCTAssertEqual(finish.map { $0.keys["d"] }, ["A"])
  }

  func testTheMinimapIsStackedOverTheZoomedPhoto() throws {
    var state = loaded(5)
    state.arrange(.open)
    state.arrange(.detail(.zoomIn))
    ready(&state)
    let frame = LibraryView.render(state)
    let minimap = try XCTUnwrap(state.minimap).key
    let photo = try XCTUnwrap(frame.images.first { $0.key.region != nil }).key
    let driver = KittyDriver(cell: cell)
    let pictures = Pictures(driver: driver)
    var layer = PictureLayer(driver: driver)
    let commands = Self.commands(in: present(frame, after: nil, layer: &layer, pictures))
    // kitty stacks images of one z-index by image id, and a sharper photo arrives with a
    // newer id than the minimap's: the minimap needs the higher z to stay on top.
    func z(_ key: ImageKey) throws -> Int {
      guard case .kitty(let image)? = pictures.made[key] else {
        XCTFail("no picture made for \(key)")
        return -1
      }
      let place = try XCTUnwrap(
        commands.last { $0.keys["a"] == "p" && $0.keys["i"] == String(image.id) })
      return Int(place.keys["z"] ?? "0") ?? -1
    }
    XCTAssertGreaterThan(try z(minimap), try z(photo))
  }
}

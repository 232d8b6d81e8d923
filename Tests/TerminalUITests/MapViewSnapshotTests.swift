import LightboxTestSupport
import PhotoModel
import PhotoStore
import XCTest

@testable import TerminalUI

/// Golden frames of the world map drawn as text (half-blocks, or no base map): land from
/// the mask, the clusters as "●count" markers, the selected one highlighted; at the whole
/// world and two zoom steps in about Paris.
final class MapViewSnapshotTests: XCTestCase {
  let size = TerminalSize(columns: 100, rows: 30)
  typealias P = Fixtures.Places

  /// The Blue Marble's land at 5° (`BaseMapFile.landMask`'s rule on xplanet-images'
  /// earth.jpg, sampled at 72×36): a fixed mask, so the goldens need no system file.
  static let landRows = [
    "########################################################################",
    "###################.###########.########################################",
    "#####################..#########......###.............##################",
    "##.##################....#######..................######################",
    "#..#################..#..####..........#####..####.#####################",
    "...###############.##.#...##.........##################################.",
    "....##...######.##...###...........#..#.########################...##...",
    "..........###############.........##.############################..#....",
    "...........#######.####............##############################.......",
    "...........#######..##............###.#.##..##.####.##########..#.......",
    "...........##########.............##....######.#############.#..........",
    ".............#######..............#####.#..#################............",
    ".............####..#.............###########################............",
    "...............#.................##########.####..#########.............",
    "................##...............##############....##..##...............",
    ".................................############......#....##..............",
    "....................####.........#############..........................",
    "....................######............#######...........#.##............",
    "....................#######...........######............#.#....#........",
    "....................#########..........#####.............##.....#.......",
    ".....................#######...........#####..................#.#.......",
    "......................######..........######.#..............#####.......",
    "......................######...........####..#.............#######......",
    "......................####.............####................########.....",
    "......................####..............##.................##..###......",
    ".....................####.......................................##......",
    ".....................##..........................................#....#.",
    ".....................##.................................................",
    ".....................#..................................................",
    "........................................................................",
    "#..#.##.......#.###....#.#####..##..#....##..##..#.#.#.##...##.###....##",
    "########################################################################",
    "########################################################################",
    "########################################################################",
    "########################################################################",
    "########################################################################",
  ]

  static let land = LandMask(width: 72, height: 36) { column, row in
    Array(landRows[row])[column] == "#"
  }

  /// Eight photos in six places (Paris twice), one without a place; the map shown over the
  /// mask.
  func map() -> AppState {
    let assets = Fixtures.placed(
      8, [P.paris, P.lyon, P.paris, P.kyoto, P.shinjuku, P.zurich, P.rome])
    var state = AppState(roots: ["/photos"], terminal: size)
    state.send(.start, .library(.loaded(assets: assets, problems: [])), .library(.indexFinished))
    state.send(.library(.collectionsLoaded(LibraryCollections(albums: [], now: 0))))
    state.send(.map(.show))
    let base = BaseMap(
      path: "/usr/share/xplanet/images/earth.jpg", size: PixelSize(width: 2048, height: 1024),
      land: Self.land)
    state.send(.map(.baseMapLoaded(base)))
    return state
  }

  func testTheWholeWorld() {
    let state = map()
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "map-world-100x30")
    let text = frame.snapshotText
    XCTAssertTrue(text.contains("Map · zoom 0 · 6 places in 2 clusters"))
    XCTAssertTrue(text.contains(" Paris and 3 more places · 5 photos"))
    XCTAssertTrue(text.contains("●5"))
    XCTAssertTrue(text.contains("●2"))
    XCTAssertTrue(text.contains("░") && text.contains("█"), "land and coasts drawn")
    XCTAssertTrue(frame.images.isEmpty, "half-blocks: no picture")
  }

  func testTwoStepsInAboutParis() {
    var state = map()
    state.send(.detail(.zoomIn), .detail(.zoomIn))
    let frame = LibraryView.render(state)
    Snapshot.assert(frame.snapshotText, named: "map-europe-zoom2-100x30")
    let text = frame.snapshotText
    XCTAssertTrue(text.contains("Map · zoom 2 · 6 places in 6 clusters"))
    XCTAssertTrue(text.contains(" Paris, France · 2 photos"))
    // Paris, Lyon, Zürich and Rome each their own marker; Japan is off the map.
    XCTAssertEqual(text.components(separatedBy: "●1").count - 1, 3)
    XCTAssertEqual(text.components(separatedBy: "●2").count - 1, 1)
  }

  func testNoBaseMapIsAPlainBackground() {
    var state = map()
    state.map.baseMap = .missing("gone")
    let frame = LibraryView.render(state)
    XCTAssertFalse(frame.snapshotText.contains("█"))
    XCTAssertTrue(frame.snapshotText.contains("●5"))
  }

  func testWithPicturesTheMapIsOnePictureOverTheArea() {
    var state = map()
    state.cellPixelSize = PixelSize(width: 10, height: 20)
    state.send(.detail(.zoomIn), .detail(.zoomOut))
    let frame = LibraryView.render(state)
    XCTAssertEqual(frame.images.count, 1)
    XCTAssertEqual(frame.images.first?.rect, CellRect(row: 2, column: 0, width: 100, height: 27))
    XCTAssertEqual(frame.images.first?.key.markers?.count, 2)
    XCTAssertFalse(frame.snapshotText.contains("●"), "the counts are in the picture")
  }
}

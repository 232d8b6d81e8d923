import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The world map (issue 34): m from the Library and from Places, the arrows between
/// clusters, + and - re-forming them about the selection, Enter opening a cluster's photos
/// and Esc back; the base map asked for once and its picture drawn with the clusters in it.
final class MapTests: XCTestCase {
  /// 100×30: a map area of 100×27 cells; at zoom 0 a column spans 3.6° and a half-block
  /// row 7.2°, so a cluster's bin (8×3 cells) is 28.8° × 21.6°.
  let size = TerminalSize(columns: 100, rows: 30)
  typealias P = Fixtures.Places

  /// Eight photos: Paris twice, Lyon, Kyoto, Shinjuku, Zürich, Rome, and one without a place.
  func prepared(cell: PixelSize = PixelSize(width: 1, height: 2)) -> (TestStore, [Asset]) {
    let assets = Fixtures.placed(
      8, [P.paris, P.lyon, P.paris, P.kyoto, P.shinjuku, P.zurich, P.rome])
    let store = TestStore(AppState(roots: ["/photos"], terminal: size, cellPixelSize: cell))
    store.arrange(
      .start, .library(.loaded(assets: assets, problems: [])),
      .library(.collectionsLoaded(LibraryCollections(albums: [], now: 0))))
    drawn(store)
    return (store, assets)
  }

  /// Every picture asked for has come.
  func drawn(_ store: TestStore) {
    store.arrangeState { state in
      for key in state.images.keys { state.images[key] = .ready }
    }
  }

  /// The slots of `places`, ascending (as clusters and selections list them).
  func slots(_ places: PhotoPlace...) -> [UInt32] { places.map(\.slot).sorted() }

  /// The state change of m from a grid: the map over the whole world, the places counted,
  /// the clusters formed and the largest selected, the grid's pictures no longer wanted.
  func showMap(_ state: inout AppState, from tab: Tab) {
    state.map.isShown = true
    state.map.originTab = tab
    state.map.places = MapPlace.tally(state.library.assets)
    state.map.viewport = .world
    state.map.clusters = MapClustering.clusters(state.map.places, geometry: state.mapGeometry)
    state.map.selected = 0
    state.map.baseMap = .loading
    state.images = [:]
  }

  /// The map centred on the selected cluster (as far as the world's edges allow).
  func centreOnSelection(_ state: inout AppState) {
    let cluster = state.map.clusters[state.map.selected]
    state.map.viewport = state.mapGeometry.centred(
      latitude: cluster.latitude, longitude: cluster.longitude)
  }

  func testPlacesAreCountedWithTheirTownsCentres() {
    let (store, _) = prepared()
    let places = MapPlace.tally(store.state.library.assets)
    XCTAssertEqual(places.count, 6, "the photo without a place is not on the map")
    let paris = places.first { $0.slot == P.paris.slot }
    XCTAssertEqual(paris?.count, 2)
    XCTAssertEqual(paris?.latitude, 48.8566)
    XCTAssertEqual(paris?.longitude, 2.3522)
    XCTAssertEqual(places.map(\.count).reduce(0, +), 7)
  }

  func testMShowsTheWholeWorldWithTheLargestClusterSelected() {
    let (store, _) = prepared()
    store.send(.map(.show), effects: [.loadBaseMap]) { self.showMap(&$0, from: .library) }
    let map = store.state.map
    // Europe's north (Paris ×2, Zürich) and south (Lyon, Rome) are two bins, but their
    // markers would be less than a row apart, so they are one; Kyoto and Shinjuku too (a
    // bin's edge at 136.8° E parts them, their labels would overlap).
    XCTAssertEqual(
      map.clusters.map(\.slots),
      [slots(P.paris, P.lyon, P.zurich, P.rome), slots(P.kyoto, P.shinjuku)])
    XCTAssertEqual(map.clusters.map(\.count), [5, 2])
    XCTAssertEqual(map.clusters[0].largest, P.paris.slot)
    XCTAssertEqual(
      map.clusters[0].latitude, (2 * 48.8566 + 45.74846 + 47.3769 + 41.89193) / 5,
      accuracy: 1e-9)
    XCTAssertEqual(store.state.name(of: map.clusters[0]), "Paris and 3 more places")
    XCTAssertEqual(store.state.name(of: map.clusters[1]), "Kyoto and 1 more place")
    XCTAssertEqual(store.state.wantedImages, [], "half-blocks: the text map, no picture")
    // m again: back, as Esc; the grid's pictures wanted again.
    let (_, assets) = prepared()
    let tile = { (asset: Asset) in Expected.request(asset, PixelSize(width: 14, height: 14)) }
    store.send(.map(.show), effects: assets.map { .loadImage(tile($0)) }) {
      $0.map.isShown = false
      for asset in assets { $0.images[tile(asset).key] = .loading }
    }
  }

  func testTheArrowsGoToTheNearestClusterThatWay() {
    let (store, _) = prepared()
    store.arrange(.map(.show))
    store.send(.move(.right)) { $0.map.selected = 1 }  // Japan
    store.send(.move(.right))
    // South-east is down too, however far aside.
    store.send(.move(.up)) { $0.map.selected = 0 }
    store.send(.move(.down)) { $0.map.selected = 1 }
    store.send(.move(.left)) { $0.map.selected = 0 }
    // Zoom 1 (1.8° a column, 3.6° a row): Paris and Lyon (one: their labels would meet),
    // Zürich, Rome, Japan.
    store.arrange(.detail(.zoomIn))
    XCTAssertEqual(
      store.state.map.clusters.map(\.slots),
      [slots(P.paris, P.lyon), [P.zurich.slot], [P.rome.slot], slots(P.kyoto, P.shinjuku)])
    XCTAssertEqual(store.state.map.selected, 0)
    // Nothing west of Paris: the selection stays.
    store.send(.move(.left))
    store.send(.move(.right)) { $0.map.selected = 1 }  // Zürich, on Paris' row
    store.send(.move(.right)) { $0.map.selected = 2 }  // Rome, south-east
    // Japan, far east: off the map, which centres on it.
    store.send(.move(.right)) {
      $0.map.selected = 3
      self.centreOnSelection(&$0)
    }
    store.send(.move(.right))
    store.send(.move(.up)) { $0.map.selected = 2 }  // Rome: the least aside of the three
    store.send(.move(.up)) { $0.map.selected = 1 }  // Zürich: nearer aside than Paris
    // Paris, a tenth of a row north, at the map's edge: the map centres on it.
    store.send(.move(.up)) {
      $0.map.selected = 0
      self.centreOnSelection(&$0)
    }
    store.send(.move(.up))
    store.send(.move(.down)) { $0.map.selected = 1 }
    store.send(.move(.left)) { $0.map.selected = 0 }
  }

  func testPlusAndMinusZoomAboutTheSelectionAndReFormTheClusters() {
    let (store, _) = prepared()
    store.arrange(.map(.show))
    // Zoom 1: bins of 14.4° × 10.8°; the map centred on Paris as far
    // as the world's edges allow (90° of longitude and 48.6° of latitude each side).
    store.send(.detail(.zoomIn)) {
      $0.map.viewport.zoom = 1
      $0.map.clusters = MapClustering.clusters($0.map.places, geometry: $0.mapGeometry)
      $0.map.selected = 0
      let paris = $0.map.clusters[0]
      $0.map.viewport = $0.mapGeometry.centred(latitude: paris.latitude, longitude: paris.longitude)
    }
    // Europe in three (Paris with Lyon, Zürich, Rome); Kyoto and Shinjuku still one.
    XCTAssertEqual(
      store.state.map.clusters.map(\.slots),
      [slots(P.paris, P.lyon), [P.zurich.slot], [P.rome.slot], slots(P.kyoto, P.shinjuku)])
    XCTAssertEqual(store.state.name(of: store.state.map.selectedCluster!), "Paris and 1 more place")
    XCTAssertEqual(store.state.map.viewport.latitude, 41.4, accuracy: 1e-9)
    // Out again: the cluster holding Paris selected, the whole world centred.
    store.send(.detail(.zoomOut)) {
      $0.map.viewport = .world
      $0.map.clusters = MapClustering.clusters($0.map.places, geometry: $0.mapGeometry)
      $0.map.selected = 0
    }
    // Not past the whole world.
    store.send(.detail(.zoomOut))
    for _ in 1...MapViewport.maxZoom { store.arrange(.detail(.zoomIn)) }
    XCTAssertEqual(store.state.map.viewport.zoom, MapViewport.maxZoom)
    XCTAssertEqual(store.state.map.selectedCluster?.slots, [P.paris.slot], "down to a town")
    store.send(.detail(.zoomIn))
  }

  func testEnterOpensTheClusterInTimeOrderAndEscComesBackToTheMap() {
    let (store, assets) = prepared()
    store.arrange(.map(.show))
    let map = store.state.map
    let cluster = AlbumRef.mapCluster(
      MapSelection(
        slots: slots(P.paris, P.lyon, P.zurich, P.rome), title: "Paris and 3 more places"))
    let members = [assets[0], assets[1], assets[2], assets[5], assets[6]]
    XCTAssertEqual(store.state.members(of: cluster).map(\.id), members.map(\.id))
    let tiles = members.map { Expected.request($0, PixelSize(width: 14, height: 14)) }
    store.send(.open, effects: tiles.map(Effect.loadImage)) {
      $0.map.isShown = false
      $0.tab = .albums
      $0.albums.open = cluster
      $0.assets = PhotoList(members)
      $0.selectedIndex = 4
      $0.gridTopRow = 0
      $0.savedPositions[.library] = SavedPosition(selected: assets[7].id, topRow: 0)
      for tile in tiles { $0.images[tile.key] = .loading }
    }
    XCTAssertEqual(store.state.context, .album(cluster))
    drawn(store)
    // Esc: the map again, as it was left; the Library's grid under it as it was.
    store.send(.back) {
      $0.map = map
      $0.tab = .library
      $0.albums.open = nil
      $0.assets = PhotoList(assets)
      $0.selectedIndex = 7
      $0.savedPositions[.album(cluster)] = SavedPosition(selected: assets[6].id, topRow: 0)
      $0.images = [:]
    }
    // Esc on the map: the Library, where m was pressed.
    let tile = { (asset: Asset) in Expected.request(asset, PixelSize(width: 14, height: 14)) }
    store.send(.back, effects: assets.map { .loadImage(tile($0)) }) {
      $0.map.isShown = false
      for asset in assets { $0.images[tile(asset).key] = .loading }
    }
  }

  /// The albums' list made again while a cluster is open (the collections counted anew,
  /// as they are after every change of the library) leaves the cluster open: it is no card
  /// of the list. Before, it was taken for an album that went away and the grid gave way to
  /// the albums' list (seen in the end-to-end map test under a loaded CI).
  func testACountOfTheCollectionsLeavesAnOpenClusterOpen() {
    let (store, assets) = prepared()
    store.arrange(.map(.show), .open)
    let cluster = store.state.albums.open
    XCTAssertNotNil(cluster)
    drawn(store)
    store.send(.library(.collectionsLoaded(LibraryCollections(albums: [], now: 0))))
    XCTAssertEqual(store.state.albums.open, cluster)
    XCTAssertEqual(store.state.assets.count, 5)
    XCTAssertEqual(store.state.assets.last?.id, assets[6].id)
  }

  func testTheMapCardLeadsPlacesAndEscGoesBackToIt() {
    let (store, _) = prepared()
    store.arrange(.showTab(.albums))
    drawn(store)
    let places = store.state.albums.entries.firstIndex { $0.ref == .place(.all) }!
    store.arrangeState { $0.albums.cursor = places }
    store.arrange(.open)
    drawn(store)
    XCTAssertEqual(store.state.albums.cursor, 1, "the first country, under the Map card")
    store.send(.move(.left)) { $0.albums.cursor = 0 }
    let list = store.state.albums
    XCTAssertEqual(list.entries.first?.ref, .worldMap)
    XCTAssertEqual(list.entries.first?.title, "Map")
    XCTAssertEqual(list.entries.first?.count, 7)
    XCTAssertEqual(
      list.entries.dropFirst().map(\.title), ["France", "Italy", "Japan", "Switzerland"])
    let images = store.state.images
    store.send(.open, effects: [.loadBaseMap]) { self.showMap(&$0, from: .albums) }
    let effects = store.sendCollecting(.back) {
      $0.map.isShown = false
      $0.images = images.mapValues { _ in .loading }
    }
    // The covers asked for again (in the dictionary's order).
    XCTAssertEqual(
      Set(effects),
      Set(
        images.keys.map { key in
          let entry = list.entries.first { $0.cover?.id == key.asset }!
          return Effect.loadImage(Expected.request(entry.cover!, key.size))
        }))
    store.assertEffects(effects)
    XCTAssertEqual(store.state.albums, list)
  }

  func testWithPicturesTheBaseMapIsDrawnWithTheClustersInIt() {
    let (store, _) = prepared(cell: PixelSize(width: 10, height: 20))
    store.arrange(.map(.show))
    XCTAssertEqual(store.state.map.baseMap, .loading)
    XCTAssertNil(store.state.mapPictureRequest, "no picture before the base map")
    let base = BaseMap(
      path: "/usr/share/xplanet/images/earth.jpg", size: PixelSize(width: 2048, height: 1024),
      land: .water)
    var expected = store.state
    expected.map.baseMap = .loaded(base)
    let request = expected.mapPictureRequest!
    store.send(.map(.baseMapLoaded(base)), effects: [.loadImage(request)]) {
      $0.map.baseMap = .loaded(base)
      $0.images[request.key] = .loading
    }
    // The whole map area (100×27 cells of 10×20 px); the world is 2048 px across 100 cells
    // of 3.6°, and its 1024 px of latitude sit in the middle of the 27 rows of 7.2°.
    XCTAssertEqual(request.key.size, PixelSize(width: 1000, height: 540))
    XCTAssertEqual(request.key.region, ImageRegion(x: 0, y: -41, width: 2048, height: 1106))
    XCTAssertEqual(request.path, base.path)
    XCTAssertEqual(request.key.asset, AppState.mapPictureID)
    let markers = request.key.markers ?? []
    XCTAssertEqual(markers.map(\.count), [5, 2])
    XCTAssertEqual(markers.map(\.isSelected), [true, false])
    // Europe's centre, 46.55° N 6.12° E: x 500 + 6.12 / 3.6 × 10, y 270 - 46.55 / 7.2 × 20.
    XCTAssertEqual(markers[0].x, 517)
    XCTAssertEqual(markers[0].y, 140)
    store.send(.image(.loaded(request.key))) {
      $0.images[request.key] = .ready
      $0.map.drawnPicture = request.key
    }
    // A move makes a new picture; the one drawn stays wanted (on screen) until it comes.
    var moved = store.state
    moved.map.selected = 1
    let next = moved.mapPictureRequest!
    XCTAssertEqual(next.key.markers?.map(\.isSelected), [false, true])
    store.send(.move(.right), effects: [.loadImage(next)]) {
      $0.map.selected = 1
      $0.images[next.key] = .loading
    }
    store.send(.image(.loaded(next.key)), effects: []) {
      $0.images[next.key] = .ready
      $0.images[request.key] = nil
      $0.map.drawnPicture = next.key
    }
  }

  func testAMissingBaseMapIsSaidOnceAndTheMapStillWorks() {
    let (store, _) = prepared(cell: PixelSize(width: 10, height: 20))
    store.arrange(.map(.show))
    store.send(.map(.baseMapMissing(reason: "/usr/share/xplanet/images/earth.jpg is missing"))) {
      $0.map.baseMap = .missing("/usr/share/xplanet/images/earth.jpg is missing")
      $0.message =
        "No base map (/usr/share/xplanet/images/earth.jpg is missing): a plain background"
    }
    XCTAssertNil(store.state.mapPictureRequest, "the text map, on a plain background")
    store.send(.move(.right)) {
      $0.message = nil
      $0.map.selected = 1
    }
    // Shown again later: not asked for again, not said again.
    store.arrange(.back)
    drawn(store)
    store.send(.map(.show)) { state in
      state.map.isShown = true
      state.map.selected = 0
      state.images = [:]
    }
    XCTAssertNil(store.state.message)
  }

  /// The base map's arrival is not a key: the help over the map stays open.
  func testTheBaseMapArrivingLeavesTheHelpOpen() {
    let (store, _) = prepared()
    store.arrange(.map(.show))
    store.send(.panel(.help)) { $0.overlay = .help }
    let base = BaseMap(
      path: "/usr/share/xplanet/images/earth.jpg", size: PixelSize(width: 2048, height: 1024),
      land: .water)
    store.send(.map(.baseMapLoaded(base))) { $0.map.baseMap = .loaded(base) }
    store.send(.move(.right)) {
      $0.overlay = nil
      $0.map.selected = 1
    }
  }

  func testPhotoKeysDoNothingOnTheMap() {
    let (store, _) = prepared()
    store.arrange(.map(.show))
    store.send(.edit(.delete))
    store.send(.edit(.toggleFavorite))
    store.send(.mark(.toggle))
    store.send(.nextSegment)
    store.send(.panel(.info))
  }
}

import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// Bursts stacked in the Library's grid: one tile (a favorite frame, else the keeper rule's
/// pick, else the middle frame) for a burst, Enter opens the stack in place and shuts it from
/// its first frame, Esc shuts it, and what `f` and `d` act on when a stack is shut.
final class BurstStackTests: XCTestCase {
  /// 80×40: every one of the ten photos on screen.
  let size = TerminalSize(columns: 80, rows: 40)
  let assets = Fixtures.assets(10)
  /// Photos 3…6 (positions 2…5) are one burst; its cover is the middle frame, photo 4.
  let bursts = [PhotoGroup(kind: .burst, members: [3, 4, 5, 6].map { AssetID(Int64($0)) })]

  var tile: PixelSize {
    let geometry = TestStore(AppState(roots: [], terminal: size)).state.grid
    return PixelSize(width: geometry.tile.columns, height: geometry.tile.rows * 2)
  }

  func load(_ positions: [Int]) -> [Effect] {
    positions.map { .loadImage(Expected.request(assets[$0], tile)) }
  }

  func cancel(_ positions: [Int]) -> [Effect] {
    positions.map { .cancelImage(Expected.key(assets[$0], tile)) }
  }

  /// The library loaded and indexed, every tile asked for, the newest photo selected.
  func loaded() -> TestStore {
    let store = TestStore(AppState(roots: ["/photos"], terminal: size))
    store.arrange(
      .start, .library(.loaded(assets: assets, problems: [])),
      .library(.collectionsLoaded(LibraryCollections(now: 1_800_000_000))),
      .library(.indexFinished))
    XCTAssertEqual(store.state.assets.count, 10)
    XCTAssertEqual(store.state.images.count, 10)
    return store
  }

  /// The grid with the burst stacked.
  func stacked() -> TestStore {
    let store = loaded()
    store.arrange(.library(.duplicatesFound(groups: [], bursts: bursts)))
    return store
  }

  /// The state's stacks and grid as they are with the burst's stack shut (or open).
  func stack(_ state: inout AppState, open: AssetID? = nil) {
    state.library.stacks = BurstStacks(bursts: bursts, library: assets, open: open)
    let hidden = open == nil ? [2, 4, 5] : []
    state.library.unstackedTimeline = open == nil ? Timeline(assets: assets) : nil
    state.timeline = Timeline(assets: assets).removing(positions: hidden)
    state.assets =
      open == nil ? PhotoList(assets, positions: [0, 1, 3, 6, 7, 8, 9]) : PhotoList(assets)
    state.daysLayout = DaysLayout(timeline: state.timeline, columns: state.grid.columns)
  }

  func testABurstFoundShowsAsOneTileItsMiddleFrameWithTheCount() {
    let store = loaded()
    store.send(
      .library(.duplicatesFound(groups: [], bursts: bursts)), effects: cancel([2, 4, 5])
    ) {
      $0.duplicates.bursts = self.bursts
      $0.duplicates.hashing = nil
      self.stack(&$0)
      $0.selectedIndex = 6
      for i in [2, 4, 5] { $0.images[Expected.key(self.assets[i], self.tile)] = nil }
      let imports = $0.albums.entries.firstIndex { $0.ref == .imports }!
      $0.albums.entries.insert(
        AlbumEntry(ref: .bursts, title: "Bursts", count: 4, cover: self.assets[2]),
        at: imports + 1)
      $0.albums.layout = AlbumsLayout(
        albums: $0.albums.entries, columns: $0.albumsGrid.columns,
        rowHeight: $0.albumsGrid.tile.rows + $0.albumsGrid.labelRows + 1)
    }
    let stacks = store.state.library.stacks
    XCTAssertEqual(stacks.count(ofCover: AssetID(4)), 4)
    XCTAssertNil(stacks.count(ofCover: AssetID(3)))
    XCTAssertEqual(stacks.hidden, [2, 4, 5])
    XCTAssertEqual(store.state.assets.map(\.id.rawValue), [1, 2, 4, 7, 8, 9, 10])
    // The library still has ten photos; the Days header counts the tiles.
    XCTAssertEqual(store.state.libraryTimeline.days.map(\.assets.count).reduce(0, +), 10)
    XCTAssertEqual(store.state.timeline.days.map(\.assets.count).reduce(0, +), 7)
    XCTAssertEqual(store.state.libraryPhotoCount(year: 2024, month: 8, day: 14), 2)
    XCTAssertEqual(store.state.libraryPhotoCount(year: 2024, month: 8), 10)
    XCTAssertEqual(store.state.libraryPhotoCount(year: 2024), 10)
    XCTAssertNil(store.state.libraryPhotoCount(year: 2023))
  }

  func testEnterOpensTheStackInPlaceAndEnterOnItsFirstFrameShutsIt() {
    let store = stacked()
    store.send(.move(.left), effects: []) {
      $0.selectedIndex = 5
      $0.scrollDirection = -1
    }
    store.send(.move(.left)) { $0.selectedIndex = 4 }
    store.send(.move(.left)) { $0.selectedIndex = 3 }
    store.send(.move(.left)) { $0.selectedIndex = 2 }
    XCTAssertEqual(store.state.selectedAsset?.id, AssetID(4))
    // Enter on the cover: the four frames in place, the first selected.
    store.send(.open, effects: load([2, 4, 5])) {
      self.stack(&$0, open: AssetID(4))
      $0.selectedIndex = 2
      for i in [2, 4, 5] { $0.images[Expected.key(self.assets[i], self.tile)] = .loading }
    }
    XCTAssertEqual(store.state.screen, .grid)
    XCTAssertEqual(store.state.library.stacks.place(inOpenStack: AssetID(5))?.index, 2)
    // Enter on another frame opens that photo (its detail requests: DetailTests').
    store.send(.move(.right)) {
      $0.selectedIndex = 3
      $0.scrollDirection = 1
    }
    var opened = store.state
    opened.arrange(.open)
    XCTAssertEqual(opened.screen, .detail)
    XCTAssertEqual(opened.selectedAsset?.id, AssetID(4))
    store.send(.move(.left)) {
      $0.selectedIndex = 2
      $0.scrollDirection = -1
    }
    // Enter on the first frame shuts the stack; the cover is selected.
    store.send(.open, effects: cancel([2, 4, 5])) {
      self.stack(&$0)
      $0.selectedIndex = 2
      for i in [2, 4, 5] { $0.images[Expected.key(self.assets[i], self.tile)] = nil }
    }
    XCTAssertEqual(store.state.selectedAsset?.id, AssetID(4))
  }

  func testEscShutsTheOpenStackBeforeItZoomsOut() {
    let store = stacked()
    store.arrangeState { $0.selectedIndex = 2 }
    store.arrange(.open, .move(.right), .move(.right))
    XCTAssertEqual(store.state.selectedAsset?.id, AssetID(5))
    // Esc from a frame: shut, the cover selected.
    store.send(.back, effects: cancel([2, 4, 5])) {
      self.stack(&$0)
      $0.selectedIndex = 2
      for i in [2, 4, 5] { $0.images[Expected.key(self.assets[i], self.tile)] = nil }
    }
    // In Days too, Esc shuts before it zooms out to Months; from outside the stack the
    // selection stays where it is.
    store.arrange(.nextSegment, .nextSegment, .nextSegment)
    XCTAssertEqual(store.state.library.segment, .days)
    store.arrange(.open, .move(.last))
    XCTAssertEqual(store.state.selectedAsset?.id, AssetID(10))
    XCTAssertEqual(store.state.library.stacks.expanded, AssetID(4))
    // (Photo 3 is above the Days screen: not asked for, nothing to cancel.)
    store.send(.back, effects: cancel([4, 5])) {
      self.stack(&$0)
      $0.selectedIndex = 6
      for i in [4, 5] { $0.images[Expected.key(self.assets[i], self.tile)] = nil }
    }
    XCTAssertEqual(store.state.library.segment, .days)
    store.arrange(.back)
    XCTAssertEqual(store.state.library.segment, .months)
  }

  func testFavoriteAndDeleteOnAShutStackActOnTheCoverOnly() {
    let store = stacked()
    store.arrangeState { $0.selectedIndex = 2 }
    let favorites = store.state.albums.entries.firstIndex { $0.ref == .favorites }!
    store.send(.edit(.toggleFavorite), effects: [.setFavorite([AssetID(4)], true)]) {
      $0.library.assets[3].isFavorite = true
      $0.assets = PhotoList($0.library.assets, positions: [0, 1, 3, 6, 7, 8, 9])
      $0.albums.entries[favorites].count = 1
      $0.albums.entries[favorites].cover = $0.library.assets[3]
      $0.message = "\u{2666} IMG_1003.jpg added to Favorites"
    }
    // d: the cover alone goes; the burst's three frames left stack again, the middle one
    // (photo 5) their cover, in the place of the one deleted.
    var deleted = store.state
    let effects = Reducer.reduce(&deleted, .edit(.delete))
    XCTAssertEqual(
      effects,
      [.moveToTrash([AssetID(4)]), .cancelImage(Expected.key(assets[3], tile))] + load([4]))
    XCTAssertEqual(deleted.library.assets.count, 9)
    XCTAssertEqual(deleted.library.stacks.count(ofCover: AssetID(5)), 3)
    XCTAssertEqual(deleted.assets.map(\.id.rawValue), [1, 2, 5, 7, 8, 9, 10])
    XCTAssertEqual(deleted.selectedAsset?.id, AssetID(5))
  }

  func testFramesOutsideTheLibraryAreLeftOutAndOneFrameIsNoStack() {
    let stacks = BurstStacks(
      bursts: [
        PhotoGroup(kind: .burst, members: [AssetID(2), AssetID(99)]),
        PhotoGroup(kind: .burst, members: [AssetID(7), AssetID(8), AssetID(98)]),
      ], library: assets)
    XCTAssertNil(stacks.count(ofCover: AssetID(2)))
    XCTAssertEqual(stacks.count(ofCover: AssetID(7)), 2)
    XCTAssertEqual(stacks.hidden, [7])
    XCTAssertEqual(stacks.shown, [0, 1, 2, 3, 4, 5, 6, 8, 9])
    XCTAssertTrue(BurstStacks(bursts: [], library: assets).isEmpty)
    XCTAssertNil(BurstStacks(bursts: [], library: assets).shown)
  }

  /// A seeded walk of keys (open, shut, move, hide, delete, undo) over a library of many
  /// bursts: after each, the stacks worked out from the change equal those found afresh.
  func testStacksFollowingChangesEqualStacksBuiltAfresh() {
    var rng = SeededGenerator(seed: TestSeed.value)
    let library = Fixtures.assets(60)
    var bursts: [PhotoGroup] = []
    var start = 0
    while start < 55 {
      let size = Int.random(in: 2...5, using: &rng)
      // Some bursts with the keeper rule's pick, which is the cover until a frame is a
      // favorite.
      let members = library[start..<(start + size)].map(\.id)
      let keeper = Bool.random(using: &rng) ? members.randomElement(using: &rng) : nil
      bursts.append(PhotoGroup(kind: .burst, members: members, keeper: keeper))
      start += size + Int.random(in: 0...3, using: &rng)
    }
    var state = AppState(roots: ["/photos"], terminal: size)
    for action: Action in [
      .start, .library(.loaded(assets: library, problems: [])),
      .library(.collectionsLoaded(LibraryCollections(now: 1_800_000_000))),
      .library(.indexFinished),
      .library(.duplicatesFound(groups: [], bursts: bursts)),
    ] {
      state.arrange(action)
    }
    let keys: [Action] = [
      .open, .back, .move(.left), .move(.right), .move(.up), .edit(.toggleHidden),
      .edit(.delete), .edit(.undo), .edit(.toggleFavorite),
    ]
    for step in 0..<300 {
      let key = keys[Int.random(in: 0..<keys.count, using: &rng)]
      state.arrange(key)
      if state.screen == .detail { state.arrange(.back) }
      let afresh = BurstStacks(
        bursts: bursts, library: state.library.assets, open: state.library.stacks.expanded)
      XCTAssertEqual(state.library.stacks, afresh, "step \(step), \(key)")
      XCTAssertEqual(
        state.timeline,
        Timeline(assets: state.library.assets).removing(positions: afresh.hidden), "step \(step)")
      guard state.library.stacks == afresh else { return }
    }
  }

  func testTheCoverIsAFavoriteFrameElseTheKeeperElseTheMiddleFrame() {
    let frames = [3, 4, 5, 6].map { AssetID(Int64($0)) }
    // Photo 6 is the keeper rule's pick (the finder's: the largest, the original…).
    let burst = PhotoGroup(kind: .burst, members: frames, keeper: AssetID(6))
    XCTAssertEqual(BurstStacks(bursts: [burst], library: assets).coverOf[AssetID(3)], AssetID(6))
    XCTAssertEqual(BurstStacks(bursts: [burst], library: assets).hidden, [2, 3, 4])
    // A favorite frame (the first, in time, of two) over the keeper.
    var library = assets
    library[3].isFavorite = true
    library[4].isFavorite = true
    XCTAssertEqual(BurstStacks(bursts: [burst], library: library).coverOf[AssetID(6)], AssetID(4))
    // The keeper gone from the library: the middle frame of those left.
    let left = assets.filter { $0.id != AssetID(6) }
    XCTAssertEqual(BurstStacks(bursts: [burst], library: left).coverOf[AssetID(3)], AssetID(4))
  }

  func testFavoritingAFrameOfAShutStackMakesItTheCover() {
    let burst = PhotoGroup(kind: .burst, members: [3, 4, 5, 6].map { AssetID(Int64($0)) })
    let store = loaded()
    store.arrange(.library(.duplicatesFound(groups: [], bursts: [burst])))
    XCTAssertEqual(store.state.library.stacks.coverOf[AssetID(5)], AssetID(4))
    // The runner's reload after f on frame 5 (in the opened stack, elsewhere): its cover.
    var library = assets
    library[4].isFavorite = true
    store.arrange(.library(.loaded(assets: library, problems: [])))
    XCTAssertEqual(store.state.library.stacks.coverOf[AssetID(3)], AssetID(5))
  }
}

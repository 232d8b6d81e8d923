import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The Duplicates and Bursts albums: the background job's start and groups, the cards in
/// Utilities, the review a group to a row, its arrows and the keeper key.
final class DuplicatesAlbumTests: XCTestCase {
  /// 80×40: tiles of 20×8 cells, 3 to a row, 2 rows of tiles with 4 label rows each.
  let size = TerminalSize(columns: 80, rows: 40)

  /// Six photos; 3 and 1 are one picture, 2, 5 and 6 look alike; 4 and 2 are a burst.
  let groups = [
    PhotoGroup(kind: .exact, members: [AssetID(3), AssetID(1)]),
    PhotoGroup(kind: .similar, members: [AssetID(2), AssetID(5), AssetID(6)]),
  ]
  let bursts = [PhotoGroup(kind: .burst, members: [AssetID(4), AssetID(2)])]

  func tileRequest(_ asset: Asset) -> ImageRequest {
    ImageRequest(
      key: ImageKey(asset: asset.id, size: PixelSize(width: 20, height: 16), fit: .fill),
      path: asset.path, format: asset.format, orientation: asset.orientation,
      priority: .visible, bestQuality: false, exifThumbnail: asset.exifThumbnail,
      storedSize: asset.storedPixelSize)
  }

  func loaded() -> (TestStore, [Asset]) {
    let assets = Fixtures.assets(6)
    let store = TestStore(AppState(roots: ["/photos"], terminal: size))
    store.arrange(
      .start, .library(.loaded(assets: assets, problems: [])),
      .library(.collectionsLoaded(LibraryCollections(now: 1_800_000_000))))
    return (store, assets)
  }

  func testIndexingDoneStartsTheHashingWhichPostsItsGroupsAsTwoUtilities() {
    let (store, assets) = loaded()
    XCTAssertFalse(store.state.albums.entries.contains { $0.ref == .duplicates })
    store.send(.library(.indexFinished), effects: [.findDuplicates]) {
      $0.library.status = .ready
    }
    store.send(.library(.hashProgress(done: 2, total: 6))) {
      $0.duplicates.hashing = .init(done: 2, total: 6)
    }
    let before = store.state.albums.entries
    let imports = before.firstIndex { $0.ref == .imports }!
    var entries = before
    entries.insert(
      contentsOf: [
        AlbumEntry(ref: .duplicates, title: "Duplicates", count: 5, cover: assets[2]),
        AlbumEntry(ref: .bursts, title: "Bursts", count: 2, cover: assets[3]),
      ], at: imports + 1)
    // The burst (photos 2 and 4) stacks in the Library's grid: photo 2 its cover, photo 4's
    // tile let go.
    let tile = ImageKey(asset: assets[3].id, size: PixelSize(width: 14, height: 14), fit: .fill)
    store.send(
      .library(.duplicatesFound(groups: groups, bursts: bursts)), effects: [.cancelImage(tile)]
    ) {
      $0.duplicates.groups = self.groups
      $0.duplicates.bursts = self.bursts
      $0.duplicates.hashing = nil
      $0.library.stacks = BurstStacks(bursts: self.bursts, library: assets)
      $0.library.unstackedTimeline = $0.timeline
      $0.timeline = $0.timeline.removing(positions: [3])
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: $0.grid.columns)
      $0.assets = PhotoList(assets, positions: [0, 1, 2, 4, 5])
      $0.selectedIndex = 4
      $0.images[tile] = nil
      $0.albums.entries = entries
      $0.albums.layout = AlbumsLayout(
        albums: entries, columns: $0.albumsGrid.columns,
        rowHeight: $0.albumsGrid.tile.rows + $0.albumsGrid.labelRows + 1)
    }
    XCTAssertEqual(entries[imports + 1].ref.section, .utilities)
    XCTAssertEqual(entries[imports + 2].ref.section, .utilities)
    XCTAssertTrue(AlbumRef.reservedNames.contains("Duplicates"))
  }

  /// The store with the groups posted and the Duplicates album open.
  func reviewing(_ ref: AlbumRef = .duplicates) -> (TestStore, [Asset]) {
    let (store, assets) = loaded()
    store.arrange(
      .library(.indexFinished), .library(.duplicatesFound(groups: groups, bursts: bursts)),
      .showTab(.albums))
    store.arrangeState { state in
      state.albums.cursor = state.albums.entries.firstIndex { $0.ref == ref }!
    }
    store.arrange(.open)
    return (store, assets)
  }

  func testOpeningDuplicatesLaysTheGroupsOutARowEachKeeperFirst() {
    let (store, assets) = loaded()
    store.arrange(
      .library(.indexFinished), .library(.duplicatesFound(groups: groups, bursts: bursts)),
      .showTab(.albums))
    store.arrangeState { state in
      state.albums.cursor = state.albums.entries.firstIndex { $0.ref == .duplicates }!
    }
    let shown = [assets[2], assets[0], assets[1], assets[4], assets[5]]
    // The covers on screen (Duplicates', Bursts', Imports') are the tiles' size: those not
    // among the tiles (Bursts', photo 4) let go, every other tile of both groups asked for.
    let covers = [assets[2], assets[3], assets[5]].map {
      ImageKey(asset: $0.id, size: PixelSize(width: 20, height: 16), fit: .fill)
    }
    XCTAssertEqual(Set(covers), Set(store.state.images.keys))
    store.send(
      .open,
      effects: [.cancelImage(covers[1])]
        + [assets[0], assets[1], assets[4]].map { .loadImage(tileRequest($0)) }
    ) {
      $0.albums.open = .duplicates
      $0.assets = PhotoList(shown)
      $0.selectedIndex = 0
      $0.gridTopRow = 0
      $0.duplicates.layout = GroupLayout(sizes: [2, 3], columns: 3)
      for key in covers { $0.images[key] = nil }
      for asset in shown { $0.images[self.tileRequest(asset).key] = .loading }
    }
    let state = store.state
    XCTAssertEqual(state.context, .album(.duplicates))
    XCTAssertEqual(state.grid.labelRows, 4)
    XCTAssertEqual(state.grid.columns, 3)
    XCTAssertEqual(state.duplicates.layout.groupStarts, [0, 2, 5])
    XCTAssertEqual(
      state.duplicates.layout.rows,
      [.init(group: 0, first: 0, count: 2), .init(group: 1, first: 2, count: 3)])
  }

  func testArrowsMoveWithinAGroupAndBetweenGroups() {
    let (store, _) = reviewing()
    store.send(.move(.right)) {
      $0.selectedIndex = 1
      $0.scrollDirection = 1
    }
    // The end of a group: → stays in it.
    store.send(.move(.right))
    store.send(.move(.down)) { $0.selectedIndex = 3 }
    store.send(.move(.right)) { $0.selectedIndex = 4 }
    // Up to a shorter group: its last photo.
    store.send(.move(.up)) {
      $0.selectedIndex = 1
      $0.scrollDirection = -1
    }
    store.send(.move(.left)) { $0.selectedIndex = 0 }
    store.send(.move(.left))
    store.send(.move(.last)) {
      $0.selectedIndex = 4
      $0.scrollDirection = 1
    }
  }

  func testAClickSelectsThePhotoUnderItInItsGroupRow() {
    let (store, _) = reviewing()
    // The second row's first tile (photo 2): the rows are 8 + 4 label rows + 1 apart.
    let rect = store.state.grid.tileRect(visibleRow: 1, column: 0)
    store.send(.pointer(.click(row: rect.row + 2, column: rect.column + 2, double: false))) {
      $0.selectedIndex = 2
    }
    // The first row has two tiles: a click where a third would be selects nothing.
    let empty = store.state.grid.tileRect(visibleRow: 0, column: 2)
    store.send(.pointer(.click(row: empty.row + 2, column: empty.column + 2, double: false)))
  }

  func testKPicksAnotherKeeperWhichLeadsItsGroup() {
    let (store, assets) = reviewing()
    store.arrange(.move(.down), .move(.right))  // photo 5, second of the similar group
    XCTAssertEqual(store.state.selectedAsset?.id, AssetID(5))
    store.send(.duplicates(.chooseKeeper)) {
      $0.duplicates.chosenKeepers = [AssetID(5)]
      $0.assets = PhotoList([assets[2], assets[0], assets[4], assets[1], assets[5]])
      $0.selectedIndex = 2
      $0.message = "IMG_1004.jpg is kept when the group is merged"
    }
    // Another pick in the same group replaces it.
    store.send(.move(.right)) {
      $0.selectedIndex = 3
      $0.message = nil
      $0.scrollDirection = 1
    }
    store.send(.duplicates(.chooseKeeper)) {
      $0.duplicates.chosenKeepers = [AssetID(2)]
      $0.assets = PhotoList([assets[2], assets[0], assets[1], assets[4], assets[5]])
      $0.selectedIndex = 2
      $0.message = "IMG_1001.jpg is kept when the group is merged"
    }
  }

  func testBurstsListApartAndKeepersAreOnlyPickedInDuplicates() {
    let (store, assets) = reviewing(.bursts)
    XCTAssertEqual(store.state.context, .album(.bursts))
    XCTAssertEqual(Array(store.state.assets), [assets[3], assets[1]])
    store.send(.duplicates(.chooseKeeper)) {
      $0.message = "K picks the photo to keep in the Duplicates album"
    }
  }

  func testAPhotoThatLeavesTheLibraryLeavesItsGroup() {
    let (store, assets) = reviewing()
    // Photo 1 deleted elsewhere: the exact group is down to one photo, no group.
    var left = assets
    left.remove(at: 0)
    store.arrange(.library(.loaded(assets: left, problems: [])))
    XCTAssertEqual(Array(store.state.assets), [assets[1], assets[4], assets[5]])
    store.assertEffects([])
    XCTAssertEqual(store.state.duplicates.layout.groupStarts, [0, 3])
    XCTAssertEqual(
      store.state.albums.entries.first { $0.ref == .duplicates }?.count, 3)
  }

  func testGroupLayoutWrapsALargeGroupAndFindsRows() {
    let layout = GroupLayout(sizes: [2, 7, 3], columns: 5)
    XCTAssertEqual(layout.rows.map(\.first), [0, 2, 7, 9])
    XCTAssertEqual(layout.rows.map(\.count), [2, 5, 2, 3])
    XCTAssertEqual(layout.group(ofIndex: 8), 1)
    XCTAssertEqual(layout.group(ofIndex: 9), 2)
    XCTAssertNil(layout.group(ofIndex: 12))
    XCTAssertEqual(layout.row(ofIndex: 8), 2)
    XCTAssertEqual(layout.top(keeping: 3, from: 0, visible: 2), 2)
    XCTAssertEqual(layout.top(keeping: 0, from: 2, visible: 2), 0)
  }

  func testMergeAsksOnceThenTrashesTheOthersAndUndoBringsThemBack() {
    let (store, assets) = reviewing()
    store.send(.move(.down)) {
      $0.selectedIndex = 2
      $0.scrollDirection = 1
    }
    let question = Confirmation(
      purpose: .merge(keeper: AssetID(2), others: [AssetID(5), AssetID(6)]),
      question: "Merge 3 photos into IMG_1001.jpg?",
      detail: "The other 2 go to Recently Deleted; favorites, albums, turns and tags go to the "
        + "keeper.")
    store.send(.duplicates(.merge)) { $0.overlay = .confirm(question) }

    // Yes: the same as deleting the other two (stated by the delete's own path), the undo
    // kept as a merge, and the merge asked of the runner instead of a plain trash move.
    var deleted = store.state
    deleted.overlay = .confirm(
      Confirmation(purpose: .trash([AssetID(5), AssetID(6)]), question: "", detail: ""))
    var effects = Reducer.reduce(&deleted, .answer(true))
    XCTAssertEqual(effects.first, .moveToTrash([AssetID(5), AssetID(6)]))
    // No photo has a tag, a rating or a label: the keeper's sidecar is not touched.
    effects[0] = .mergeDuplicates(
      keeper: AssetID(2), others: [AssetID(5), AssetID(6)], keeperTags: nil)
    store.send(.answer(true), effects: effects) {
      $0 = deleted
      $0.library.undoableTrash = []
      $0.library.undoableMerge = MergeUndo(keeper: AssetID(2), others: [AssetID(5), AssetID(6)])
      $0.message = "Merged 3 photos into IMG_1001.jpg · u undo"
    }
    // The group is down to its keeper: no group; the exact pair is left.
    XCTAssertEqual(Array(store.state.assets), [assets[2], assets[0]])
    XCTAssertEqual(
      store.state.library.collections.trashed.map(\.asset.id), [AssetID(5), AssetID(6)])

    // u: the others back (as r would bring them), the runner asked to undo the merge.
    var restored = store.state
    restored.library.undoableMerge = nil
    restored.library.undoableTrash = [AssetID(5), AssetID(6)]
    var undoEffects = Reducer.reduce(&restored, .edit(.undo))
    XCTAssertEqual(undoEffects.first, .restoreFromTrash([AssetID(5), AssetID(6)]))
    undoEffects[0] = .undoMerge(keeper: AssetID(2), others: [AssetID(5), AssetID(6)])
    store.send(.edit(.undo), effects: undoEffects) {
      $0 = restored
      $0.message = "Merge undone · 2 photos back from Recently Deleted"
    }
    XCTAssertEqual(Array(store.state.assets).count, 5, "both groups again")
    XCTAssertNil(store.state.library.undoableMerge)
  }

  func testMergeIsOnlyForTheDuplicatesAlbumAndNoSaysNo() {
    let (store, _) = reviewing(.bursts)
    store.send(.duplicates(.merge)) { $0.message = "J merges a group of the Duplicates album" }
    let (duplicates, _) = reviewing()
    duplicates.arrange(.duplicates(.merge))
    duplicates.send(.answer(false)) {
      $0.overlay = nil
      $0.message = nil
    }
  }
}

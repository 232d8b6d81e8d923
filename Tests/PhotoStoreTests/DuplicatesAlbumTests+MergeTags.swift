import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// A merge gives the keeper the others' tags (its own stay), their best rating when it has
/// none (never a reject) and a label when it has none: the merge's effect carries the
/// keeper's sidecar edit, and the state follows the tags the runner posts.
extension DuplicatesAlbumTests {
  /// Photo 2 (the keeper of 2, 5, 6) tagged Trip; 5 tagged Trip and Places/Kyoto, labelled
  /// Red and rejected; 6 tagged Cat with 3 stars; the keeper rated `keeperRating`.
  func reviewingTagged(keeperRating: Int = 0, keeperLabel: String? = nil) -> (
    TestStore, [Asset]
  ) {
    var assets = Fixtures.assets(6)
    assets[1].rating = keeperRating
    assets[4].rating = -1
    assets[5].rating = 3
    var labels: [AssetID: String] = [AssetID(5): "Red"]
    if let keeperLabel { labels[AssetID(2)] = keeperLabel }
    let tags = PhotoTags(
      paths: [["Trip"], ["Places", "Kyoto"], ["Cat"]],
      photos: [(AssetID(2), [0]), (AssetID(5), [0, 1]), (AssetID(6), [2])], labels: labels)
    let store = TestStore(AppState(roots: ["/photos"], terminal: size))
    store.arrange(
      .start, .library(.loaded(assets: assets, problems: [])),
      .library(.collectionsLoaded(LibraryCollections(now: 1_800_000_000))),
      .library(.tagsLoaded(tags)), .library(.indexFinished),
      .library(.duplicatesFound(groups: groups, bursts: bursts)), .showTab(.albums))
    store.arrangeState { state in
      state.albums.cursor = state.albums.entries.firstIndex { $0.ref == .duplicates }!
    }
    store.arrange(.open, .move(.down))
    return (store, assets)
  }

  func testAMergeCarriesTheOthersTagsBestRatingAndLabelForTheKeepersSidecar() {
    let (store, assets) = reviewingTagged()
    XCTAssertEqual(store.state.selectedAsset?.id, AssetID(2))
    store.send(.duplicates(.merge)) {
      $0.overlay = .confirm(
        Confirmation(
          purpose: .merge(keeper: AssetID(2), others: [AssetID(5), AssetID(6)]),
          question: "Merge 3 photos into IMG_1001.jpg?",
          detail: "The other 2 go to Recently Deleted; favorites, albums, turns and tags go to "
            + "the keeper."))
    }
    // The state as a plain delete of the others leaves it (stated by the delete's own path).
    var deleted = store.state
    deleted.overlay = .confirm(
      Confirmation(purpose: .trash([AssetID(5), AssetID(6)]), question: "", detail: ""))
    var effects = Reducer.reduce(&deleted, .answer(true))
    XCTAssertEqual(effects.first, .moveToTrash([AssetID(5), AssetID(6)]))
    // Trip is the keeper's already; 6's 3 stars over 5's reject; 5's label.
    let edit = TagEditJob(
      ids: [AssetID(2)], paths: [assets[1].path], addTags: [["Places", "Kyoto"], ["Cat"]],
      rating: 3, label: "Red")
    effects[0] = .mergeDuplicates(
      keeper: AssetID(2), others: [AssetID(5), AssetID(6)], keeperTags: edit)
    store.send(.answer(true), effects: effects) {
      $0 = deleted
      $0.library.undoableTrash = []
      $0.library.undoableMerge = MergeUndo(keeper: AssetID(2), others: [AssetID(5), AssetID(6)])
      $0.message = "Merged 3 photos into IMG_1001.jpg · u undo"
    }
    // The runner wrote the sidecar and posts the catalog's tags: the keeper is found by them
    // (as a #tag search finds it), and the undo stays the merge's.
    let merged = PhotoTags(
      paths: [["Trip"], ["Places", "Kyoto"], ["Cat"]],
      photos: [(AssetID(2), [0, 1, 2]), (AssetID(5), [0, 1]), (AssetID(6), [2])],
      labels: [AssetID(2): "Red", AssetID(5): "Red"])
    store.send(.library(.tagsLoaded(merged))) { $0.library.tags = merged }
    XCTAssertTrue(store.state.taggedIDs(TagPath(parts: ["Cat"])).contains(AssetID(2)))
    XCTAssertTrue(store.state.taggedIDs(TagPath(parts: ["Places"])).contains(AssetID(2)))
    XCTAssertNotNil(store.state.library.undoableMerge)
  }

  func testTheKeepersOwnRatingAndLabelStayAndARejectIsNeverGiven() {
    let others = [AssetID(5), AssetID(6)]
    // Rated 1: it keeps its star; labelled Blue: it keeps its label; the tags still move.
    let (rated, assets) = reviewingTagged(keeperRating: 1, keeperLabel: "Blue")
    XCTAssertEqual(
      rated.state.keeperTagJob(keeper: AssetID(2), others: others),
      TagEditJob(
        ids: [AssetID(2)], paths: [assets[1].path], addTags: [["Places", "Kyoto"], ["Cat"]]))
    // Rejected stays rejected; only the rejected copy rated: no rating given.
    let (rejected, _) = reviewingTagged(keeperRating: -1)
    XCTAssertNil(rejected.state.keeperTagJob(keeper: AssetID(2), others: others)?.rating)
    let (unrated, _) = reviewingTagged()
    XCTAssertEqual(
      unrated.state.keeperTagJob(keeper: AssetID(2), others: [AssetID(5)]),
      TagEditJob(
        ids: [AssetID(2)], paths: [assets[1].path], addTags: [["Places", "Kyoto"]],
        label: "Red"),
      "5 is rejected: its reject is not the keeper's")
    // Nothing the keeper lacks: no edit, no sidecar.
    XCTAssertNil(rated.state.keeperTagJob(keeper: AssetID(5), others: [AssetID(2)]))
  }
}

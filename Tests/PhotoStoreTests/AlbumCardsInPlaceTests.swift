import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// `f` and the turns bring the album cards up to date from the changed photos alone
/// (`albumEntriesChanged`), and `H` and the Trash regroup the timeline from the change; this
/// checks that the cards and the timeline always equal the full rebuild from every photo,
/// over seeded random keys on a library with favorites, screenshots, panoramas, imports,
/// user albums, hidden photos and a memory. An invariant over many steps, so it reads the state after
/// each step instead of stating each step's whole change (TestStore's job in the editing
/// tests).
final class AlbumCardsInPlaceTests: XCTestCase {
  /// "Today" is 20 Aug 2025: photos of 17–23 Aug 2024 are a memory (issue 36).
  static let now = Int64(CaptureDate.daysFromCivil(year: 2025, month: 8, day: 20)) * 86_400 + 43_200

  /// 60 photos: every 7th a favorite, every 9th a screenshot by name, every 11th a
  /// panorama by size, the newest 10 recent imports; two albums; 4 hidden.
  func library(_ random: inout SeededGenerator) -> AppState {
    var assets = Fixtures.assets(60)
    for i in assets.indices {
      assets[i].isFavorite = i % 7 == 2
      if i % 9 == 4 { assets[i].path = "/photos/Screenshot_\(i).png" }
      if i % 11 == 5 { assets[i].storedPixelSize = PixelSize(width: 12_000, height: 3_000) }
      assets[i].addedAt = i >= 50 ? 1_800_000_000 : 1_600_000_000
    }
    let hidden = (0..<4).map { n -> Asset in
      var asset = assets.remove(at: 10 + n * 9)
      asset.isHidden = true
      return asset
    }
    let ids = assets.map(\.id)
    let albums = [
      Album(
        id: AlbumID(1), name: "Trip", createdAt: 0,
        assetIDs: Array(ids.shuffled(using: &random).prefix(12))),
      Album(
        id: AlbumID(2), name: "Cats", createdAt: 0,
        assetIDs: Array(ids.shuffled(using: &random).prefix(5))),
    ]
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 120, rows: 40))
    state.arrange(.start)
    state.arrange(.library(.loaded(assets: assets, problems: [])))
    state.arrange(
      .library(
        .collectionsLoaded(
          LibraryCollections(albums: albums, hidden: hidden, now: Self.now))))
    XCTAssertEqual(state.albums.memories.map(\.year), [2024], "the walk keeps a memory up to date")
    return state
  }

  func testCardsAndTimelineAfterEditsEqualTheFullRebuild() {
    print("AlbumCardsInPlaceTests seed \(TestSeed.value)")
    var random = SeededGenerator(seed: TestSeed.value)
    var state = library(&random)
    let places: [(Action, String)] = [
      (.showTab(.library), "library"), (.showTab(.albums), "albums list"),
    ]
    var changedCovers = 0
    for step in 0..<300 {
      let before = state.albums.entries
      switch Int.random(in: 0..<13, using: &random) {
      case 0: state.arrange(places[0].0)
      case 1:
        // Into an album (Favorites, a media type, Hidden, a user album) to act there.
        state.arrange(places[1].0)
        state.arrange(.move(.first))
        for _ in 0..<Int.random(in: 0..<8, using: &random) {
          state.arrange(.move(.right))
        }
        state.arrange(.open)
      case 2, 3:
        let key: Direction = Bool.random(using: &random) ? .left : .right
        for _ in 0..<Int.random(in: 1..<6, using: &random) {
          state.arrange(.move(key))
        }
      case 4: state.arrange(.mark(.toggle))
      case 5, 6, 7: state.arrange(.edit(.toggleFavorite))
      case 8: state.arrange(.edit(.rotate(clockwise: Bool.random(using: &random))))
      case 9: state.arrange(.edit(.toggleHidden))
      case 10:
        state.arrange(.edit(.delete))
        state.arrange(.answer(true))
      case 11: state.arrange(.mark(.range))
      default: state.arrange(.edit(.undo))
      }
      var rebuilt = state
      rebuilt.rebuildAlbumEntries()
      XCTAssertEqual(
        state.timeline, Timeline(assets: state.library.assets),
        "step \(step): the timeline differs from grouping every photo (seed \(TestSeed.value))")
      // Counts and covers first (a readable message), then every field of the cards.
      XCTAssertEqual(
        Self.summary(state), Self.summary(rebuilt),
        "step \(step): the cards differ from a full rebuild (seed \(TestSeed.value))")
      XCTAssertTrue(
        state.albums.entries == rebuilt.albums.entries,
        "step \(step): a cover is an old value of its photo (seed \(TestSeed.value))")
      if state.albums.entries.map(\.cover?.id) != before.map(\.cover?.id) { changedCovers += 1 }
      if state.albums.entries != rebuilt.albums.entries { return }
    }
    // The walk must have moved covers, or it checked nothing interesting.
    XCTAssertGreaterThan(changedCovers, 5, "seed \(TestSeed.value)")
  }

  /// Each card as "title count #cover".
  static func summary(_ state: AppState) -> [String] {
    state.albums.entries.map { "\($0.title) \($0.count) \($0.cover.map { "\($0.id)" } ?? "-")" }
  }
}

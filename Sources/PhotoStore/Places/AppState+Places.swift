import PhotoModel

/// The Places collection of the Albums tab: countries, then regions, then towns, listed as
/// cards in the Albums tab's own list (`albums.placePath` names the level shown); Enter on
/// a town opens its photos as a grid, Esc goes back up a level.
extension AppState {
  /// The cards of the places one level below `path`.
  func placeEntries(under path: PlacePath) -> [AlbumEntry] {
    let tally = PlaceTally(library.assets, under: path)
    let places = tally.children.map { child in
      let ref = AlbumRef.place(path.child(child.part))
      return AlbumEntry(
        ref: ref, title: title(of: ref), count: child.count, cover: library.assets[child.cover])
    }
    guard path.level == 0, let newest = tally.newest else { return places }
    // The world map first, over every photo with a place (Enter shows it).
    let map = AlbumEntry(
      ref: .worldMap, title: title(of: .worldMap), count: tally.total,
      cover: library.assets[newest])
    return [map] + places
  }

  /// Enter on a country or a region: its places, the first selected (the first country,
  /// under the Map card).
  mutating func openPlaceLevel(_ path: PlacePath) {
    albums.placePath = path
    rebuildAlbumEntries()
    albums.cursor = albums.entries.first?.ref == .worldMap && albums.entries.count > 1 ? 1 : 0
    albums.topEntry = 0
    keepAlbumCardInView()
  }

  /// Esc in the Places collection: one level up (from the countries, the albums), the
  /// place just left selected.
  mutating func leavePlaceLevel(_ path: PlacePath) {
    albums.placePath = path.level == 0 ? nil : path.parent
    rebuildAlbumEntries()
    albums.cursor = albums.entries.firstIndex { $0.ref == .place(path) } ?? 0
    keepAlbumCardInView()
  }
}

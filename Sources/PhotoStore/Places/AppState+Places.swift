import PhotoModel

/// The Places collection of the Albums tab: countries, then regions, then towns, listed as
/// cards in the Albums tab's own list (`albums.placePath` names the level shown); Enter on
/// a town opens its photos as a grid, Esc goes back up a level.
extension AppState {
  /// The cards of the places one level below `path`.
  func placeEntries(under path: PlacePath) -> [AlbumEntry] {
    PlaceTally(library.assets, under: path).children.map { child in
      let ref = AlbumRef.place(path.child(child.part))
      return AlbumEntry(
        ref: ref, title: title(of: ref), count: child.count, cover: library.assets[child.cover])
    }
  }

  /// Enter on a country or a region: its places, the first selected.
  mutating func openPlaceLevel(_ path: PlacePath) {
    albums.placePath = path
    rebuildAlbumEntries()
    albums.cursor = 0
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

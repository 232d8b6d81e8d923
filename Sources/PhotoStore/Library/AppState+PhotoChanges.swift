import PhotoModel

extension AppState {
  /// Changes the photos with `ids` where they stand (a flag, a turn: nothing that moves one
  /// in the timeline), then brings the album cards and the grid up to date for just those
  /// photos. Rebuilding the cards from every photo was most of `f` at a million photos.
  mutating func changePhotosInPlace(_ ids: Set<AssetID>, _ change: (inout Asset) -> Void) {
    guard !ids.isEmpty else { return }
    let previous = selectedAsset?.id
    let positions = libraryPositions(of: ids)
    // The grid's list shares the library's storage: let go of it before the first write.
    assets = []
    var changes: [PhotoChange] = []
    for i in positions {
      let old = library.assets[i]
      change(&library.assets[i])
      changes.append(PhotoChange(position: i, old: old, new: library.assets[i]))
    }
    var hidden: [Asset] = []
    for i in PhotoPositions.of(ids, in: library.collections.hidden) {
      change(&library.collections.hidden[i])
      hidden.append(library.collections.hidden[i])
    }
    albumEntriesChanged(changes, hidden: hidden)
    refreshAssets(keeping: previous)
  }

  /// The positions in the library of the photos with `ids`, in order: the selected photo
  /// alone by halving (the catalog's order), more in one pass over the ids.
  private func libraryPositions(of ids: Set<AssetID>) -> [Int] {
    if ids.count == 1, let selected = selectedAsset, ids.contains(selected.id) {
      if context == .library, selectedIndex < library.assets.count,
        library.assets[selectedIndex].id == selected.id
      {
        return [selectedIndex]
      }
      guard !selected.isHidden else { return [] }
      return PhotoPositions.sorted(selected, in: library.assets).map { [$0] } ?? []
    }
    return PhotoPositions.of(ids, in: library.assets)
  }
}

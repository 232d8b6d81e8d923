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
    // A burst's favorite frame is its stack's cover: a frame's flag may move the cover
    // (the selection follows it from a shut stack's old cover).
    let frameFlagged = changes.contains {
      $0.old.isFavorite != $0.new.isFavorite && library.stacks.members.contains($0.new.id)
    }
    if frameFlagged {
      let hiddenBefore = library.stacks.hidden
      restack(positions: library.stacks.positions, changed: ids)
      // The layouts follow the timeline, which changed only if a shut stack shows another
      // frame now. Mostly it does not (the flagged frame was the cover, and stays it; a
      // frame of an open stack is shown either way), and rebuilding them was two thirds of
      // `f` on a cover at a million photos (19 ms; `lightbox-bench ui`).
      if library.stacks.hidden != hiddenBefore { rebuildLayouts() }
    }
    albumEntriesChanged(changes, hidden: hidden)
    refreshAssets(keeping: frameFlagged ? previous.map(shownPhoto(for:)) : previous)
  }

  /// The positions in the library of the photos with `ids`, in order: the selected photo
  /// alone by halving (the catalog's order), more in one pass over the ids.
  func libraryPositions(of ids: Set<AssetID>) -> [Int] {
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

  /// Takes the photos with `ids` out of the library's list (to Hidden or the Trash) and
  /// regroups the timeline from the change alone; returns them and where they were. Grouping
  /// every photo again and two hashed passes over them were most of `H` at a million photos.
  mutating func takeOutOfLibrary(_ ids: Set<AssetID>) -> LibraryRemoval {
    let positions = libraryPositions(of: ids)
    guard !positions.isEmpty else { return LibraryRemoval(positions: [], photos: []) }
    // The grid's list shares the library's storage: let go of it before the first write.
    assets = []
    let taken = positions.map { library.assets[$0] }
    library.assets.remove(sortedPositions: positions)
    restack(
      timeline: libraryTimeline.removing(positions: positions),
      positions: library.stacks.isEmpty ? nil : library.stacks.positions(afterRemoving: positions),
      changed: Set(taken.map(\.id)))
    return LibraryRemoval(positions: positions, photos: taken)
  }

  /// Puts photos back into the library's list where the catalog's order puts them (from
  /// Hidden or the Trash), regrouping the timeline from the change for a few.
  mutating func putIntoLibrary(_ photos: [Asset]) {
    guard !photos.isEmpty else { return }
    assets = []
    var timeline = libraryTimeline
    // The frames' positions followed as the photos go in (a few); many are looked for after.
    let few = photos.count <= 16
    var frames = library.stacks.positions
    for photo in photos {
      let position = Self.insertSorted(photo, into: &library.assets)
      if few {
        timeline = timeline.inserting(at: position, date: photo.captureDate)
        library.stacks.positions(afterInserting: photo.id, at: position, into: &frames)
      }
    }
    if !few { timeline = Timeline(assets: library.assets) }
    restack(
      timeline: timeline, positions: few && !library.stacks.isEmpty ? frames : nil,
      changed: Set(photos.map(\.id)))
  }

  /// After photos left or joined the library's list (its timeline already regrouped): the
  /// layouts, the album cards (from the removal, or the photos that `joined`, alone when that
  /// is all that happened) and the grid, keeping `previous` selected when still shown.
  mutating func libraryRegrouped(
    keeping previous: AssetID?, after removal: LibraryRemoval?, joined: [Asset] = []
  ) {
    rebuildLayouts()
    if let removal {
      albumEntriesAfterRemoval(removal)
    } else if !joined.isEmpty {
      albumEntriesAfterInsertion(joined)
    } else {
      rebuildAlbumEntries()
    }
    refreshAssets(keeping: previous)
  }
}

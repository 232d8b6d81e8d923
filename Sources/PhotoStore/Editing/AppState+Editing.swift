import PhotoModel

extension AppState {
  /// The photos an action applies to: the marked ones (in grid order), else the selected one.
  public var actionTargets: [AssetID] {
    if !marks.ids.isEmpty { return assets.ids(in: marks.ids) }
    return selectedAsset.map { [$0.id] } ?? []
  }

  /// "IMG_0001.jpg" for one photo, "3 photos" for more.
  func describeTargets(_ ids: [AssetID]) -> String {
    if ids.count == 1, let asset = asset(withID: ids[0]) { return asset.fileName }
    return Self.photoCount(ids.count)
  }

  /// "1 photo", "3 photos".
  public static func photoCount(_ n: Int) -> String { n == 1 ? "1 photo" : "\(n) photos" }

  /// A photo of the library, the hidden ones or the Trash.
  func asset(withID id: AssetID) -> Asset? {
    if let selected = selectedAsset, selected.id == id { return selected }
    if let index = assets.firstIndex(ofID: id) { return assets[index] }
    if let index = PhotoPositions.first(id, in: library.assets) { return library.assets[index] }
    if let index = PhotoPositions.first(id, in: library.collections.hidden) {
      return library.collections.hidden[index]
    }
    return library.collections.trashed.first { $0.asset.id == id }?.asset
  }

  /// The photos of the library and the hidden ones with these ids, in one pass over each
  /// (not a search a photo: 10,000 marked photos were 10,000 scans of the library).
  func libraryPhotos(withIDs ids: Set<AssetID>) -> [Asset] {
    if ids.count == 1, let selected = selectedAsset, ids.contains(selected.id) { return [selected] }
    let hidden = library.collections.hidden
    return PhotoPositions.of(ids, in: library.assets).map { library.assets[$0] }
      + PhotoPositions.of(ids, in: hidden).map { hidden[$0] }
  }

  /// f: favorites the photos (or clears the flag when all of them are favorites already).
  mutating func toggleFavorite() -> [Effect] {
    let ids = actionTargets
    guard !ids.isEmpty, context != .album(.recentlyDeleted) else { return [] }
    let targets = Set(ids)
    let allFavorite = libraryPhotos(withIDs: targets).allSatisfy(\.isFavorite)
    let value = !allFavorite
    changePhotosInPlace(targets) { $0.isFavorite = value }
    let what = describeTargets(ids)
    // ♦ is the view's favorite glyph (TerminalUI.Glyphs.favorite; no console font has ♥).
    message = value ? "♦ \(what) added to Favorites" : "\(what) removed from Favorites"
    marks.ids = []
    return [.setFavorite(withCompanions(ids), value)]
  }

  /// H: hides the photos (they leave every view but Hidden), or unhides them in Hidden.
  mutating func toggleHidden() -> [Effect] {
    let ids = actionTargets
    guard !ids.isEmpty, context != .album(.recentlyDeleted) else { return [] }
    // Hidden with its companions, so a Live Photo's movie does not stay in the timeline.
    let fileIDs = withCompanions(ids)
    let targets = Set(ids)
    let unhide = context == .album(.hidden)
    marks.ids = []
    let previous = selectedAsset?.id
    // Named while the photo is still where the selection finds it (afterwards it was looked
    // for through the million photos it left).
    let what = describeTargets(ids)
    var removal: LibraryRemoval?
    if unhide {
      let moving = library.collections.hidden.filter { targets.contains($0.id) }
      library.collections.hidden.removeAll { targets.contains($0.id) }
      putIntoLibrary(
        moving.map { asset in
          var asset = asset
          asset.isHidden = false
          return asset
        })
    } else {
      removal = takeOutOfLibrary(targets)
      for var asset in removal?.photos ?? [] {
        asset.isHidden = true
        Self.insertSorted(asset, into: &library.collections.hidden)
      }
    }
    // The photo that left is not looked for among a million (it is not there).
    libraryRegrouped(
      keeping: previous.flatMap { targets.contains($0) ? nil : $0 }, after: removal)
    message =
      unhide ? "\(what) back in the library" : "\(what) hidden · shown only in Albums › Hidden"
    return [.setHidden(fileIDs, !unhide)]
  }

  /// d: moves to Recently Deleted (marked photos after a confirmation); in Recently Deleted,
  /// asks before deleting for good.
  mutating func delete() -> [Effect] {
    if context == .albumList {
      message = "d deletes photos; D deletes the selected album"
      return []
    }
    let ids = actionTargets
    guard !ids.isEmpty else { return [] }
    let count = Self.photoCount(ids.count)
    if context == .album(.recentlyDeleted) {
      overlay = .confirm(
        Confirmation(
          purpose: .deleteForever(ids),
          question: ids.count == 1
            ? "Delete \(describeTargets(ids)) for good?" : "Delete \(count) for good?",
          detail: "The files are erased from the Trash. This cannot be undone."))
      return []
    }
    if ids.count > 1 {
      overlay = .confirm(
        Confirmation(
          purpose: .trash(ids), question: "Move \(count) to Recently Deleted?",
          detail: "They stay there for \(library.collections.retentionDays) days; r restores them.")
      )
      return []
    }
    return moveToTrash(ids)
  }

  /// Takes the photos out of every view at once and asks for the move to the Trash.
  mutating func moveToTrash(_ ids: [AssetID]) -> [Effect] {
    let targets = Set(ids)
    let previous = selectedAsset?.id
    let removal = takeOutOfLibrary(targets)
    let moving = removal.photos + library.collections.hidden.filter { targets.contains($0.id) }
    guard !moving.isEmpty else { return [] }
    // A RAW+JPEG pair or a Live Photo is one photo: its RAW file or movie goes to the Trash
    // with it (and comes back with an undo), listed there under its own name.
    let companions = moving.flatMap { asset in
      asset.companions.map { companion -> Asset in
        var file = asset
        file.id = companion.id
        file.path = companion.path
        file.byteSize = companion.byteSize
        file.format = companion.format
        file.duration = companion.duration
        file.rawCompanion = nil
        file.liveMovie = nil
        return file
      }
    }
    let files = moving + companions
    let what = ids.count == 1 ? moving[0].fileName : Self.photoCount(moving.count)
    marks.ids = []
    library.collections.hidden.removeAll { targets.contains($0.id) }
    let now = library.collections.now
    library.collections.trashed += files.map {
      TrashedPhoto(asset: $0, originalPath: $0.path, deletedAt: now)
    }
    library.undoableTrash = files.map(\.id)
    library.undoableMerge = nil
    library.undoableRotation = [:]
    library.undoableDateShift = nil
    library.undoableTagEdit = nil
    libraryRegrouped(
      keeping: previous.flatMap { targets.contains($0) ? nil : $0 }, after: removal)
    message = "\(what) moved to Recently Deleted · u undo"
    return [.moveToTrash(files.map(\.id))]
  }

  /// r in Recently Deleted (and u after a delete): puts the photos back in the library.
  mutating func restore(_ ids: [AssetID]) -> [Effect] {
    // A photo comes back with its RAW or movie, which the Trash lists apart.
    let targets = Set(trashedWithCompanions(ids))
    let restoring = library.collections.trashed.filter { targets.contains($0.asset.id) }
    guard !restoring.isEmpty else { return [] }
    library.collections.trashed.removeAll { targets.contains($0.asset.id) }
    // A companion is part of its photo again, not an item of its own.
    let shown = Self.paired(
      restoring.map { item in
        var asset = item.asset
        asset.path = item.originalPath
        asset.rawCompanion = nil
        asset.liveMovie = nil
        return asset
      })
    let previous = selectedAsset?.id
    for asset in shown where asset.isHidden {
      Self.insertSorted(asset, into: &library.collections.hidden)
    }
    // Into the timeline by position (a pass over the days for a few photos, not a regroup
    // of every photo: `u` after a delete at a million photos).
    let joined = shown.filter { !$0.isHidden }
    putIntoLibrary(joined)
    marks.ids = []
    library.undoableTrash = []
    // The cards from the photos that came back, unless some went back among the hidden
    // (then every card is counted again).
    libraryRegrouped(
      keeping: previous, after: nil, joined: joined.count == shown.count ? joined : [])
    let what = shown.count == 1 ? shown[0].fileName : Self.photoCount(shown.count)
    message = "\(what) restored"
    return [.restoreFromTrash(restoring.map(\.asset.id))]
  }

  /// Answers a confirmation.
  mutating func answer(_ yes: Bool) -> [Effect] {
    guard case .confirm(let confirmation)? = overlay else { return [] }
    overlay = nil
    guard yes else {
      message = nil
      if case .importPhotos = confirmation.purpose { declineImport() }
      return []
    }
    switch confirmation.purpose {
    case .trash(let ids):
      return moveToTrash(ids)
    case .deleteForever(let ids):
      let ids = trashedWithCompanions(ids)
      let targets = Set(ids)
      library.collections.trashed.removeAll { targets.contains($0.asset.id) }
      marks.ids = []
      libraryChanged(timelineToo: false)
      message = "\(Self.photoCount(ids.count)) deleted for good"
      return [.deleteForever(ids)]
    case .deleteAlbum(let id):
      return deleteAlbumConfirmed(id)
    case .importPhotos(let job):
      return startImport(job)
    case .merge(let keeper, let others):
      return mergeConfirmed(keeper: keeper, others: others)
    }
  }

  /// v: marks or unmarks the selected photo.
  mutating func toggleMark() {
    guard let id = selectedAsset?.id, context != .albumList else { return }
    if marks.ids.contains(id) { marks.ids.remove(id) } else { marks.ids.insert(id) }
    marks.anchor = id
    message =
      marks.ids.isEmpty
      ? nil : "\(Self.photoCount(marks.ids.count)) marked · d f a H act on them · Esc clears"
  }

  /// V: marks every photo from the last mark to the selection.
  mutating func markRange() {
    guard let id = selectedAsset?.id, context != .albumList else { return }
    let anchorIndex =
      marks.anchor.flatMap { anchor in assets.firstIndex(ofID: anchor) } ?? selectedIndex
    let range = min(anchorIndex, selectedIndex)...max(anchorIndex, selectedIndex)
    for i in range { marks.ids.insert(assets[i].id) }
    marks.anchor = id
    message = "\(Self.photoCount(marks.ids.count)) marked · d f a H act on them · Esc clears"
  }

  /// Inserts `asset` where the catalog's order (capture time, then path) puts it.
  @discardableResult
  static func insertSorted(_ asset: Asset, into list: inout [Asset]) -> Int {
    let position = PhotoPositions.insertionPoint(of: asset, in: list)
    list.insert(asset, at: position)
    return position
  }
}

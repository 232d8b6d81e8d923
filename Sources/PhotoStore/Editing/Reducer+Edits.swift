import PhotoModel

extension Reducer {
  /// f, H, d, r and u: changes to the selected (or marked) photos.
  static func reduceEdit(_ state: inout AppState, _ edit: EditAction) -> [Effect] {
    switch edit {
    case .toggleFavorite:
      guard state.context != .albumList else { return [] }
      return state.toggleFavorite()

    case .toggleHidden:
      guard state.context != .albumList else { return [] }
      return state.toggleHidden()

    case .delete:
      return state.delete()

    case .restore:
      guard state.context == .album(.recentlyDeleted) else {
        state.message = "r restores photos in Albums › Recently Deleted"
        return []
      }
      return state.restore(state.actionTargets)

    case .export:
      guard state.context != .albumList, state.context != .album(.recentlyDeleted) else {
        return []
      }
      state.openExportPrompt()
      return []

    case .undo where state.library.undoableTagEdit != nil:
      return state.undoTagEdit()

    case .tag, .rate:
      guard state.context != .albumList, state.context != .album(.recentlyDeleted) else {
        return []
      }
      if edit == .tag { state.openTagPrompt() } else { state.openRatingPrompt() }
      return []

    case .caption:
      guard state.context != .albumList, state.context != .album(.recentlyDeleted) else {
        return []
      }
      return state.openCaptionPrompt()

    case .undo where state.library.undoableMerge != nil:
      return state.undoMerge()

    case .undo where !state.library.undoableRotation.isEmpty:
      return state.undoRotation()

    case .undo where state.library.undoableDateShift != nil:
      return state.undoDateShift()

    case .adjustDates:
      guard state.context != .albumList, state.context != .album(.recentlyDeleted) else {
        return []
      }
      state.openDatePrompt()
      return []

    case .rotate(let clockwise):
      guard state.context != .albumList, state.context != .album(.recentlyDeleted) else {
        return []
      }
      return state.rotate(by: clockwise ? 1 : -1)

    case .undo:
      guard !state.library.undoableTrash.isEmpty else {
        state.message = "Nothing to undo"
        return []
      }
      return state.restore(state.library.undoableTrash)

    case .copyPath, .copyMarkedPaths:
      guard state.context != .albumList, let selected = state.selectedAsset else { return [] }
      let ids = Set(edit == .copyPath ? [selected.id] : state.actionTargets)
      let copied = state.assets.filter { ids.contains($0.id) }
      guard let first = copied.first else { return [] }
      let paths = copied.map(\.path)
      state.message =
        paths.count == 1 ? "Copied the path of \(first.fileName)" : "Copied \(paths.count) paths"
      return [.copyToClipboard(paths.joined(separator: "\n"))]

    case .openExternally(let folder):
      // A trashed photo's path is where it was, not where it is: nothing to open there.
      guard state.context != .albumList, state.context != .album(.recentlyDeleted),
        let selected = state.selectedAsset
      else { return [] }
      return [.openExternally(path: folder ? Self.folder(of: selected.path) : selected.path)]
    }
  }

  /// The folder that holds `path` ("/" for a file at the root).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// n, R, D, a and x: making and changing albums; M: the memories.
  static func reduceAlbum(_ state: inout AppState, _ album: AlbumAction) -> [Effect] {
    switch album {
    case .new: state.newAlbum()
    case .rename: state.renameAlbum()
    case .delete: state.deleteAlbum()
    case .addPhotos: state.openAlbumPicker()
    case .removePhotos: return state.removeFromAlbum()
    case .showMemories: state.showMemories()
    }
    return []
  }
}

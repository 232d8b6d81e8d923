import PhotoModel

extension AppState {
  /// m in the Duplicates album: asks before merging the selected photo's group into its
  /// keeper (the first of the group: the suggestion, or the photo picked with K).
  mutating func askToMerge() {
    guard context == .album(.duplicates),
      let group = duplicates.layout.group(ofIndex: selectedIndex)
    else {
      message = "J merges a group of the Duplicates album"
      return
    }
    let members = Array(assets[duplicates.layout.members(ofGroup: group)])
    guard let keeper = members.first, members.count > 1 else { return }
    let others = members.dropFirst()
    let them = others.count == 1 ? "The other one goes" : "The other \(others.count) go"
    overlay = .confirm(
      Confirmation(
        purpose: .merge(keeper: keeper.id, others: others.map(\.id)),
        question: "Merge \(Self.photoCount(members.count)) into \(keeper.fileName)?",
        // Hidden moves too, but a hidden photo is in no group shown: the line fits 100 columns.
        detail: "\(them) to Recently Deleted; favorites, albums, turns and tags go to the "
          + "keeper."))
  }

  /// The merge confirmed: the others leave every view at once (to Recently Deleted, with
  /// their RAW files and movies), and the runner journals the merge, writes the others'
  /// tags into the keeper's sidecar and moves the files; the keeper's new state (its tags
  /// too) comes with the library it reloads.
  mutating func mergeConfirmed(keeper: AssetID, others: [AssetID]) -> [Effect] {
    let name = asset(withID: keeper)?.fileName ?? "the keeper"
    // Read before the others leave the library (their RAW files' and movies' tags too).
    let companions = others.compactMap { asset(withID: $0) }.flatMap { $0.companions.map(\.id) }
    let keeperTags = keeperTagJob(keeper: keeper, others: others + companions)
    guard case .moveToTrash(let files)? = moveToTrash(others).first else { return [] }
    library.undoableTrash = []
    library.undoableMerge = MergeUndo(keeper: keeper, others: files)
    library.undoableTagEdit = nil
    message = "Merged \(Self.photoCount(others.count + 1)) into \(name) · u undo"
    return [.mergeDuplicates(keeper: keeper, others: files, keeperTags: keeperTags)]
  }

  /// u after a merge: the others back from Recently Deleted, the keeper as it was.
  mutating func undoMerge() -> [Effect] {
    guard let merge = library.undoableMerge else { return [] }
    library.undoableMerge = nil
    guard case .restoreFromTrash? = restore(merge.others).first else {
      message = "Nothing to undo"
      return []
    }
    message = "Merge undone · \(Self.photoCount(merge.others.count)) back from Recently Deleted"
    return [.undoMerge(keeper: merge.keeper, others: merge.others)]
  }
}

import PhotoModel

extension AppState {
  /// What a merge writes into the keeper's sidecar, from the others' (and their RAW files'
  /// and movies') tags, ratings and labels as the state has them: every tag of theirs the
  /// keeper lacks (its own stay); when the keeper has no rating, the others' best stars (a
  /// reject is no rating: a rejected copy does not reject the keeper); when it has no
  /// label, the first other's. Nil when nothing would change (no sidecar made for nothing).
  func keeperTagJob(keeper: AssetID, others: [AssetID]) -> TagEditJob? {
    guard let kept = asset(withID: keeper) else { return nil }
    let tags = library.tags
    var have = Set(tags.tags(of: keeper))
    var add: [[String]] = []
    for other in others {
      for path in tags.tags(of: other) where have.insert(path).inserted { add.append(path) }
    }
    var rating: Int?
    if kept.rating == 0 {
      rating = others.compactMap { asset(withID: $0)?.rating }.filter { $0 > 0 }.max()
    }
    var label: String?
    if tags.label(of: keeper) == nil {
      label = others.lazy.compactMap { tags.label(of: $0) }.first
    }
    guard !add.isEmpty || rating != nil || label != nil else { return nil }
    return TagEditJob(
      ids: [keeper], paths: [kept.path], addTags: add, rating: rating, label: label)
  }
}

import PhotoModel

/// RAW+JPEG pairs and Live Photos: one item on screen, two files in the catalog and the
/// Trash. Every change to the item must reach both files.
extension AppState {
  /// `ids` followed by the ids of their companion files (a RAW, a Live Photo's movie), which
  /// the catalog keeps as photos of their own: what a change to the photos must reach.
  func withCompanions(_ ids: [AssetID]) -> [AssetID] {
    let given = Set(ids)
    // Found in one pass over the library for many ids (a search for each of 10,000 marked
    // photos read the library 10,000 times); the selected photo or a trashed one by id.
    var found: [AssetID: Asset] = [:]
    if ids.count > 1 {
      for asset in libraryPhotos(withIDs: given) { found[asset.id] = asset }
    }
    let companions = ids.flatMap { id in
      (found[id] ?? asset(withID: id))?.companions.map(\.id) ?? []
    }
    return ids + companions.filter { !given.contains($0) }
  }

  /// `ids` of trashed files followed by the files they were one item with. The Trash lists
  /// each file on its own (as the catalog gives it), so the pairs are found again from the
  /// original paths, by the library's own rules; either file of a pair brings the other.
  func trashedWithCompanions(_ ids: [AssetID]) -> [AssetID] {
    let given = Set(ids)
    let pairs = Self.paired(
      library.collections.trashed.map { item in
        var asset = item.asset
        asset.path = item.originalPath
        asset.rawCompanion = nil
        asset.liveMovie = nil
        return asset
      }
    ).filter { !$0.companions.isEmpty }
    var result = ids
    var seen = given
    for pair in pairs {
      let files = [pair.id] + pair.companions.map(\.id)
      guard files.contains(where: given.contains) else { continue }
      for id in files where !seen.contains(id) {
        seen.insert(id)
        result.append(id)
      }
    }
    return result
  }

  /// RAW+JPEG pairs, then Live Photos, joined as the library joins them when it loads.
  static func paired(_ assets: [Asset]) -> [Asset] {
    LivePairing.pair(RAWPairing.pair(assets))
  }
}

import PhotoModel

/// How many photos each smart album (Favorites, Imports, the media types) holds and which is
/// its cover (the last in library order, as `AppState.members(of:)` lists them), counted in
/// one pass over the library without copying any photo.
struct SmartAlbumTally {
  private var counts: [AlbumRef: Int] = [:]
  private var covers: [AlbumRef: Asset] = [:]

  init(_ assets: [Asset], importsSince: Int64) {
    var favorites = 0
    var imports = 0
    var types = [Int](repeating: 0, count: MediaType.allCases.count)
    var favoriteCover: Int?
    var importCover: Int?
    var typeCovers = [Int?](repeating: nil, count: MediaType.allCases.count)
    for (i, asset) in assets.enumerated() {
      if asset.isFavorite {
        favorites += 1
        favoriteCover = i
      }
      if asset.addedAt >= importsSince {
        imports += 1
        importCover = i
      }
      for (t, type) in MediaType.allCases.enumerated() where type.contains(asset) {
        types[t] += 1
        typeCovers[t] = i
      }
    }
    counts[.favorites] = favorites
    covers[.favorites] = favoriteCover.map { assets[$0] }
    counts[.imports] = imports
    covers[.imports] = importCover.map { assets[$0] }
    for (t, type) in MediaType.allCases.enumerated() {
      counts[.mediaType(type)] = types[t]
      covers[.mediaType(type)] = typeCovers[t].map { assets[$0] }
    }
  }

  /// The album list's entry for `ref` (a smart album counted here).
  func entry(_ ref: AlbumRef, title: String) -> AlbumEntry {
    AlbumEntry(ref: ref, title: title, count: counts[ref] ?? 0, cover: covers[ref])
  }
}

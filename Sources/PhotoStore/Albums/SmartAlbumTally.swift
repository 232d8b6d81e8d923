import PhotoModel

/// How many photos each smart album (Favorites, Imports, the media types, Places) holds and
/// which is its cover (the last in library order, as `AppState.members(of:)` lists them),
/// counted in one pass over the library without copying any photo.
struct SmartAlbumTally {
  private var counts: [AlbumRef: Int] = [:]
  private var covers: [AlbumRef: Asset] = [:]

  init(_ assets: [Asset], importsSince: Int64) {
    var favorites = 0
    var imports = 0
    var placed = 0
    var placeCover: Int?
    var types = [Int](repeating: 0, count: MediaType.allCases.count)
    var favoriteCover: Int?
    var importCover: Int?
    var typeCovers = [Int?](repeating: nil, count: MediaType.allCases.count)
    let bits = MediaType.allCases.map(\.bit)
    // Fields read through the buffer: a photo taken out as a value was copied (a retain and
    // a release of its path and details each), which was most of a favorite's 30 ms at a
    // million photos (perf, `lightbox-bench ui --photos 1000000`).
    assets.withUnsafeBufferPointer { buffer in
      for i in buffer.indices {
        if buffer[i].isFavorite {
          favorites += 1
          favoriteCover = i
        }
        if buffer[i].addedAt >= importsSince {
          imports += 1
          importCover = i
        }
        if buffer[i].placeSlot != 0 {
          placed += 1
          placeCover = i
        }
        let typeBits = buffer[i].mediaTypeBits
        guard typeBits != 0 else { continue }
        for t in bits.indices where typeBits & bits[t] != 0 {
          types[t] += 1
          typeCovers[t] = i
        }
      }
    }
    counts[.favorites] = favorites
    covers[.favorites] = favoriteCover.map { assets[$0] }
    counts[.imports] = imports
    covers[.imports] = importCover.map { assets[$0] }
    counts[.place(.all)] = placed
    covers[.place(.all)] = placeCover.map { assets[$0] }
    for (t, type) in MediaType.allCases.enumerated() {
      counts[.mediaType(type)] = types[t]
      covers[.mediaType(type)] = typeCovers[t].map { assets[$0] }
    }
  }

  /// The album list's entry for `ref` (a smart album counted here).
  func entry(_ ref: AlbumRef, title: String) -> AlbumEntry {
    AlbumEntry(ref: ref, title: title, count: counts[ref] ?? 0, cover: covers[ref])
  }

  /// True when `asset` belongs to the smart album `ref` (nil: `ref` is not counted here).
  static func contains(_ ref: AlbumRef, _ asset: Asset, importsSince: Int64) -> Bool? {
    guard counts(ref) else { return nil }
    // The one rule, read in place (below) for a photo of a list as for a single one.
    return withUnsafePointer(to: asset) {
      contains(ref, UnsafeBufferPointer(start: $0, count: 1), at: 0, importsSince: importsSince)
    }
  }

  /// True for the albums counted here.
  static func counts(_ ref: AlbumRef) -> Bool {
    switch ref {
    case .favorites, .imports, .mediaType, .place, .worldMap, .mapCluster: return true
    case .recents, .user, .hidden, .recentlyDeleted, .memory, .duplicates, .bursts, .tag,
      .people, .person:
      return false
    }
  }

  /// `contains` for the photo at `index` of `buffer`, read in place (no photo copied).
  static func contains(
    _ ref: AlbumRef, _ buffer: UnsafeBufferPointer<Asset>, at index: Int, importsSince: Int64
  ) -> Bool {
    switch ref {
    case .favorites: return buffer[index].isFavorite
    case .imports: return buffer[index].addedAt >= importsSince
    case .mediaType(let type): return buffer[index].mediaTypeBits & type.bit != 0
    case .place(let path):
      let slot = buffer[index].placeSlot
      return slot != 0 && (path.level == 0 || path.contains(PhotoPlace.place(slot: slot)))
    case .worldMap: return buffer[index].placeSlot != 0
    case .mapCluster(let selection):
      let slot = buffer[index].placeSlot
      return slot != 0 && selection.slots.contains(slot)
    case .recents, .user, .hidden, .recentlyDeleted, .memory, .duplicates, .bursts, .tag,
      .people, .person:
      return false
    }
  }
}

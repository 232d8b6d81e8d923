import PhotoModel

@testable import PhotoStore

/// What the exhaustive reducer tests expect, stated independently of the reducer: the
/// requests it should make for a photo and the Albums tab's cards for a library.
enum Expected {
  /// The key of `asset`'s picture at `size` (carrying the photo's turn, as every key does).
  static func key(_ asset: Asset, _ size: PixelSize, _ fit: ImageFit = .fill) -> ImageKey {
    ImageKey(asset: asset.id, size: size, fit: fit, rotation: asset.userRotation)
  }

  /// A request for `asset` at `size`: a tile or card fills its box from a fast decode, a
  /// detail photo (`.fit`) is made at its best quality.
  static func request(
    _ asset: Asset, _ size: PixelSize, _ fit: ImageFit = .fill,
    _ priority: ImagePriority = .visible
  ) -> ImageRequest {
    ImageRequest(
      key: key(asset, size, fit), path: asset.path, format: asset.format,
      orientation: asset.orientation, priority: priority, bestQuality: fit == .fit,
      exifThumbnail: asset.exifThumbnail, storedSize: asset.storedPixelSize)
  }

  /// The Albums tab's cards: Recents and Favorites, the user albums, the media types that
  /// have photos, then Imports (everything added since `importsSince`; the clock at 0 makes
  /// that every photo), Hidden and Recently Deleted. Each card's cover is its newest photo.
  static func albumEntries(
    library: [Asset], albums: [Album] = [], hidden: [Asset] = [], trashed: [Asset] = [],
    importsSince: Int64 = -30 * 86_400
  ) -> [AlbumEntry] {
    func entry(_ ref: AlbumRef, _ title: String, _ members: [Asset]) -> AlbumEntry {
      AlbumEntry(ref: ref, title: title, count: members.count, cover: members.last)
    }
    var list = [
      entry(.recents, "Recents", library),
      entry(.favorites, "Favorites", library.filter(\.isFavorite)),
    ]
    for album in albums {
      list.append(
        entry(.user(album.id), album.name, library.filter { album.assetIDs.contains($0.id) }))
    }
    for type in MediaType.allCases {
      let members = library.filter(type.contains)
      if !members.isEmpty { list.append(entry(.mediaType(type), type.title, members)) }
    }
    return list + [
      entry(.imports, "Imports", library.filter { $0.addedAt >= importsSince }),
      entry(.hidden, "Hidden", hidden),
      entry(.recentlyDeleted, "Recently Deleted", trashed),
    ]
  }

  /// The Albums tab's layout of `entries`: 20×8 cards with a label row, in rows 10 tall,
  /// `columns` cards wide (3 at 80 columns, 4 at 100).
  static func albumsLayout(_ entries: [AlbumEntry], columns: Int) -> AlbumsLayout {
    AlbumsLayout(albums: entries, columns: columns, rowHeight: 10)
  }
}

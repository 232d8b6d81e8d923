import PhotoModel

/// Which album a grid of the Albums tab shows: a built-in one or a user album.
public enum AlbumRef: Hashable, Sendable {
  /// Every photo of the library.
  case recents
  case favorites
  case user(AlbumID)
  case mediaType(MediaType)
  /// Photos the library first saw in the last 30 days.
  case imports
  case hidden
  case recentlyDeleted
  /// "On This Day": the photos of this week in an earlier `year` (`AlbumsState.memories`).
  case memory(year: Int)
  /// A level of the Places collection (`PlacePath.all`: its card among the albums).
  case place(PlacePath)
  /// A node of the Tags collection (`TagPath.all`: its card among the albums).
  case tag(TagPath)
  /// The People collection's card among the albums (Enter lists the people).
  case people
  /// The photos of one person named in XMP face regions.
  case person(String)
  /// Copies of one picture (exact and similar), a group to a row (`DuplicatesState`).
  case duplicates
  /// One camera's near-identical frames seconds apart, listed apart from the duplicates.
  case bursts
  /// The world map's card at the top of Places (Enter shows the map).
  case worldMap
  /// A cluster of the world map opened as a grid.
  case mapCluster(MapSelection)

  /// Built-in albums cannot be renamed or deleted, and photos are not added to them by hand.
  public var isBuiltIn: Bool {
    if case .user = self { return false }
    return true
  }

  /// False for a grid opened from outside the albums' cards (a cluster of the world map):
  /// the albums' list never holds it, so its absence there does not mean it went away.
  public var isListed: Bool {
    if case .mapCluster = self { return false }
    return true
  }

  /// The section of the Albums tab it is listed in.
  public var section: AlbumSection {
    switch self {
    case .recents, .favorites, .user: return .myAlbums
    case .mediaType: return .mediaTypes
    case .imports, .duplicates, .bursts, .hidden, .recentlyDeleted: return .utilities
    case .memory: return .memories
    case .place(let path):
      return [.places, .countries, .regions, .towns][min(path.level, 3)]
    case .worldMap, .mapCluster: return .places
    case .tag: return .tags
    case .people, .person: return .people
    }
  }

  /// Names user albums may not take (case-insensitive).
  public static let reservedNames = [
    "Recents", "Favorites", "Imports", "Duplicates", "Bursts", "Hidden", "Recently Deleted",
  ]
}

/// The sections of the Albums tab (Memories only on a day that has some), and of the Places
/// collection's levels.
public enum AlbumSection: Int, Hashable, Sendable, CaseIterable {
  case memories, myAlbums, places, mediaTypes, utilities, countries, regions, towns, tags, people

  /// The section header.
  public var title: String {
    switch self {
    case .memories: return "On This Day"
    case .myAlbums: return "My Albums"
    case .mediaTypes: return "Media Types"
    case .utilities: return "Utilities"
    case .places: return "Places"
    case .countries: return "Countries"
    case .regions: return "Regions"
    case .towns: return "Towns"
    case .tags: return "Tags"
    case .people: return "People"
    }
  }
}

/// One card of the Albums tab.
public struct AlbumEntry: Hashable, Sendable {
  public var ref: AlbumRef
  public var title: String
  public var count: Int
  /// The newest photo, drawn as the cover.
  public var cover: Asset?
  /// The part of the cover drawn (a person's face), nil for the whole photo.
  public var coverCrop: FaceArea?

  public init(
    ref: AlbumRef, title: String, count: Int, cover: Asset?, coverCrop: FaceArea? = nil
  ) {
    self.ref = ref
    self.title = title
    self.count = count
    self.cover = cover
    self.coverCrop = coverCrop
  }
}

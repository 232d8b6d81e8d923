import PhotoModel

/// The Albums tab: its cards, the selected one, and the album open as a grid.
public struct AlbumsState: Hashable, Sendable {
  /// The cards, in section order.
  public var entries: [AlbumEntry]
  /// The cards laid out for the current width.
  public var layout: AlbumsLayout
  /// Index into `entries` of the selected card.
  public var cursor: Int
  /// First visible entry.
  public var topEntry: Int
  /// The album shown as a grid (nil: the list of albums).
  public var open: AlbumRef?
  /// Today's memories, the most recent year first (their cards lead the list).
  public var memories: [Memory]
  /// The level of the Places collection the list shows (its places as cards), or nil: the
  /// albums.
  public var placePath: PlacePath?
  /// The level of the Tags collection the list shows (its tags as cards), or nil: the
  /// albums.
  public var tagPath: TagPath?
  /// True while the list shows the People collection's people as cards.
  public var showsPeople = false

  /// No albums yet, the list shown.
  public init() {
    entries = []
    layout = AlbumsLayout()
    cursor = 0
    topEntry = 0
    open = nil
    memories = []
    placePath = nil
    tagPath = nil
  }
}

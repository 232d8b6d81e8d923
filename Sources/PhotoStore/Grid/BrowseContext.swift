import PhotoModel

/// A grid the user can be in; each remembers where it was left.
public enum BrowseContext: Hashable, Sendable {
  /// The Library tab's timeline.
  case library
  /// The Albums tab's list of albums.
  case albumList
  /// An album opened from the Albums tab.
  case album(AlbumRef)
  /// The Search tab's results.
  case search
}

/// Where a grid was left.
public struct SavedPosition: Hashable, Sendable {
  public var selected: AssetID?
  public var topRow: Int

  public init(selected: AssetID?, topRow: Int) {
    self.selected = selected
    self.topRow = topRow
  }
}

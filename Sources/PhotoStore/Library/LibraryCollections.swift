import PhotoModel

/// What the Albums tab needs beyond the timeline: user albums, hidden and trashed photos,
/// and the clock (the reducer has none) for "N days left", Imports and "yesterday".
public struct LibraryCollections: Hashable, Sendable {
  /// User albums, sorted by name.
  public var albums: [Album]
  /// Hidden photos (not trashed), oldest first.
  public var hidden: [Asset]
  /// The library's photos in the Trash, oldest deletion first.
  public var trashed: [TrashedPhoto]
  /// Now, seconds since the epoch.
  public var now: Int64
  /// The local time zone's offset from UTC now, in seconds (for "today").
  public var utcOffsetSeconds: Int
  /// Days a deleted photo stays in Recently Deleted.
  public var retentionDays: Int

  public init(
    albums: [Album] = [], hidden: [Asset] = [], trashed: [TrashedPhoto] = [], now: Int64 = 0,
    utcOffsetSeconds: Int = 0, retentionDays: Int = 30
  ) {
    self.albums = albums
    self.hidden = hidden
    self.trashed = trashed
    self.now = now
    self.utcOffsetSeconds = utcOffsetSeconds
    self.retentionDays = retentionDays
  }
}

/// One "On This Day" memory: the photos an earlier year holds within a few days of today's
/// date, as Apple Photos' and Immich's memories show them.
public struct Memory: Hashable, Sendable {
  /// The year the photos were taken in (the year of the window's middle day).
  public var year: Int
  /// How many years before today's year.
  public var yearsAgo: Int
  /// The first and the last photo's local day (days since 1970-01-01).
  public var firstDay: Int
  public var lastDay: Int
  /// The photos, oldest first.
  public var assetIDs: [AssetID]
  /// The photo drawn as the memory's cover.
  public var cover: AssetID
  /// Where most of its photos with a place were taken (the town, or the city it belongs to),
  /// when any has a place.
  public var place: String?

  public init(
    year: Int, yearsAgo: Int, firstDay: Int, lastDay: Int, assetIDs: [AssetID], cover: AssetID,
    place: String? = nil
  ) {
    self.place = place
    self.year = year
    self.yearsAgo = yearsAgo
    self.firstDay = firstDay
    self.lastDay = lastDay
    self.assetIDs = assetIDs
    self.cover = cover
  }
}

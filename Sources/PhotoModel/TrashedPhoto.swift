/// A library photo in the freedesktop Trash: what Recently Deleted lists.
public struct TrashedPhoto: Hashable, Sendable {
  /// The photo as the catalog keeps it; `asset.path` is where the file is now (inside the
  /// Trash's `files/`), so its thumbnail can still be drawn.
  public var asset: Asset
  /// Where it was before deletion, and where a restore puts it back.
  public var originalPath: String
  /// When it was moved to the Trash, seconds since the epoch.
  public var deletedAt: Int64

  public init(asset: Asset, originalPath: String, deletedAt: Int64) {
    self.asset = asset
    self.originalPath = originalPath
    self.deletedAt = deletedAt
  }

  /// Whole days left before the purge, counted from `now` with `retentionDays` in all.
  public func daysLeft(now: Int64, retentionDays: Int) -> Int {
    let elapsed = max(0, now - deletedAt) / 86_400
    return max(0, retentionDays - Int(elapsed))
  }
}

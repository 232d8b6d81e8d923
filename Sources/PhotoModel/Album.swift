/// A user album: a name and the photos in it. Many-to-many: a photo is stored once and may be
/// in any number of albums; removing it from an album does not delete it.
public struct Album: Hashable, Sendable, Identifiable {
  public var id: AlbumID
  public var name: String
  /// When it was made, seconds since the epoch.
  public var createdAt: Int64
  /// Its photos, in the order they were added (trashed photos stay members, so a restore
  /// brings them back).
  public var assetIDs: [AssetID]

  public init(id: AlbumID, name: String, createdAt: Int64, assetIDs: [AssetID]) {
    self.id = id
    self.name = name
    self.createdAt = createdAt
    self.assetIDs = assetIDs
  }
}

import PhotoModel

/// One merge in the catalog's journal (`Catalog.beginMerge`): who kept what, and what the
/// keeper had before, so that the merge can be finished after a kill or undone.
public struct MergeRecord: Sendable, Equatable {
  public var id: Int64
  public var keeper: AssetID
  /// The photos merged into the keeper (to the Trash).
  public var others: [AssetID]
  public var keeperFavorite: Bool
  public var keeperHidden: Bool
  public var keeperRotation: Int
  /// The albums the merge put the keeper in (it was not in them before).
  public var addedAlbums: [AlbumID]
  /// True once every other is in the Trash.
  public var done: Bool
  /// The keeper's sidecar edit, nil when the merge changes no tag, rating or label.
  public var sidecar: MergeSidecarEdit? = nil
}

import PhotoModel

/// A group of photos as the catalog keeps it between runs: the duplicate finder's groups
/// and bursts (the browser's Duplicates and Bursts albums), keeper first.
public struct StoredPhotoGroup: Sendable, Equatable {
  /// What the group is.
  public enum Kind: String, Sendable {
    case exact = "e"
    case similar = "s"
    case burst = "b"
  }

  public var kind: Kind
  /// The members, keeper (or first frame) first.
  public var members: [AssetID]
  /// A burst's frame the keeper rule picks (its cover), when there is one.
  public var keeper: AssetID?

  public init(kind: Kind, members: [AssetID], keeper: AssetID? = nil) {
    self.kind = kind
    self.members = members
    self.keeper = keeper
  }
}

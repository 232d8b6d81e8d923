import PhotoModel

/// One group the duplicate finder posted: copies of one picture (the suggested keeper
/// first), or one burst's frames in time order.
public struct PhotoGroup: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable {
    /// The same image data (metadata may differ).
    case exact
    /// The same picture re-encoded, resized, cropped or retouched.
    case similar
    /// One camera's near-identical frames seconds apart: never a duplicate.
    case burst
  }

  public var kind: Kind
  /// The photos, the suggested keeper (or a burst's first frame) first.
  public var members: [AssetID]
  /// A burst's frame the keeper rule picks (the highest resolution, then the original over
  /// a re-encode, then the most metadata, then the oldest), which its stack shows unless a
  /// frame is a favorite; nil for copies (their keeper is their first member) or when not
  /// known.
  public var keeper: AssetID?

  public init(kind: Kind, members: [AssetID], keeper: AssetID? = nil) {
    self.kind = kind
    self.members = members
    self.keeper = keeper
  }
}

import PhotoModel

/// The photos marked with v / V, on which d, f, a and H act together.
public struct MarkState: Hashable, Sendable {
  /// The marked photos.
  public var ids: Set<AssetID>
  /// Where V starts its range.
  public var anchor: AssetID?

  /// Nothing marked.
  public init() {
    ids = []
    anchor = nil
  }
}

/// What `DuplicateFinder` found among a list of photos, as indices into that list.
public struct DuplicateReport: Sendable, Equatable {
  /// One group of copies of a picture, the suggested keeper first.
  public struct Group: Sendable, Equatable {
    public enum Kind: String, Sendable {
      /// The same image data (metadata may differ).
      case exact
      /// The same picture re-encoded, resized, cropped or retouched (some members may be
      /// exact copies of each other).
      case similar
    }

    public var kind: Kind
    public var members: [Int]

    public init(kind: Kind, members: [Int]) {
      self.kind = kind
      self.members = members
    }
  }

  public var groups: [Group]
  /// Bursts (one camera's near-identical frames seconds apart), in time order: listed apart,
  /// never a duplicate group.
  public var bursts: [[Int]]

  public init(groups: [Group], bursts: [[Int]]) {
    self.groups = groups
    self.bursts = bursts
  }
}

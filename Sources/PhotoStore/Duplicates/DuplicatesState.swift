import PhotoModel

/// What the Duplicates and Bursts albums show: the groups the background hashing found,
/// its progress, the keepers the user picked, and the review's row layout.
public struct DuplicatesState: Hashable, Sendable {
  /// Copies of one picture (exact and similar), the suggested keeper first.
  public var groups: [PhotoGroup]
  /// Bursts, listed apart.
  public var bursts: [PhotoGroup]
  /// Hashing's progress while it runs (`done` of `total` photos), nil otherwise.
  public var hashing: HashProgress?
  /// Photos the user picked as their group's keeper (K), over the suggestion.
  public var chosenKeepers: Set<AssetID>
  /// The open Duplicates or Bursts album as rows of tiles (each group starts a row).
  public var layout: GroupLayout

  /// Nothing found yet.
  public init() {
    groups = []
    bursts = []
    hashing = nil
    chosenKeepers = []
    layout = GroupLayout()
  }

  /// Hashing's progress.
  public struct HashProgress: Hashable, Sendable {
    public var done: Int
    public var total: Int

    public init(done: Int, total: Int) {
      self.done = done
      self.total = total
    }
  }
}

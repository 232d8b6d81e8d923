import PhotoModel

/// What `u` needs to take a merge back: its keeper and the files it sent to the Trash
/// (the others and their RAW files or movies).
public struct MergeUndo: Hashable, Sendable {
  public var keeper: AssetID
  public var others: [AssetID]

  public init(keeper: AssetID, others: [AssetID]) {
    self.keeper = keeper
    self.others = others
  }
}

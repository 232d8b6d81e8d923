import PhotoModel

/// One photo of a card as the import view shows it: its front file, whether it is new, and
/// what travels with it.
public struct ImportItem: Hashable, Sendable {
  /// The front file (the JPEG of a RAW+JPEG pair, the still of a Live Photo) read as the index
  /// reads it. Its id is negative, so its pictures are never taken for a library photo's.
  public var asset: Asset
  /// False when the library (same bytes) or the import ledger has it already: shown dimmed and
  /// never imported again.
  public var isNew: Bool
  /// The files that go with it (1 for a lone photo; its RAW, Live movie and sidecars add).
  public var fileCount: Int
  /// The bytes its new files take.
  public var bytes: Int64

  public init(asset: Asset, isNew: Bool, fileCount: Int = 1, bytes: Int64 = 0) {
    self.asset = asset
    self.isNew = isNew
    self.fileCount = fileCount
    self.bytes = bytes
  }

  /// The id an item at `index` of an offer gets: negative, unlike every catalog id.
  public static func assetID(index: Int) -> AssetID { AssetID(-1 - Int64(index)) }
}

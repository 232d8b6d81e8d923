/// An import the user said yes to: from which card, which photos, and whether the card's
/// copies go after.
public struct ImportJob: Hashable, Sendable {
  /// The card's name ("EOS_DIGITAL").
  public var name: String
  /// The folder read from (a card's `DCIM`).
  public var source: String
  /// The library folder written into.
  public var library: String
  /// The front files (source paths) of the photos to import; nil: every new one.
  public var fronts: Set<String>?
  /// Photos and bytes chosen (for the progress line until the import reports).
  public var count: Int
  public var bytes: Int64
  /// Delete each source file once its copy is verified (`--delete-after`).
  public var deleteAfter: Bool

  public init(
    name: String, source: String, library: String, fronts: Set<String>? = nil, count: Int,
    bytes: Int64, deleteAfter: Bool = false
  ) {
    self.name = name
    self.source = source
    self.library = library
    self.fronts = fronts
    self.count = count
    self.bytes = bytes
    self.deleteAfter = deleteAfter
  }

  /// Every new photo of `offer`, the card left as it is (I on an offer without a view).
  public init(offer: ImportOffer) {
    self.init(
      name: offer.name, source: offer.source, library: offer.library, count: offer.newCount,
      bytes: offer.bytes)
  }
}

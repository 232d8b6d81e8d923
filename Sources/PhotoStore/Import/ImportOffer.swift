/// New photos found on a camera card or in a folder to import from, and where they would go.
public struct ImportOffer: Hashable, Sendable {
  /// The volume's (or folder's) name, as the status line says it ("EOS_DIGITAL").
  public var name: String
  /// The folder the photos are read from (a card's `DCIM`).
  public var source: String
  /// The library folder they go into.
  public var library: String
  /// Photos not yet in the library (pairs and sidecars travel with their photo).
  public var newCount: Int
  /// Bytes to copy.
  public var bytes: Int64
  /// Every photo of the card, oldest first, new or not: the import view's grid.
  public var items: [ImportItem]

  public init(
    name: String, source: String, library: String, newCount: Int, bytes: Int64,
    items: [ImportItem] = []
  ) {
    self.name = name
    self.source = source
    self.library = library
    self.newCount = newCount
    self.bytes = bytes
    self.items = items
  }
}

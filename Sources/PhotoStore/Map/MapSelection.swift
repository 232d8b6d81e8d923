/// A map cluster opened as a grid (Enter on the map): its places and the name it is shown
/// under.
public struct MapSelection: Hashable, Sendable {
  /// The places' slots (`PhotoPlace.slot`), ascending.
  public var slots: [UInt32]
  /// "Paris, France", "Paris and 3 more places".
  public var title: String

  public init(slots: [UInt32], title: String) {
    self.slots = slots
    self.title = title
  }
}

/// Places near each other at the map's zoom, drawn as one marker with their photo count.
public struct MapCluster: Hashable, Sendable {
  /// The places' slots, ascending.
  public var slots: [UInt32]
  /// Photos taken in them.
  public var count: Int
  /// The photo-weighted centre of the places, in degrees.
  public var latitude: Double
  public var longitude: Double
  /// The slot of its place with the most photos (ties: the lowest slot): what it is named
  /// after, and what zooming keeps selected.
  public var largest: UInt32

  public init(
    slots: [UInt32], count: Int, latitude: Double, longitude: Double, largest: UInt32
  ) {
    self.slots = slots
    self.count = count
    self.latitude = latitude
    self.longitude = longitude
    self.largest = largest
  }
}

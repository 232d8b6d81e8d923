import PhotoModel

/// One place of the library on the map: its centre (the town's, from the place table) and
/// how many photos were taken there.
public struct MapPlace: Hashable, Sendable {
  /// `PhotoPlace.slot`.
  public var slot: UInt32
  public var latitude: Double
  public var longitude: Double
  public var count: Int

  public init(slot: UInt32, latitude: Double, longitude: Double, count: Int) {
    self.slot = slot
    self.latitude = latitude
    self.longitude = longitude
    self.count = count
  }

  /// The places of `assets` with their counts, by slot: one pass over the photos reading
  /// only each one's 24-bit place slot, then one look-up per place (a library is taken in
  /// a few thousand places). Places without a position are left out.
  static func tally(_ assets: [Asset]) -> [MapPlace] {
    var counts: [Int] = []
    assets.withUnsafeBufferPointer { buffer in
      for asset in buffer {
        let slot = Int(asset.placeSlot)
        guard slot != 0 else { continue }
        if slot >= counts.count { counts += [Int](repeating: 0, count: slot + 1 - counts.count) }
        counts[slot] += 1
      }
    }
    var places: [MapPlace] = []
    for (slot, count) in counts.enumerated() where count > 0 {
      guard let place = PhotoPlace.place(slot: UInt32(slot)), let latitude = place.latitude,
        let longitude = place.longitude
      else { continue }
      places.append(
        MapPlace(slot: UInt32(slot), latitude: latitude, longitude: longitude, count: count))
    }
    return places
  }
}

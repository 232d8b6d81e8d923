import Synchronization

/// Where a photo was taken, in words: its town, the larger city it belongs to when one is
/// close, its region and its country, as the GeoNames place table names them.
///
/// One shared copy for every photo of the same place, as `CameraNames` for cameras, each
/// numbered (`slot`): a photo's details hold the number in 24 bits beside their flags, not
/// four strings nor a pointer (which grew a camera photo's details past their 88-byte heap
/// block). The names come from the place table, so there are as many as its (town, city)
/// pairs at most: the table of them is never emptied.
public final class PhotoPlace: Hashable, Sendable, CustomStringConvertible {
  /// The locality ("Shibakōen", "Paris").
  public let town: String
  /// The larger city the town is part of ("Tokyo"), when there is one.
  public let city: String?
  /// The first-level division (state, province, prefecture), when known.
  public let region: String?
  /// The country's English name ("Japan").
  public let country: String
  /// ISO 3166-1 alpha-2 code ("JP").
  public let countryCode: String
  /// Town, city, region and country folded (`PlaceFolding`), each ended by a newline: what a
  /// search word is looked for in.
  public let searchText: String
  /// Its number among the places interned (1 on; 0 is "no place").
  public let slot: UInt32
  /// The town's centre in degrees (north, east positive), from the place table: where the
  /// world map draws its photos; nil when the names came without it.
  public let latitude: Double?
  public let longitude: Double?

  private init(
    town: String, city: String?, region: String?, country: String, code: String, slot: UInt32,
    latitude: Double?, longitude: Double?
  ) {
    self.slot = slot
    self.latitude = latitude
    self.longitude = longitude
    self.town = town
    self.city = city
    self.region = region
    self.country = country
    self.countryCode = code
    searchText = [town, city, region, country].compactMap { $0 }
      .map { PlaceFolding.folded($0) + "\n" }.joined()
  }

  /// The place with these names, the same object (and slot) each time they are asked for;
  /// nil past `slotLimit` distinct places (no place table has so many). The position is
  /// kept from the first time the names are asked for (two towns of one name in one region
  /// share a slot and the first one's centre).
  public static func interned(
    town: String, city: String? = nil, region: String?, country: String, countryCode: String,
    latitude: Double? = nil, longitude: Double? = nil
  ) -> PhotoPlace? {
    let key = Key(town: town, city: city, region: region, country: country, code: countryCode)
    return registry.withLock { registry in
      if let found = registry.slots[key] { return registry.places[Int(found) - 1] }
      guard registry.places.count < slotLimit else { return nil }
      let place = PhotoPlace(
        town: town, city: city, region: region, country: country, code: countryCode,
        slot: UInt32(registry.places.count + 1), latitude: latitude, longitude: longitude)
      registry.places.append(place)
      registry.slots[key] = place.slot
      return place
    }
  }

  /// The place numbered `slot`, or nil for 0 and numbers not given out.
  public static func place(slot: UInt32) -> PhotoPlace? {
    guard slot > 0 else { return nil }
    return registry.withLock { registry in
      Int(slot) <= registry.places.count ? registry.places[Int(slot) - 1] : nil
    }
  }

  /// How many places can be numbered: slots are 24 bits in an asset's details.
  static let slotLimit = 1 << 24 - 1

  /// The town and, when there is one, its city: "Shibakōen · Tokyo", "Paris".
  public var locality: String {
    city.map { "\(town) · \($0)" } ?? town
  }

  /// The town the Places collection lists the photo under: the larger city when there is
  /// one (Tokyo, not each of its districts), else the town.
  public var collectionTown: String { city ?? town }

  /// Everything in one line, smallest first: "Shibakōen · Tokyo, Tokyo, Japan".
  public var description: String {
    ([locality] + [region, country].compactMap { $0 }).joined(separator: ", ")
  }

  private struct Key: Hashable {
    let town: String
    let city: String?
    let region: String?
    let country: String
    let code: String
  }

  private struct Registry {
    var places: [PhotoPlace] = []
    var slots: [Key: UInt32] = [:]
  }

  private static let registry = Mutex(Registry())

  public static func == (lhs: PhotoPlace, rhs: PhotoPlace) -> Bool {
    lhs === rhs
      || (lhs.town == rhs.town && lhs.city == rhs.city && lhs.region == rhs.region
        && lhs.country == rhs.country && lhs.countryCode == rhs.countryCode)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(town)
    hasher.combine(city)
    hasher.combine(region)
    hasher.combine(countryCode)
  }
}

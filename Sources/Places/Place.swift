/// Where a position is, in words: the town, the larger city it belongs to when one is close,
/// the region and the country, as GeoNames names them ("Shibakōen · Tokyo", Tokyo, Japan).
public struct Place: Sendable, Hashable, Codable {
  /// The locality the position is in or nearest to ("Shibakōen", "Paris", "Kehl").
  public var town: String
  /// The larger city the town is part of ("Tokyo" for Shibakōen); nil when the town is
  /// the city, or no larger city of its region has the position in its core.
  public var city: String?
  /// The first-level division (GeoNames admin1: state, province, prefecture), when known.
  public var region: String?
  /// The country's English name ("Japan").
  public var country: String
  /// ISO 3166-1 alpha-2 code ("JP").
  public var countryCode: String

  /// A place from its parts.
  public init(
    town: String, city: String? = nil, region: String?, country: String, countryCode: String
  ) {
    self.town = town
    self.city = city
    self.region = region
    self.country = country
    self.countryCode = countryCode
  }

  /// The town and, when there is one, its city: "Shibakōen · Tokyo", "Paris".
  public var locality: String {
    city.map { "\(town) · \($0)" } ?? town
  }

  /// Every key is written, `null` when absent (as `lightbox info --json` writes all its keys).
  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(town, forKey: .town)
    try c.encode(city, forKey: .city)
    try c.encode(region, forKey: .region)
    try c.encode(country, forKey: .country)
    try c.encode(countryCode, forKey: .countryCode)
  }

  /// Everything in one line, smallest first: "Shibakōen · Tokyo, Tokyo, Japan".
  public var description: String {
    ([locality] + [region, country].compactMap { $0 }).joined(separator: ", ")
  }
}

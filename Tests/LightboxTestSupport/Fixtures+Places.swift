import PhotoModel

extension Fixtures {
  /// Places for fixture photos: two French towns, a ward of Tokyo (listed under Tokyo)
  /// and Kyoto; the names as GeoNames gives them.
  public enum Places {
    public static let paris = PhotoPlace.interned(
      town: "Paris", region: "Île-de-France", country: "France", countryCode: "FR")!
    public static let lyon = PhotoPlace.interned(
      town: "Lyon", region: "Auvergne-Rhône-Alpes", country: "France", countryCode: "FR")!
    public static let shinjuku = PhotoPlace.interned(
      town: "Shinjuku", city: "Tokyo", region: "Tokyo", country: "Japan", countryCode: "JP")!
    public static let kyoto = PhotoPlace.interned(
      town: "Kyoto", region: "Kyoto", country: "Japan", countryCode: "JP")!
    public static let rome = PhotoPlace.interned(
      town: "Rome", region: "Lazio", country: "Italy", countryCode: "IT")!
    public static let zurich = PhotoPlace.interned(
      town: "Zürich", region: "Zurich", country: "Switzerland", countryCode: "CH")!
  }

  /// `count` fixture photos (`assets`), the first ones with `places` in order (nil: none),
  /// and their positions.
  public static func placed(_ count: Int, _ places: [PhotoPlace?]) -> [Asset] {
    var assets = Fixtures.assets(count)
    for (i, place) in places.enumerated() where i < count {
      guard let place else { continue }
      assets[i].place = place
    }
    return assets
  }
}

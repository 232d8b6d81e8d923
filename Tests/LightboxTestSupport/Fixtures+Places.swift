import PhotoModel

extension Fixtures {
  /// Places for fixture photos: two French towns, a ward of Tokyo (listed under Tokyo)
  /// and Kyoto; the names as GeoNames gives them, with their centres (Paris' and Zürich's
  /// as CatalogPlacesTests' table has them: whichever interns the names first, the map
  /// puts them at the same place).
  public enum Places {
    public static let paris = PhotoPlace.interned(
      town: "Paris", region: "Île-de-France", country: "France", countryCode: "FR",
      latitude: 48.8566, longitude: 2.3522)!
    public static let lyon = PhotoPlace.interned(
      town: "Lyon", region: "Auvergne-Rhône-Alpes", country: "France", countryCode: "FR",
      latitude: 45.74846, longitude: 4.84671)!
    public static let shinjuku = PhotoPlace.interned(
      town: "Shinjuku", city: "Tokyo", region: "Tokyo", country: "Japan", countryCode: "JP",
      latitude: 35.69384, longitude: 139.70355)!
    public static let kyoto = PhotoPlace.interned(
      town: "Kyoto", region: "Kyoto", country: "Japan", countryCode: "JP",
      latitude: 35.02107, longitude: 135.75385)!
    public static let rome = PhotoPlace.interned(
      town: "Rome", region: "Lazio", country: "Italy", countryCode: "IT",
      latitude: 41.89193, longitude: 12.51133)!
    public static let zurich = PhotoPlace.interned(
      town: "Zürich", region: "Zurich", country: "Switzerland", countryCode: "CH",
      latitude: 47.3769, longitude: 8.5417)!
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

import PhotoModel
import Places

/// Names the place codes of one read: each distinct code is named from the table once (a
/// library is taken in a few thousand places), and every photo of a place shares its
/// `PhotoPlace`.
final class PlaceNamer {
  private let finder: PlaceFinder
  private var named: [Int64: PhotoPlace?] = [:]

  init(finder: PlaceFinder) {
    self.finder = finder
  }

  /// The place of a stored code (0 or NULL, read as 0: none).
  func place(code: Int64) -> PhotoPlace? {
    guard code > 0 else { return nil }
    if let known = named[code] { return known }
    let placeCode = PlaceCode(rawValue: code)
    let place = placeCode.flatMap(finder.place).flatMap {
      Self.photoPlace($0, at: placeCode.flatMap(finder.coordinates))
    }
    named[code] = place
    return place
  }

  /// The model's shared value for a place from the table, with its town's centre.
  static func photoPlace(
    _ place: Place, at position: (latitude: Double, longitude: Double)? = nil
  ) -> PhotoPlace? {
    PhotoPlace.interned(
      town: place.town, city: place.city, region: place.region, country: place.country,
      countryCode: place.countryCode, latitude: position?.latitude,
      longitude: position?.longitude)
  }
}

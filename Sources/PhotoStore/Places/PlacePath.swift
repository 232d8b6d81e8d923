import PhotoModel

/// A level of the Places collection: every place, a country, one of its regions, or a
/// town of it (whose photos open as a grid).
///
/// Its parts are names as the photos' places give them: the country, the region ("" when
/// GeoNames gives the town none: Monaco, Singapore), the town the collection lists
/// (`PhotoPlace.collectionTown`: a district's larger city, Tokyo for Shibakōen).
public struct PlacePath: Hashable, Sendable {
  /// Country, region, town: as many as the level is deep.
  public let parts: [String]

  /// Every place: the list of countries.
  public static let all = PlacePath(parts: [])

  /// The path of `parts` (at most three are kept).
  public init(parts: [String]) {
    self.parts = Array(parts.prefix(3))
  }

  /// 0 every place, 1 a country, 2 a region, 3 a town.
  public var level: Int { parts.count }

  /// A town: the deepest level, opened as a grid of its photos.
  public var isTown: Bool { parts.count == 3 }

  /// One level up, or nil from every place.
  public var parent: PlacePath? {
    parts.isEmpty ? nil : PlacePath(parts: Array(parts.dropLast()))
  }

  /// One level down, into `part`.
  public func child(_ part: String) -> PlacePath {
    PlacePath(parts: parts + [part])
  }

  /// The name shown for it: "Places", the country, the region (the country's name when it
  /// has none), the town.
  public var title: String {
    guard let last = parts.last else { return "Places" }
    if parts.count == 2 && last.isEmpty { return parts[0] }
    return last
  }

  /// "Places › Italy › Lazio": where it is, for the Albums tab's header.
  public var trail: String {
    (["Places"] + parts.indices.map { PlacePath(parts: Array(parts[...$0])).title })
      .joined(separator: " › ")
  }

  /// The parts a photo's place has at every level.
  static func parts(of place: PhotoPlace) -> [String] {
    [place.country, place.region ?? "", place.collectionTown]
  }

  /// True when a photo at `place` is in it (every photo with a place is in `all`).
  public func contains(_ place: PhotoPlace?) -> Bool {
    guard let place else { return false }
    let all = Self.parts(of: place)
    for (i, part) in parts.enumerated() where all[i] != part { return false }
    return true
  }

  /// The part one level down that `place` is in, or nil when it is not in this path (or
  /// this is a town).
  func childPart(of place: PhotoPlace) -> String? {
    guard !isTown, contains(place) else { return nil }
    return Self.parts(of: place)[parts.count]
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns a position into a `Place` with the GeoNames table: offline, pure after the load.
///
/// The rule (docs/DECISIONS.md, "Places: the town is the nearest place whose size covers
/// the point"), measured against the nearest-centre rule: every place gets a radius from its
/// population, `0.008 km × √population` between 1 and 25 km (a city of a million: 8 km).
/// - the **town** is the nearest place within 25 km whose radius holds the position, else
///   the nearest place within 25 km (so a tower in Paris is in Paris, not in the suburb across
///   the river whose centre is nearer);
/// - the **city** is the place of the town's country and region, at least twice as populous,
///   that holds the position in the inner half of its radius (the smallest distance over
///   radius wins): "Shibakōen · Tokyo";
/// - region and country are the town's.
/// No place within 25 km (open sea, far wilderness), 0,0, and positions off the globe or
/// not finite give nil.
public struct PlaceFinder: Sendable {
  /// The table the places come from.
  public let table: PlaceTable

  /// Farthest a position may be from a place's centre to be named after it, in km.
  public static let reach = 25.0
  /// A place's radius per √population, in km, and its least radius.
  static let radiusPerRootPopulation = 0.008
  static let minimumRadius = 1.0
  static let kilometresPerDegree = 111.195

  /// A finder over `table`.
  public init(table: PlaceTable) {
    self.table = table
  }

  /// The place of a position (degrees, north and east positive), or nil (see the type).
  public func place(latitude: Double, longitude: Double) -> Place? {
    code(latitude: latitude, longitude: longitude).flatMap(place)
  }

  /// The place of a position as the table's records (what the catalog stores), or nil.
  public func code(latitude: Double, longitude: Double) -> PlaceCode? {
    guard let query = Query(latitude: latitude, longitude: longitude) else { return nil }
    var nearest: (index: Int, distance: Double)?
    var town: (index: Int, distance: Double)?
    visit(query, within: Self.reach) { index, distance in
      if distance < (nearest?.distance ?? .infinity) { nearest = (index, distance) }
      if distance <= radiusSquared(index), distance < (town?.distance ?? .infinity) {
        town = (index, distance)
      }
    }
    guard let chosen = town ?? nearest else { return nil }
    let country = table.country(chosen.index)
    let region = table.region(chosen.index)
    let least = 2 * UInt64(table.population(chosen.index))
    var city: (index: Int, ratio: Double)?
    // Only the inner half of a radius counts, so the city is at most half the reach away.
    visit(query, within: Self.reach / 2) { index, distance in
      guard index != chosen.index, table.country(index) == country, table.region(index) == region,
        UInt64(table.population(index)) >= least
      else { return }
      let ratio = distance / radiusSquared(index)
      if ratio <= 0.25, ratio < (city?.ratio ?? .infinity) { city = (index, ratio) }
    }
    return PlaceCode(town: chosen.index, city: city?.index)
  }

  /// The names of a code from this table; nil when it names a record the table does not
  /// have (a code from another table).
  public func place(_ code: PlaceCode) -> Place? {
    guard code.town < table.placeCount, (code.city ?? 0) < table.placeCount else { return nil }
    return place(town: code.town, city: code.city)
  }

  /// The centre of a code's town in degrees (north, east positive): where the world map
  /// puts its photos; nil for a code from another table.
  public func coordinates(_ code: PlaceCode) -> (latitude: Double, longitude: Double)? {
    guard code.town < table.placeCount else { return nil }
    let (latitude, longitude) = table.coordinates(code.town)
    return (Double(latitude) / 1e5, Double(longitude) / 1e5)
  }

  /// The nearest place's name within 25 km, as the naive nearest-centre rule (Immich's, and
  /// the `reverse_geocode` package's) gives it: for comparisons and the benchmark.
  public func nearestPlace(latitude: Double, longitude: Double) -> Place? {
    guard let query = Query(latitude: latitude, longitude: longitude) else { return nil }
    var nearest: (index: Int, distance: Double)?
    visit(query, within: Self.reach) { index, distance in
      if distance < (nearest?.distance ?? .infinity) { nearest = (index, distance) }
    }
    return nearest.map { place(town: $0.index, city: nil) }
  }

  func place(town: Int, city: Int?) -> Place {
    let country = table.countryNames(table.country(town))
    return Place(
      town: table.name(town), city: city.map(table.name),
      region: table.regionName(table.region(town)),
      country: country.name, countryCode: country.code)
  }

  /// A place's radius squared, in km².
  func radiusSquared(_ index: Int) -> Double {
    let r = Self.radiusPerRootPopulation
    let squared = r * r * Double(table.population(index))
    return min(Self.reach * Self.reach, max(Self.minimumRadius * Self.minimumRadius, squared))
  }

  /// Calls `body` with each place within `radius` km of the query and its squared distance
  /// in km² (flat-earth around the query: off by under 1 % within 25 km below 80° latitude).
  func visit(_ query: Query, within radius: Double, _ body: (Int, Double) -> Void) {
    let latitudeSpan = radius / Self.kilometresPerDegree
    let longitudeSpan = latitudeSpan / max(query.cosine, 1e-3)
    let cell = PlaceTable.cellDegrees
    let firstRow = max(0, Int(((query.latitude - latitudeSpan + 90) / cell).rounded(.down)))
    let lastRow = min(
      table.rows - 1, Int(((query.latitude + latitudeSpan + 90) / cell).rounded(.down)))
    guard firstRow <= lastRow else { return }
    // Columns wrap at the antimeridian; near a pole every column may be in reach.
    let wholeCircle = longitudeSpan >= 180
    let firstColumn =
      wholeCircle ? 0 : Int(((query.longitude - longitudeSpan + 180) / cell).rounded(.down))
    let lastColumn =
      wholeCircle
      ? table.columns - 1 : Int(((query.longitude + longitudeSpan + 180) / cell).rounded(.down))
    let limit = radius * radius
    let scale = Self.kilometresPerDegree * 1e-5
    for row in firstRow...lastRow {
      for rawColumn in firstColumn...lastColumn {
        let column = (rawColumn % table.columns + table.columns) % table.columns
        for index in table.cell(row: row, column: column) {
          let (latitude, longitude) = table.coordinates(index)
          let dy = Double(latitude - query.latitudeE5) * scale
          var dLongitude = Double(longitude - query.longitudeE5)
          if dLongitude > 18_000_000 { dLongitude -= 36_000_000 }
          if dLongitude < -18_000_000 { dLongitude += 36_000_000 }
          let dx = dLongitude * scale * query.cosine
          let distance = dx * dx + dy * dy
          if distance <= limit { body(index, distance) }
        }
      }
    }
  }

  /// A position that can have a place: finite, on the globe, not 0,0.
  struct Query {
    var latitude: Double
    var longitude: Double
    var latitudeE5: Int32
    var longitudeE5: Int32
    var cosine: Double

    init?(latitude: Double, longitude: Double) {
      guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180
      else { return nil }
      // Null Island: the value of a GPS that had no fix, never a photo's real place.
      if latitude == 0 && longitude == 0 { return nil }
      self.latitude = latitude
      self.longitude = longitude
      latitudeE5 = Int32((latitude * 1e5).rounded())
      longitudeE5 = Int32((longitude * 1e5).rounded())
      cosine = cos(latitude * .pi / 180)
    }
  }
}

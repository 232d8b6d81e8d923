import Places

/// A real position with the answer a person expects: the country, and the names either the
/// town or the city may have. Shared by the measurement test and docs/DECISIONS.md's table.
struct Landmark {
  var name: String
  var latitude: Double
  var longitude: Double
  /// nil: no place at all (Null Island, open sea).
  var countryCode: String?
  var towns: Set<String>

  /// The points of the measurement (docs/DECISIONS.md, 2026-11-28, the place rule).
  static let all: [Landmark] = [
    .init("Eiffel Tower", 48.85837, 2.29448, "FR", ["Paris"]),
    .init("Louvre", 48.86061, 2.33764, "FR", ["Paris"]),
    .init("Sacré-Cœur", 48.88671, 2.34310, "FR", ["Paris"]),
    .init("Tokyo Tower", 35.65858, 139.74543, "JP", ["Shibakōen", "Tokyo"]),
    .init("Shibuya crossing", 35.65952, 139.70055, "JP", ["Shibuya", "Tokyo"]),
    .init("Golden Gate Bridge", 37.81993, -122.47825, "US", ["San Francisco"]),
    .init(
      "Brooklyn Bridge", 40.70608, -73.99686, "US", ["New York City", "Brooklyn", "Manhattan"]),
    .init("Statue of Liberty", 40.68925, -74.04450, "US", ["New York City", "Manhattan"]),
    .init("Central Park", 40.78286, -73.96536, "US", ["New York City", "Manhattan"]),
    .init("Hollywood Sign", 34.13410, -118.32150, "US", ["Los Angeles"]),
    .init("Kiyomizu-dera", 34.99485, 135.78505, "JP", ["Kyoto"]),
    .init("Sagrada Família", 41.40363, 2.17436, "ES", ["Barcelona"]),
    .init("Colosseum", 41.89021, 12.49223, "IT", ["Rome"]),
    .init("St Peter's, Vatican", 41.90216, 12.45393, "VA", ["Vatican City"]),
    .init("Zürich HB", 47.37819, 8.54020, "CH", ["Zürich"]),
    .init("Avenida Paulista", -23.56141, -46.65588, "BR", ["São Paulo"]),
    .init("Big Ben", 51.50073, -0.12463, "GB", ["London", "Westminster", "City of Westminster"]),
    .init("Brandenburg Gate", 52.51628, 13.37770, "DE", ["Berlin"]),
    .init("Kraków Main Square", 50.06165, 19.93730, "PL", ["Kraków"]),
    .init("Strasbourg Cathedral", 48.58185, 7.75071, "FR", ["Strasbourg"]),
    .init("Kehl town hall", 48.57224, 7.81570, "DE", ["Kehl"]),
    .init("Detroit RenCen", 42.32930, -83.03980, "US", ["Detroit"]),
    .init("Windsor riverfront", 42.31740, -83.03640, "CA", ["Windsor"]),
    .init("Monte-Carlo Casino", 43.73963, 7.42766, "MC", ["Monaco", "Monte-Carlo"]),
    .init("Marina Bay Sands", 1.28340, 103.86070, "SG", ["Singapore"]),
    .init("Sydney Opera House", -33.85678, 151.21530, "AU", ["Sydney"]),
    .init("Bondi Beach (coast)", -33.89148, 151.27673, "AU", ["Bondi Beach", "Bondi", "Sydney"]),
    .init("Table Mountain", -33.96280, 18.40980, "ZA", ["Cape Town"]),
    .init("Hallgrímskirkja", 64.14172, -21.92661, "IS", ["Reykjavík"]),
    .init("Tromsø", 69.64920, 18.95530, "NO", ["Tromsø"]),
    .init("Longyearbyen", 78.22320, 15.62670, "SJ", ["Longyearbyen"]),
    .init("Suva (near the antimeridian)", -18.14160, 178.44190, "FJ", ["Suva"]),
    .init("Taj Mahal", 27.17510, 78.04210, "IN", ["Agra"]),
    .init("Hallstatt (village)", 47.56220, 13.64930, "AT", ["Hallstatt"]),
    .init("Yosemite Valley (national park)", 37.74590, -119.58320, "US", ["Yosemite Valley"]),
    .init("Lake Bled island (lake)", 46.36210, 14.09000, "SI", ["Bled"]),
    .init("Lake Geneva off Lausanne (lake)", 46.49500, 6.62000, "CH", ["Lausanne"]),
    .init("Giethoorn (village)", 52.73860, 6.07790, "NL", ["Giethoorn"]),
    .init("Sausalito ferry", 37.85650, -122.47860, "US", ["Sausalito"]),
    .init("Santa Monica Pier", 34.00940, -118.49730, "US", ["Santa Monica"]),
    .init("Hoboken Terminal", 40.73500, -74.02750, "US", ["Hoboken"]),
    .init("Jersey City Exchange Place", 40.71630, -74.03300, "US", ["Jersey City"]),
    .init("Pont de Neuilly", 48.88550, 2.25900, "FR", ["Neuilly-sur-Seine"]),
    .init("Boulogne-Billancourt town hall", 48.83530, 2.24100, "FR", ["Boulogne-Billancourt"]),
    .init("La Défense", 48.89200, 2.23800, "FR", ["Puteaux", "Courbevoie"]),
    .init("Palace of Versailles", 48.80490, 2.12040, "FR", ["Versailles"]),
    .init("Kawasaki station", 35.53130, 139.69700, "JP", ["Kawasaki"]),
    .init("Minato Mirai, Yokohama", 35.45700, 139.63200, "JP", ["Yokohama"]),
    .init("Sanssouci, Potsdam", 52.40430, 13.03860, "DE", ["Potsdam"]),
    .init("Évian-les-Bains (lake shore)", 46.40100, 6.58980, "FR", ["Évian-les-Bains"]),
    .init("Burbank, Warner Bros", 34.14920, -118.33600, "US", ["Burbank"]),
    .init("Null Island", 0, 0, nil, []),
    .init("Mid-Atlantic (open sea)", 30, -40, nil, []),
    .init("South Pacific (open sea)", -40, -130, nil, []),
  ]

  init(
    _ name: String, _ latitude: Double, _ longitude: Double, _ countryCode: String?,
    _ towns: Set<String>
  ) {
    self.name = name
    self.latitude = latitude
    self.longitude = longitude
    self.countryCode = countryCode
    self.towns = towns
  }

  /// Whether `place` is what a person expects here.
  func countryRight(_ place: Place?) -> Bool {
    place?.countryCode == countryCode
  }

  func townRight(_ place: Place?) -> Bool {
    guard let place else { return countryCode == nil }
    return towns.contains(place.town) || place.city.map(towns.contains) == true
  }
}

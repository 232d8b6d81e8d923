/// A place where an outing of the demo library happened: its clock, its position and the
/// kind of scenery it has.
struct DemoPlace: Sendable, Equatable {
  var name: String
  /// UTC offset in minutes in winter and in summer (they differ where clocks change).
  var winterOffset: Int
  var summerOffset: Int
  var latitude: Double
  var longitude: Double
  var altitude: Double
  var themes: [SceneTheme]

  /// The UTC offset in seconds in `month` (northern rule; southern places swap).
  func offsetSeconds(month: Int) -> Int {
    let northernSummer = (4...10).contains(month)
    let summer = latitude >= 0 ? northernSummer : !northernSummer
    return (summer ? summerOffset : winterOffset) * 60
  }

  static let all: [DemoPlace] = [
    DemoPlace(
      name: "Berlin", winterOffset: 60, summerOffset: 120, latitude: 52.516, longitude: 13.377,
      altitude: 34, themes: [.city, .lake, .hills]),
    DemoPlace(
      name: "Seoul", winterOffset: 540, summerOffset: 540, latitude: 37.566,
      longitude: 126.978, altitude: 38, themes: [.city, .mountains, .city]),
    DemoPlace(
      name: "Kyoto", winterOffset: 540, summerOffset: 540, latitude: 35.012, longitude: 135.768,
      altitude: 50, themes: [.hills, .lake, .city]),
    DemoPlace(
      name: "Zermatt", winterOffset: 60, summerOffset: 120, latitude: 46.020, longitude: 7.749,
      altitude: 1608, themes: [.mountains, .lake, .snowfield]),
    DemoPlace(
      name: "Lisbon", winterOffset: 0, summerOffset: 60, latitude: 38.722, longitude: -9.139,
      altitude: 20, themes: [.coast, .city]),
    DemoPlace(
      name: "Reykjavik", winterOffset: 0, summerOffset: 0, latitude: 64.146, longitude: -21.942,
      altitude: 15, themes: [.mountains, .coast, .snowfield]),
    DemoPlace(
      name: "New York", winterOffset: -300, summerOffset: -240, latitude: 40.713,
      longitude: -74.006, altitude: 10, themes: [.city, .coast]),
    DemoPlace(
      name: "Vancouver", winterOffset: -480, summerOffset: -420, latitude: 49.283,
      longitude: -123.121, altitude: 70, themes: [.mountains, .lake, .coast]),
    DemoPlace(
      name: "Cape Town", winterOffset: 120, summerOffset: 120, latitude: -33.925,
      longitude: 18.424, altitude: 25, themes: [.coast, .mountains]),
    DemoPlace(
      name: "Sydney", winterOffset: 600, summerOffset: 660, latitude: -33.857,
      longitude: 151.215, altitude: 5, themes: [.coast, .city]),
    DemoPlace(
      name: "Marrakesh", winterOffset: 60, summerOffset: 60, latitude: 31.629, longitude: -7.981,
      altitude: 466, themes: [.desert, .city, .desert]),
    DemoPlace(
      name: "Kathmandu", winterOffset: 345, summerOffset: 345, latitude: 27.717,
      longitude: 85.324, altitude: 1400, themes: [.mountains, .hills]),
  ]
}

/// A position's place as the catalog keeps it: the town's and the city's records in the
/// place table, packed in one integer (a few bytes a photo in SQLite, no names).
///
/// Only meaningful with the table it came from (`PlaceTable.identity`): a new table numbers
/// its places anew, so the catalog looks every place up again when the identity changes.
public struct PlaceCode: Hashable, Sendable {
  /// The town's record.
  public let town: Int
  /// The larger city's record, when the rule found one ("Shibakōen · Tokyo").
  public let city: Int?

  /// A code from its parts; nil when an index is negative or past 31 bits.
  public init?(town: Int, city: Int?) {
    guard (0..<Int(Int32.max)).contains(town) else { return nil }
    if let city, !(0..<Int(Int32.max)).contains(city) { return nil }
    self.town = town
    self.city = city
  }

  /// `town + 1` in the low 32 bits, `city + 1` (0: none) in the high ones; never 0, which
  /// the catalog keeps for "looked up, no place".
  public var rawValue: Int64 {
    Int64(town + 1) | Int64((city ?? -1) + 1) << 32
  }

  /// The code `rawValue` holds, or nil for 0 and for values no code makes.
  public init?(rawValue: Int64) {
    let town = Int(rawValue & 0xFFFF_FFFF) - 1
    let city = Int(rawValue >> 32) - 1
    guard rawValue > 0, town >= 0, city >= -1 else { return nil }
    self.init(town: town, city: city < 0 ? nil : city)
  }
}

import Synchronization

/// A camera's make and model and the lens, as EXIF names them: one shared copy for every
/// photo that names the same three.
///
/// A library of a million photos comes from a few dozen cameras, but a catalog load makes new
/// strings for every row (a model name past 15 bytes is a 64-byte heap block each); interned,
/// a photo holds one pointer (DECISIONS.md, 2026-11-27).
final class CameraNames: Hashable, Sendable {
  let make: String?
  let model: String?
  let lens: String?

  private init(make: String?, model: String?, lens: String?) {
    self.make = make
    self.model = model
    self.lens = lens
  }

  /// The three together, the same object each time they are asked for; nil when all are nil.
  ///
  /// The table stops growing at `tableLimit` distinct entries (only a crafted library has so
  /// many cameras); past it, each asks gets its own copy, as before interning.
  static func interned(make: String?, model: String?, lens: String?) -> CameraNames? {
    if make == nil && model == nil && lens == nil { return nil }
    let key = Key(make: make, model: model, lens: lens)
    return table.withLock { table in
      if let found = table[key] { return found }
      let names = CameraNames(make: make, model: model, lens: lens)
      if table.count < tableLimit { table[key] = names }
      return names
    }
  }

  /// How many distinct cameras the table keeps.
  static let tableLimit = 4096

  /// How many are kept now (for tests).
  static var tableCount: Int { table.withLock { $0.count } }

  private struct Key: Hashable {
    let make: String?
    let model: String?
    let lens: String?
  }

  private static let table = Mutex<[Key: CameraNames]>([:])

  static func == (lhs: CameraNames, rhs: CameraNames) -> Bool {
    lhs === rhs || (lhs.make == rhs.make && lhs.model == rhs.model && lhs.lens == rhs.lens)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(make)
    hasher.combine(model)
    hasher.combine(lens)
  }
}

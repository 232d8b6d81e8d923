import GRDB

/// Each camera, model and lens once, in `cameras`, and a photo's row pointing at it.
///
/// A camera library writes the same few makes, models and lenses on every row: "Canon",
/// "Canon EOS R5" and "RF24-105mm F4 L IS USM" were 39 bytes of a million rows, and kept
/// such a catalog over issue 32's 200 bytes a photo (222). Lightroom keeps them apart the
/// same way (`AgInternedExifCameraModel`, `AgInternedExifLens`). A part not recorded is ''
/// in its row (NULL would make every row of a camera without a lens its own).
extension Catalog {
  /// Migration v17: make, model and lens move out of `assets`.
  static let camerasMigration = "v17-cameras: each camera, model and lens once"

  static func moveCamerasApart(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE cameras (
          id INTEGER PRIMARY KEY,
          make TEXT NOT NULL,
          model TEXT NOT NULL,
          lens TEXT NOT NULL,
          UNIQUE (make, model, lens)
        );
        INSERT OR IGNORE INTO cameras (make, model, lens)
          SELECT coalesce(make, ''), coalesce(model, ''), coalesce(lens, '') FROM assets
          WHERE make IS NOT NULL OR model IS NOT NULL OR lens IS NOT NULL;
        ALTER TABLE assets ADD COLUMN camera INTEGER; -- cameras.id, NULL when none recorded
        UPDATE assets SET camera = (
            SELECT id FROM cameras c WHERE c.make = coalesce(assets.make, '')
              AND c.model = coalesce(assets.model, '') AND c.lens = coalesce(assets.lens, ''))
          WHERE make IS NOT NULL OR model IS NOT NULL OR lens IS NOT NULL;
        ALTER TABLE assets DROP COLUMN make;
        ALTER TABLE assets DROP COLUMN model;
        ALTER TABLE assets DROP COLUMN lens;
        """)
  }

  /// The `cameras` ids a writer has looked up or added.
  struct CameraIDs {
    private struct Key: Hashable {
      var make: String
      var model: String
      var lens: String
    }

    private var known: [Key: Int64] = [:]

    /// The id of the camera `make`, `model` and `lens` (added when new), or nil when none of
    /// them is recorded.
    mutating func id(_ db: Database, make: String?, model: String?, lens: String?) throws
      -> Int64?
    {
      guard make != nil || model != nil || lens != nil else { return nil }
      let key = Key(make: make ?? "", model: model ?? "", lens: lens ?? "")
      if let id = known[key] { return id }
      let arguments: StatementArguments = [key.make, key.model, key.lens]
      try db.execute(
        sql: "INSERT OR IGNORE INTO cameras (make, model, lens) VALUES (?, ?, ?)",
        arguments: arguments)
      let id = try Int64.fetchOne(
        db, sql: "SELECT id FROM cameras WHERE make = ? AND model = ? AND lens = ?",
        arguments: arguments)
      guard let id else { return nil }
      known[key] = id
      return id
    }
  }

  /// Every camera by id, as the reader names them (an empty part is none).
  static func cameraNames(_ db: Database) throws -> [Int64: (String?, String?, String?)] {
    var names: [Int64: (String?, String?, String?)] = [:]
    func part(_ text: String) -> String? { text.isEmpty ? nil : text }
    for row in try Row.fetchAll(db, sql: "SELECT id, make, model, lens FROM cameras") {
      names[row[0]] = (part(row[1]), part(row[2]), part(row[3]))
    }
    return names
  }
}

import GRDB
import GRDBSQLite

/// A prepared GRDB statement run with values bound straight through the SQLite C API.
///
/// For the hot insert loop only: the statement stays GRDB's (prepared, cached, finalized
/// by it); this binds, steps and resets it without boxing each value.
struct RawStatement {
  private let statement: Statement
  private let db: Database

  init(_ statement: Statement, _ db: Database) {
    self.statement = statement
    self.db = db
  }

  /// Binds the values `bind` gives, in parameter order, and runs the statement once.
  func run(_ bind: (inout Binder) -> Void) throws {
    let s = statement.sqliteStatement
    sqlite3_reset(s)
    var binder = Binder(statement: s)
    bind(&binder)
    let code = sqlite3_step(s)
    sqlite3_reset(s)
    guard code == SQLITE_DONE else {
      let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
      throw CatalogError("catalog write failed: \(message)")
    }
  }

  /// Binds parameters 1, 2, 3… in turn.
  struct Binder {
    let statement: SQLiteStatement
    private var index: Int32 = 1

    init(statement: SQLiteStatement) { self.statement = statement }

    /// SQLite copies the bytes (SQLITE_TRANSIENT), so the Swift buffers may go.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    mutating func int(_ value: Int64?) {
      if let value { sqlite3_bind_int64(statement, index, value) } else { null() }
      index += 1
    }

    mutating func double(_ value: Double?) {
      if let value, value.isFinite { sqlite3_bind_double(statement, index, value) } else { null() }
      index += 1
    }

    mutating func text(_ value: String?) {
      if var value {
        value.withUTF8 { utf8 in
          if let base = utf8.baseAddress, utf8.count > 0 {
            let text = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            _ = sqlite3_bind_text(statement, index, text, Int32(utf8.count), Self.transient)
          } else {
            _ = sqlite3_bind_text(statement, index, "", 0, Self.transient)  // "" is not NULL
          }
        }
      } else {
        null()
      }
      index += 1
    }

    mutating func blob(_ value: [UInt8]) {
      value.withUnsafeBytes { raw in
        // A zero-length blob still needs a non-NULL pointer to be a blob, not NULL.
        _ = sqlite3_bind_blob(
          statement, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count),
          Self.transient)
      }
      index += 1
    }

    private func null() { sqlite3_bind_null(statement, index) }
  }
}

import GRDB
import PhotoModel

/// The library database (SQLite through GRDB, WAL).
///
/// CONTRACT STUB: replaced by the catalog work.
public final class Catalog: Sendable {
  public let path: String
  private let pool: DatabasePool

  /// Opens (creating and migrating when needed) the catalog at `path`.
  public init(path: String) throws {
    self.path = path
    pool = try DatabasePool(path: path)
  }

  /// Every photo not trashed or hidden, oldest first (capture date, then path).
  public func allAssets() throws -> [Asset] { [] }
}

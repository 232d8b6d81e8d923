// TEMPORARY: stands in for the albums/trash API being written on branch wt-lib; removed at
// the merge.
import PhotoModel

extension Catalog {
  public func albums() throws -> [Album] { [] }
  public func createAlbum(named name: String, adding ids: [AssetID], now: Int64) throws -> Album {
    throw CatalogError("albums are not built yet")
  }
  public func renameAlbum(_ id: AlbumID, to name: String) throws { throw CatalogError("albums are not built yet") }
  public func deleteAlbum(_ id: AlbumID) throws { throw CatalogError("albums are not built yet") }
  public func addAssets(_ ids: [AssetID], toAlbum id: AlbumID, now: Int64) throws { throw CatalogError("albums are not built yet") }
  public func removeAssets(_ ids: [AssetID], fromAlbum id: AlbumID) throws { throw CatalogError("albums are not built yet") }
  public func hiddenAssets() throws -> [Asset] { [] }
  public func trashedPhotos() throws -> [TrashedPhoto] { [] }
}

public struct FreedesktopTrash: Sendable {
  public init(homeTrash: String, uid: UInt32 = 0) {}
}

public final class LibraryTrash: Sendable {
  public init(catalog: Catalog, trash: FreedesktopTrash) {}
  public func moveToTrash(_ ids: [AssetID], now: Int64) -> [String] { ["trash is not built yet"] }
  public func restore(_ ids: [AssetID]) -> [String] { ["trash is not built yet"] }
  public func deleteForever(_ ids: [AssetID]) -> [String] { ["trash is not built yet"] }
  public func purge(retentionDays: Int, now: Int64) -> (purged: Int, problems: [String]) { (0, []) }
}

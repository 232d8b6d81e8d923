import ArgumentParser
import Catalog
import Foundation
import PhotoModel

/// `lightbox-album-churn`: album edits in a loop, for the crash tests (never installed).
///
/// Each round makes the album "Churn" with the first `--batch` photos (one transaction),
/// renames it, takes them out again (one transaction) and deletes it (one transaction), so
/// after a `kill -9` at any moment the album is absent, or present with all or none of them.
/// It prints a line after each round's first transaction, so a test knows editing has begun.
struct AlbumChurn: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lightbox-album-churn",
    abstract: "Edit an album in a loop (used by the catalog crash tests).")

  @Option(help: "The catalog to edit.")
  var catalog: String

  @Option(help: "Photos added and removed each round.")
  var batch: Int = 50

  @Option(help: "Rounds (0: until killed).")
  var rounds: Int = 0

  func run() throws {
    let path =
      catalog.hasPrefix("/") ? catalog : FileManager.default.currentDirectoryPath + "/" + catalog
    let store = try Catalog(path: path)
    let ids = Array(try store.allAssets().prefix(max(1, batch)).map(\.id))
    var round = 0
    while rounds == 0 || round < rounds {
      let album = try store.createAlbum(named: "Churn", adding: ids, now: Int64(round))
      if round == 0 {
        FileHandle.standardOutput.write(Data("editing\n".utf8))
      }
      try store.renameAlbum(album.id, to: "Churn \(round % 2)")
      try store.removeAssets(ids, fromAlbum: album.id)
      try store.deleteAlbum(album.id)
      round += 1
    }
  }
}

AlbumChurn.main()

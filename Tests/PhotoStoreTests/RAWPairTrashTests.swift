import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// A RAW+JPEG pair is one photo: deleting it moves both files to the Trash, undo brings both
/// back.
final class RAWPairTrashTests: XCTestCase {
  func testDeletingAPairMovesBothFilesAndUndoRestoresBoth() {
    var assets = Fixtures.assets(3)
    let raw = CompanionFile(id: AssetID(99), path: "/photos/IMG_1002.CR3", byteSize: 25_000_000)
    assets[2].rawCompanion = raw
    let store = TestStore(
      AppState(roots: ["/photos"], terminal: TerminalSize(columns: 100, rows: 30)))
    store.arrange(.start, .library(.loaded(assets: assets, problems: [])))
    XCTAssertEqual(store.state.selectedAsset?.id, assets[2].id)
    // The RAW file as the Trash lists it: a photo of its own, under its own name.
    var rawFile = assets[2]
    rawFile.id = raw.id
    rawFile.path = raw.path
    rawFile.byteSize = raw.byteSize
    rawFile.format = .raw
    rawFile.rawCompanion = nil
    let rest = Array(assets[0..<2])
    let tile = PixelSize(width: 14, height: 14)
    let entries = Expected.albumEntries(library: rest, trashed: [assets[2], rawFile])
    store.send(
      .edit(.delete),
      effects: [.moveToTrash([assets[2].id, raw.id]), .cancelImage(Expected.key(assets[2], tile))]
    ) {
      $0.library.assets = rest
      $0.assets = PhotoList(rest)
      $0.timeline = Timeline(assets: rest)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 6)
      $0.library.collections.trashed = [assets[2], rawFile].map {
        TrashedPhoto(asset: $0, originalPath: $0.path, deletedAt: 0)
      }
      // The RAW album had only the pair: its card goes.
      $0.albums.entries = entries
      $0.albums.layout = Expected.albumsLayout(entries, columns: 4)
      $0.library.undoableTrash = [assets[2].id, raw.id]
      $0.selectedIndex = 1
      $0.images[Expected.key(assets[2], tile)] = nil
      $0.message = "IMG_1002.jpg moved to Recently Deleted · u undo"
    }
    let trashed = store.state.library.collections.trashed.map(\.asset)
    XCTAssertEqual(trashed.map(\.id), [assets[2].id, raw.id])
    XCTAssertEqual(trashed.last?.path, raw.path)
    XCTAssertEqual(trashed.last?.format, .raw)
    let all = Expected.albumEntries(library: assets)
    store.send(
      .edit(.undo),
      effects: [
        .restoreFromTrash([assets[2].id, raw.id]), .loadImage(Expected.request(assets[2], tile)),
      ]
    ) {
      // One photo again, its RAW its companion.
      $0.library.assets = assets
      $0.assets = PhotoList(assets)
      $0.timeline = Timeline(assets: assets)
      $0.daysLayout = DaysLayout(timeline: $0.timeline, columns: 6)
      $0.library.collections.trashed = []
      $0.albums.entries = all
      $0.albums.layout = Expected.albumsLayout(all, columns: 4)
      $0.library.undoableTrash = []
      $0.images[Expected.key(assets[2], tile)] = .loading
      $0.message = "IMG_1002.jpg restored"
    }
    XCTAssertTrue(store.state.library.collections.trashed.isEmpty)
  }
}

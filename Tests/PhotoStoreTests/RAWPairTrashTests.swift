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
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 100, rows: 30))
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))
    XCTAssertEqual(state.selectedAsset?.id, assets[2].id)
    let effects = Reducer.reduce(&state, .edit(.delete))
    XCTAssertTrue(effects.contains(.moveToTrash([assets[2].id, raw.id])), "\(effects)")
    let trashed = state.library.collections.trashed.map(\.asset)
    XCTAssertEqual(trashed.map(\.id), [assets[2].id, raw.id])
    XCTAssertEqual(trashed.last?.path, raw.path)
    XCTAssertEqual(trashed.last?.format, .raw)
    XCTAssertEqual(state.message, "IMG_1002.jpg moved to Recently Deleted · u undo")
    let undone = Reducer.reduce(&state, .edit(.undo))
    XCTAssertTrue(undone.contains(.restoreFromTrash([assets[2].id, raw.id])), "\(undone)")
    XCTAssertTrue(state.library.collections.trashed.isEmpty)
  }
}

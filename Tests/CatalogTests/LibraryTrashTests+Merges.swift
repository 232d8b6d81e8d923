import Foundation
import PhotoModel
import XCTest

@testable import Catalog

/// Merging duplicates through the Trash: the merge and its undo, and a merge a killed
/// process journaled but did not finish, finished at the next start.
extension LibraryTrashTests {
  func testMergeTrashesTheOthersAndTheUndoBringsEverythingBack() throws {
    try catalog.setFavorite(true, for: [ids[1]])
    let album = try catalog.createAlbum(named: "Trip", adding: [ids[2]], now: now)
    XCTAssertEqual(try libraryTrash.merge(keeper: ids[0], others: [ids[1], ids[2]], now: now), [])
    XCTAssertFalse(exists(paths[1]))
    XCTAssertFalse(exists(paths[2]))
    XCTAssertEqual(trashListing("files"), ["p2.jpg", "p3.jpg"])
    XCTAssertEqual(try catalog.pendingMerges(), [])
    XCTAssertTrue(try catalog.allAssets().first { $0.id == ids[0] }?.isFavorite == true)
    XCTAssertTrue(try catalog.album(album.id)!.assetIDs.contains(ids[0]))

    XCTAssertEqual(try libraryTrash.undoMerge(keeper: ids[0], others: [ids[1], ids[2]]), [])
    XCTAssertTrue(exists(paths[1]) && exists(paths[2]))
    XCTAssertEqual(trashListing("files"), [])
    let assets = try catalog.allAssets()
    XCTAssertEqual(assets.filter(\.isFavorite).map(\.id), [ids[1]])
    XCTAssertFalse(try catalog.album(album.id)!.assetIDs.contains(ids[0]))
    XCTAssertEqual(try catalog.integrityCheck(), ["ok"])
  }

  func testAMergeKilledAfterItsJournalIsFinishedAtTheNextStart() throws {
    try catalog.setFavorite(true, for: [ids[3]])
    // As a process killed right after the journal's transaction leaves it: the keeper has
    // the favorite, no file has moved.
    _ = try catalog.beginMerge(keeper: ids[0], others: [ids[3]], now: now)
    XCTAssertTrue(exists(paths[3]))
    XCTAssertEqual(try catalog.pendingMerges().count, 1)
    // The next start.
    XCTAssertEqual(libraryTrash.finishMerges(now: now), [])
    XCTAssertFalse(exists(paths[3]))
    XCTAssertEqual(trashListing("files"), ["p4.jpg"])
    XCTAssertEqual(try catalog.pendingMerges(), [])
    XCTAssertEqual(try catalog.trashedPhotos().map(\.asset.id), [ids[3]])
    // And a second start has nothing to do.
    XCTAssertEqual(libraryTrash.finishMerges(now: now), [])
    XCTAssertEqual(trashListing("files"), ["p4.jpg"])
  }
}

import PhotoModel
import XCTest

/// The status line's words for what a scan could not read (issue 33 item 15).
final class ScanProblemTests: XCTestCase {
  func testFoldersAndFilesAreCountedApartAndTheFirstTwoNamed() {
    let folder = ScanProblem.unreadableFolder("/lib/locked", reason: "Permission denied")
    XCTAssertEqual(
      ScanProblem.summary([folder]),
      "1 folder could not be read: /lib/locked: cannot read folder (Permission denied)")
    let file = "/lib/a.jpg: Permission denied"
    XCTAssertEqual(
      ScanProblem.summary([folder, file]),
      "1 folder and 1 file could not be read: \(folder); \(file)")
    XCTAssertEqual(
      ScanProblem.summary([file, file, folder, file]),
      "1 folder and 3 files could not be read: \(file); \(file) (and 2 more in the log)")
    XCTAssertNil(ScanProblem.summary([]))
  }

  func testAMissingRootSaysWhatToDo() {
    let missing = ScanProblem.missingRoot("/home/me/Pictures")
    XCTAssertEqual(
      ScanProblem.summary([missing]), "No folder /home/me/Pictures; run `lightbox PATH`")
    XCTAssertTrue(ScanProblem.isFolder(missing))
    XCTAssertEqual(
      ScanProblem.summary([missing, "/x.jpg: I/O error"]),
      "No folder /home/me/Pictures; run `lightbox PATH`; 1 file could not be read: /x.jpg: I/O error"
    )
  }
}

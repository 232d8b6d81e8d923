import Foundation
import LightboxTestSupport
import XCTest

@testable import Catalog

final class FreedesktopTrashTests: XCTestCase {
  var folder: URL!
  var trash: FreedesktopTrash!
  var homeTrash: String { trash.homeTrash }

  override func setUpWithError() throws {
    folder = BuiltProduct.temporaryDirectory("trash")
    // XDG_DATA_HOME inside the temporary folder: never the real home's trash.
    trash = FreedesktopTrash(
      homeTrash: FreedesktopTrash.defaultHomeTrash(
        environment: ["XDG_DATA_HOME": folder.path + "/data", "HOME": "/nonexistent"]))
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private func write(_ name: String, _ text: String) throws -> String {
    let path = folder.path + "/" + name
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func read(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
  }

  func testHomeTrashLocationFollowsTheSpec() {
    XCTAssertEqual(
      FreedesktopTrash.defaultHomeTrash(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]),
      "/x/data/Trash")
    XCTAssertEqual(
      FreedesktopTrash.defaultHomeTrash(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]),
      "/h/.local/share/Trash", "a relative XDG_DATA_HOME is ignored")
    XCTAssertEqual(
      FreedesktopTrash.defaultHomeTrash(environment: ["HOME": "/h"]), "/h/.local/share/Trash")
    XCTAssertEqual(homeTrash, folder.path + "/data/Trash")
  }

  func testMoveWritesSpecInfoThenRestoreAndErase() throws {
    let path = try write("My Photos/Été 1%.jpg", "pixels")
    let now: Int64 = 1_723_545_000
    let entry = try trash.moveToTrash(path, now: now)
    XCTAssertEqual(entry.filePath, homeTrash + "/files/Été 1%.jpg")
    XCTAssertEqual(entry.infoPath, homeTrash + "/info/Été 1%.jpg.trashinfo")
    XCTAssertEqual(entry.originalPath, path)
    XCTAssertEqual(entry.deletedAt, now)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    XCTAssertEqual(try read(entry.filePath), "pixels")

    let text = try read(entry.infoPath)
    let lines = text.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 3, text)
    XCTAssertEqual(lines[0], "[Trash Info]")
    // The temporary folder's name has only unreserved characters, which stay as they are.
    XCTAssertEqual(lines[1], "Path=\(folder.path)/My%20Photos/%C3%89t%C3%A9%201%25.jpg")
    XCTAssertTrue(lines[2].hasPrefix("DeletionDate="))
    let date = String(lines[2].dropFirst("DeletionDate=".count))
    XCTAssertNotNil(
      date.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$"#, options: .regularExpression), date)
    XCTAssertEqual(FreedesktopTrash.parseDeletionDate(date), now, "local time round-trips")
    let info = try FreedesktopTrash.readInfo(entry.infoPath)
    XCTAssertEqual(info.originalPath, path)
    XCTAssertEqual(info.deletionDate, date)
    XCTAssertEqual(FreedesktopTrash.filePath(forInfo: entry.infoPath), entry.filePath)

    // Restore recreates the missing folder.
    try FileManager.default.removeItem(atPath: folder.path + "/My Photos")
    XCTAssertEqual(try trash.restore(entry), path)
    XCTAssertEqual(try read(path), "pixels")
    XCTAssertFalse(FileManager.default.fileExists(atPath: entry.filePath))
    XCTAssertFalse(FileManager.default.fileExists(atPath: entry.infoPath))

    let again = try trash.moveToTrash(path, now: now)
    try trash.erase(again)
    XCTAssertFalse(FileManager.default.fileExists(atPath: again.filePath))
    XCTAssertFalse(FileManager.default.fileExists(atPath: again.infoPath))
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
  }

  func testSameNamesGetDistinctTrashNames() throws {
    let a = try trash.moveToTrash(try write("a/IMG_1.jpg", "A"), now: 1)
    let b = try trash.moveToTrash(try write("b/IMG_1.jpg", "B"), now: 2)
    // A file left in files/ without its info (a crashed deleter) also blocks its name.
    try Data("orphan".utf8).write(to: URL(fileURLWithPath: homeTrash + "/files/IMG_1.3.jpg"))
    let c = try trash.moveToTrash(try write("c/IMG_1.jpg", "C"), now: 3)
    XCTAssertEqual(
      [a, b, c].map { ($0.filePath as NSString).lastPathComponent },
      ["IMG_1.jpg", "IMG_1.2.jpg", "IMG_1.4.jpg"])
    XCTAssertEqual(try read(c.filePath), "C")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: homeTrash + "/info/IMG_1.3.jpg.trashinfo"))
    XCTAssertEqual(try read(homeTrash + "/files/IMG_1.3.jpg"), "orphan", "untouched")
  }

  func testRestoreOntoAClashGetsANewNameAndLeavesTheClashAlone() throws {
    let path = try write("IMG_1.jpg", "first")
    let first = try trash.moveToTrash(path, now: 1)
    _ = try write("IMG_1.jpg", "newcomer")
    XCTAssertEqual(try trash.restore(first), folder.path + "/IMG_1 (restored).jpg")
    let second = try trash.moveToTrash(folder.path + "/IMG_1 (restored).jpg", now: 2)
    _ = try write("IMG_1 (restored).jpg", "another")
    var moved = second
    moved.originalPath = path  // both names taken now
    XCTAssertEqual(try trash.restore(moved), folder.path + "/IMG_1 (restored 2).jpg")
    XCTAssertEqual(try read(path), "newcomer")
    XCTAssertEqual(try read(folder.path + "/IMG_1 (restored).jpg"), "another")
    XCTAssertEqual(try read(folder.path + "/IMG_1 (restored 2).jpg"), "first")
    XCTAssertEqual(
      FreedesktopTrash.freeDestination(for: folder.path + "/.profile"),
      folder.path + "/.profile")
  }

  func testErrorsAreOneLineReasons() throws {
    XCTAssertThrowsError(try trash.moveToTrash(folder.path + "/missing.jpg", now: 1)) {
      XCTAssertTrue(($0 as? CatalogError)?.reason.hasPrefix("cannot find") ?? false, "\($0)")
    }
    XCTAssertThrowsError(try trash.moveToTrash("relative.jpg", now: 1))
    let entry = TrashEntry(
      filePath: folder.path + "/elsewhere.jpg", infoPath: "", originalPath: "/x", deletedAt: 0)
    _ = try write("elsewhere.jpg", "keep")
    XCTAssertThrowsError(try trash.erase(entry), "never erases outside a trash's files/")
    XCTAssertEqual(try read(folder.path + "/elsewhere.jpg"), "keep")
    let gone = TrashEntry(
      filePath: homeTrash + "/files/gone.jpg", infoPath: "", originalPath: "/x", deletedAt: 0)
    XCTAssertThrowsError(try trash.restore(gone))
  }

  func testReadInfoRejectsBrokenFilesAndResolvesVolumePaths() throws {
    let broken = try write("x.trashinfo", "Path=/a\nDeletionDate=2024-01-01T00:00:00\n")
    XCTAssertThrowsError(try FreedesktopTrash.readInfo(broken))
    let noDate = try write("y.trashinfo", "[Trash Info]\nPath=/a\n")
    XCTAssertThrowsError(try FreedesktopTrash.readInfo(noDate))
    let badEscape = try write("z.trashinfo", "[Trash Info]\nPath=/a%G1\nDeletionDate=x\n")
    XCTAssertThrowsError(try FreedesktopTrash.readInfo(badEscape))
    let volume = try write(
      "vol/.Trash-1000/info/a b.jpg.trashinfo",
      "[Trash Info]\r\nPath=photos/a%20b.jpg\r\nDeletionDate=2024-08-13T10:00:00\r\n")
    XCTAssertEqual(
      try FreedesktopTrash.readInfo(volume).originalPath,
      folder.path + "/vol/photos/a b.jpg")
    let shared = try write(
      "vol2/.Trash/1000/info/c.jpg.trashinfo",
      "[Trash Info]\nPath=c.jpg\nDeletionDate=2024-08-13T10:00:00\n")
    XCTAssertEqual(try FreedesktopTrash.readInfo(shared).originalPath, folder.path + "/vol2/c.jpg")
    XCTAssertNil(FreedesktopTrash.parseDeletionDate("2024-13-01T00:00:00"))
    XCTAssertNil(FreedesktopTrash.parseDeletionDate("2024-01-01 00:00:00"))
  }

  func testFolderGoesToTheTrashAndBack() throws {
    _ = try write("album/one.jpg", "1")
    _ = try write("album/sub/two.jpg", "2")
    let entry = try trash.moveToTrash(folder.path + "/album", now: 1)
    XCTAssertEqual(try read(entry.filePath + "/sub/two.jpg"), "2")
    XCTAssertEqual(try trash.restore(entry), folder.path + "/album")
    XCTAssertEqual(try read(folder.path + "/album/sub/two.jpg"), "2")
    let again = try trash.moveToTrash(folder.path + "/album", now: 1)
    try trash.erase(again)
    XCTAssertFalse(FileManager.default.fileExists(atPath: again.filePath))
  }
}

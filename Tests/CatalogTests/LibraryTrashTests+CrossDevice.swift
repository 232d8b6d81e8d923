import Foundation
import GRDB
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Catalog

/// Across file systems: a volume's own trash by rename, and the home trash by copy when
/// volume trashes are off.
extension LibraryTrashTests {
  func testAcrossFileSystems() throws {
    var shm = stat()
    var disk = stat()
    guard stat("/dev/shm", &shm) == 0, access("/dev/shm", W_OK) == 0 else {
      throw XCTSkip("no writable /dev/shm: the cross-filesystem test needs a second file system")
    }
    XCTAssertEqual(stat(library.folder.path, &disk), 0)
    guard shm.st_dev != disk.st_dev else {
      throw XCTSkip("/dev/shm is on the same device as \(library.folder.path)")
    }
    let volumeRoot = "/dev/shm/lightbox-trash-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let volumeTrash = "/dev/shm/.Trash-\(getuid())"
    let hadVolumeTrash = exists(volumeTrash)
    defer {
      try? FileManager.default.removeItem(atPath: volumeRoot)
      if !hadVolumeTrash {
        // Only when empty: another program may have started using it meanwhile.
        rmdir(volumeTrash + "/files")
        rmdir(volumeTrash + "/info")
        rmdir(volumeTrash)
      }
    }
    try FileManager.default.createDirectory(
      atPath: volumeRoot + "/photos", withIntermediateDirectories: true)
    let a = volumeRoot + "/photos/a.jpg"
    let b = volumeRoot + "/photos/b.jpg"
    try Data(
      TestLibrary.jpeg(
        date: "2024:02:01 10:00:00", offset: nil, orientation: nil,
        width: 8, height: 8)
    ).write(to: URL(fileURLWithPath: a))
    try Data(
      TestLibrary.jpeg(
        date: "2024:02:02 10:00:00", offset: nil, orientation: nil,
        width: 9, height: 8)
    ).write(to: URL(fileURLWithPath: b))
    library.setMTime(b, 1_600_000_000)
    _ = try indexer.index(roots: [volumeRoot + "/photos"])
    let idA = try XCTUnwrap(catalog.asset(path: LibraryPath(a))?.id)
    let idB = try XCTUnwrap(catalog.asset(path: LibraryPath(b))?.id)
    let bytesA = bytes(a)
    let bytesB = bytes(b)

    // 1. The volume's own trash, by rename; Path= relative to its top directory.
    XCTAssertEqual(libraryTrash.moveToTrash([idA], now: now), [])
    let inVolume = try XCTUnwrap(catalog.trashedPhotos().first)
    XCTAssertTrue(inVolume.asset.path.hasPrefix(volumeTrash + "/files/"), inVolume.asset.path)
    let infoPath = try XCTUnwrap(catalog.trashRow(idA)?.infoPath).string
    let infoText = String(decoding: try XCTUnwrap(bytes(infoPath)), as: UTF8.self)
    let relative = String(volumeRoot.dropFirst("/dev/shm/".count)) + "/photos/a.jpg"
    XCTAssertTrue(infoText.contains("\nPath=\(relative)\n"), infoText)
    XCTAssertEqual(try FreedesktopTrash.readInfo(infoPath).originalPath, a)
    var info = stat()
    XCTAssertEqual(lstat(volumeTrash, &info), 0)
    XCTAssertEqual(info.st_mode & 0o777, 0o700)
    XCTAssertEqual(libraryTrash.restore([idA]), [])
    XCTAssertEqual(bytes(a), bytesA)

    // 2. No volume trash: copied to the home trash on disk (EXDEV), then back.
    var homeOnly = trash!
    homeOnly.usesVolumeTrashes = false
    let crossing = LibraryTrash(catalog: catalog, trash: homeOnly)
    XCTAssertEqual(crossing.moveToTrash([idB], now: now), [])
    XCTAssertFalse(exists(b))
    XCTAssertEqual(bytes(trash.homeTrash + "/files/b.jpg"), bytesB)
    XCTAssertEqual(
      try FreedesktopTrash.readInfo(trash.homeTrash + "/info/b.jpg.trashinfo")
        .originalPath, b)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: trash.homeTrash)
    XCTAssertEqual(leftovers.sorted(), ["files", "info"], "no partial copy left behind")
    XCTAssertEqual(crossing.restore([idB]), [])
    XCTAssertEqual(bytes(b), bytesB)
    XCTAssertEqual(try catalog.asset(path: LibraryPath(b))?.id, idB)
    XCTAssertEqual(try catalog.asset(id: idB)?.modificationTime, 1_600_000_000, "mtime kept")
    let rescan = try indexer.index()
    XCTAssertEqual(rescan.new + rescan.removed + rescan.changed, 0)
  }
}

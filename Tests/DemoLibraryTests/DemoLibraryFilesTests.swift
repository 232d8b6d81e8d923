import DemoLibrary
import Foundation
import XCTest

/// Writing the library to disk: bytes and mtimes, the marker, and never touching files the
/// generator did not write.
final class DemoLibraryFilesTests: XCTestCase {
  private var scratch: URL!

  override func setUpWithError() throws {
    scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("demo-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: scratch)
  }

  private func files(in dir: URL) throws -> [String] {
    try FileManager.default.subpathsOfDirectory(atPath: dir.path).filter {
      var isDir: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: dir.appendingPathComponent($0).path, isDirectory: &isDir)
      return exists && !isDir.boolValue
    }.sorted()
  }

  func testWritesPlannedFilesWithCaptureMtimesAndProgress() throws {
    let dir = scratch.appendingPathComponent("lib")
    let options = DemoLibraryOptions(directory: dir.path, count: 12, seed: 3)
    var reports: [(Int, Int)] = []
    let summary = try DemoLibraryGenerator.generate(options) { reports.append(($0, $1)) }
    XCTAssertEqual(summary.fileCount, 12)
    XCTAssertEqual(reports.map(\.0), Array(1...12))
    XCTAssertTrue(reports.allSatisfy { $0.1 == 12 })
    let plan = DemoLibraryGenerator.plan(options)
    XCTAssertEqual(
      try files(in: dir),
      (plan.map(\.relativePath) + [DemoLibraryGenerator.markerFileName]).sorted())
    for item in plan {
      let path = dir.appendingPathComponent(item.relativePath).path
      // Threads do not change the output: the file is exactly the item's bytes.
      let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
      XCTAssertEqual(written, try DemoLibraryGenerator.fileBytes(item).get(), item.relativePath)
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      let mtime = try XCTUnwrap(attributes[.modificationDate] as? Date)
      XCTAssertEqual(Int64(mtime.timeIntervalSince1970), item.modificationTime, item.relativePath)
    }
  }

  func testRefusesADirectoryWithSomeoneElsesFiles() throws {
    let dir = scratch.appendingPathComponent("pictures")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let precious = dir.appendingPathComponent("holiday.jpg")
    try Data([1, 2, 3]).write(to: precious)
    XCTAssertThrowsError(
      try DemoLibraryGenerator.generate(DemoLibraryOptions(directory: dir.path, count: 3))
    ) { error in
      XCTAssertTrue("\(error)".contains("not a demo library"), "\(error)")
    }
    XCTAssertEqual(try Data(contentsOf: precious), Data([1, 2, 3]))
    XCTAssertEqual(try files(in: dir), ["holiday.jpg"])
  }

  func testRegeneratesItsOwnLibraryButNotForeignFilesInIt() throws {
    let dir = scratch.appendingPathComponent("demo")
    _ = try DemoLibraryGenerator.generate(DemoLibraryOptions(directory: dir.path, count: 8))
    // A smaller re-run replaces the old library: no leftovers.
    let options = DemoLibraryOptions(directory: dir.path, count: 4, seed: 5)
    _ = try DemoLibraryGenerator.generate(options)
    let expected = DemoLibraryGenerator.plan(options).map(\.relativePath)
    XCTAssertEqual(try files(in: dir), (expected + [DemoLibraryGenerator.markerFileName]).sorted())

    // A file the user dropped into the demo library stops the next run, untouched.
    let mine = dir.appendingPathComponent("notes.txt")
    try Data("keep".utf8).write(to: mine)
    XCTAssertThrowsError(try DemoLibraryGenerator.generate(options)) { error in
      XCTAssertTrue("\(error)".contains("notes.txt"), "\(error)")
    }
    XCTAssertEqual(try Data(contentsOf: mine), Data("keep".utf8))
    XCTAssertTrue(
      expected.allSatisfy {
        FileManager.default.fileExists(atPath: dir.appendingPathComponent($0).path)
      })
  }

  func testRefusesAPathThatIsAFile() throws {
    let file = scratch.appendingPathComponent("plain")
    try Data([0]).write(to: file)
    XCTAssertThrowsError(
      try DemoLibraryGenerator.generate(DemoLibraryOptions(directory: file.path, count: 2)))
    XCTAssertThrowsError(
      try DemoLibraryGenerator.generate(DemoLibraryOptions(directory: scratch.path, count: -1)))
  }

  func testEmptyExistingDirectoryIsFine() throws {
    let dir = scratch.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let summary = try DemoLibraryGenerator.generate(
      DemoLibraryOptions(directory: dir.path, count: 2))
    XCTAssertEqual(summary.fileCount, 2)
  }
}

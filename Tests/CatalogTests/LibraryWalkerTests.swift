import Foundation
import LightboxTestSupport
import XCTest

@testable import Catalog

/// The walk on several threads gives exactly the serial walk's files, problems and
/// unreadable folders, in the same order; and the stamp table a re-scan compares with.
final class LibraryWalkerTests: XCTestCase {
  var library: TestLibrary!

  override func setUp() { library = TestLibrary("walker") }
  override func tearDown() { library.remove() }

  private func walk(threads: Int) -> LibraryWalker {
    var walker = LibraryWalker(
      threads: threads, scope: LibraryScope(roots: [LibraryPath(library.root)]))
    walker.walk(root: LibraryPath(library.root))
    return walker
  }

  private func assertSameWalk(file: StaticString = #filePath, line: UInt = #line) {
    let serial = walk(threads: 1)
    for threads in [2, 3, 8] {
      let parallel = walk(threads: threads)
      XCTAssertEqual(parallel.files, serial.files, "\(threads) threads", file: file, line: line)
      XCTAssertEqual(parallel.problems, serial.problems, file: file, line: line)
      XCTAssertEqual(parallel.unreadable, serial.unreadable, file: file, line: line)
    }
  }

  func testParallelWalkListsWhatTheSerialWalkLists() throws {
    var rng = SeededGenerator(seed: TestSeed.value)
    for i in 0..<200 {
      let depth = Int.random(in: 0...3, using: &rng)
      let folders = (0..<depth).map { _ in "d\(Int.random(in: 0..<5, using: &rng))" }
      let relative = (folders + ["f\(i).jpg"]).joined(separator: "/")
      try library.write(relative, String(i))
    }
    try library.write(".hidden/x.jpg", "hidden")
    try library.write("top.jpg", "top")
    XCTAssertEqual(mkdir(library.root + "/locked", 0o755), 0)
    try library.write("locked/inside.jpg", "x")
    XCTAssertEqual(chmod(library.root + "/locked", 0), 0)
    let serial = walk(threads: 1)
    XCTAssertGreaterThan(serial.files.count, 200)
    if getuid() != 0 { XCTAssertEqual(serial.unreadable.map(\.string), [library.root + "/locked"]) }
    assertSameWalk()
  }

  func testFolderLinkedIntoASiblingIsListedUnderItsRealPath() throws {
    try library.write("a/one.jpg", "1")
    try library.write("b/two.jpg", "2")
    try library.write("c/three.jpg", "3")
    // "a/linked" is "c", met first: c's files are still listed as c's, once.
    XCTAssertEqual(symlink(library.root + "/c", library.root + "/a/linked"), 0)
    XCTAssertEqual(symlink("../c/three.jpg", library.root + "/a/three.jpg"), 0)
    XCTAssertEqual(symlink(library.root, library.root + "/b/loop"), 0)
    let serial = walk(threads: 1)
    XCTAssertEqual(
      serial.files.map(\.path.string),
      ["/a/one.jpg", "/b/two.jpg", "/c/three.jpg"].map { library.root + $0 })
    assertSameWalk()
  }

  func testFolderOutsideLinkedFromTwoSubtreesIsListedWhereTheSerialWalkListsIt() throws {
    let outside = library.folder.appendingPathComponent("outside").path
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try Data("o".utf8).write(to: URL(fileURLWithPath: outside + "/o.jpg"))
    try library.write("a/one.jpg", "1")
    try library.write("b/two.jpg", "2")
    // Both subtrees enter the folder outside: the serial walk lists it under a/out.
    XCTAssertEqual(symlink(outside, library.root + "/a/out"), 0)
    XCTAssertEqual(symlink(outside, library.root + "/b/out"), 0)
    let serial = walk(threads: 1)
    XCTAssertEqual(
      serial.files.map(\.path.string),
      ["/a/one.jpg", "/a/out/o.jpg", "/b/two.jpg"].map { library.root + $0 })
    assertSameWalk()
  }

  func testStampTableTakesEachPathOnceAndListsTheRest() {
    let table = StampTable(expected: 4)
    for i in 0..<5_000 {
      table.add(
        LibraryPath("/lib/\(i % 7)/p\(i).jpg"),
        stamp: FileStamp(size: Int64(i), mtimeNanoseconds: Int64(i) * 3), isPhoto: i % 2 == 0)
    }
    // A path added again takes the new row.
    table.add(
      LibraryPath("/lib/3/p3.jpg"), stamp: FileStamp(size: 9, mtimeNanoseconds: 9),
      isPhoto: false)
    table.add(LibraryPath(""), stamp: FileStamp(size: 1, mtimeNanoseconds: 1), isPhoto: true)
    XCTAssertEqual(table.count, 5_001)
    let row = table.take(LibraryPath("/lib/1/p8.jpg"))
    XCTAssertEqual(row?.stamp, FileStamp(size: 8, mtimeNanoseconds: 24))
    XCTAssertEqual(row?.isPhoto, true)
    XCTAssertNil(table.take(LibraryPath("/lib/1/p8.jpg")), "taken once")
    XCTAssertNil(table.take(LibraryPath("/lib/1/p8.jp")))
    XCTAssertEqual(table.take(LibraryPath("/lib/3/p3.jpg"))?.stamp.size, 9)
    XCTAssertEqual(table.take(LibraryPath(""))?.isPhoto, true)
    for i in stride(from: 0, to: 5_000, by: 2) {
      XCTAssertEqual(
        table.take(LibraryPath("/lib/\(i % 7)/p\(i).jpg"))?.stamp.mtimeNanoseconds,
        i == 8 ? nil : Int64(i) * 3)
    }
    // One name in several folders, and a path without a folder: each its own row.
    for (i, path) in ["a.jpg", "/a.jpg", "/lib/a.jpg", "/lib/1/a.jpg", "/lib/1/"].enumerated() {
      table.add(
        LibraryPath(path), stamp: FileStamp(size: Int64(100 + i), mtimeNanoseconds: 0),
        isPhoto: true)
    }
    XCTAssertEqual(table.take(LibraryPath("/lib/a.jpg"))?.stamp.size, 102)
    XCTAssertEqual(table.take(LibraryPath("a.jpg"))?.stamp.size, 100)
    XCTAssertNil(table.take(LibraryPath("/lib/2/a.jpg")), "a folder never added")
    var rest = table.untaken()
    XCTAssertEqual(
      rest.suffix(3).map(\.string), ["/a.jpg", "/lib/1/a.jpg", "/lib/1/"],
      "folder and name put together again")
    rest.removeLast(3)
    XCTAssertEqual(rest.count, 2_500 - 1)
    XCTAssertEqual(rest.first?.string, "/lib/1/p1.jpg", "in the order added")
    XCTAssertFalse(rest.contains(LibraryPath("/lib/3/p3.jpg")))
  }
}

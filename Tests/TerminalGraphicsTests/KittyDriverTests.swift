import Foundation
import Pixels
@_spi(Decoders) import Decoders
import PhotoModel
import XCTest

@testable import TerminalGraphics

/// The kitty driver's bytes: chunked transmissions, placements that leave the cursor alone,
/// deletes of what leaves, and an LRU of transmitted images within a byte budget.
final class KittyDriverTests: XCTestCase {
  let cell = PixelSize(width: 10, height: 20)

  /// The commands in `bytes` as `keys` strings with their payloads.
  func commands(_ bytes: [UInt8]) -> [(keys: String, payload: [UInt8])] {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.components(separatedBy: "\u{1B}_G").dropFirst().map { part in
      let body = part.components(separatedBy: "\u{1B}\\")[0]
      let split = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      return (String(split[0]), split.count > 1 ? Array(split[1].utf8) : [])
    }
  }

  func gradient(width: Int, height: Int) -> Bitmap {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width { pixels += [UInt8(x % 256), UInt8(y % 256), UInt8((x + y) % 256), 255] }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  func testBase64MatchesTheStandardVectors() {
    for (plain, encoded) in [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
      ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ] {
      XCTAssertEqual(String(decoding: Base64.encode(Array(plain.utf8)), as: UTF8.self), encoded)
    }
  }

  func testTransmissionIsAChunkedPNGWithTheImageID() throws {
    let bitmap = gradient(width: 140, height: 133)
    let image = KittyImage(bitmap: bitmap, cell: cell, id: 76)
    XCTAssertEqual(image.cellSize, PixelSize(width: 14, height: 7))
    let chunks = commands(image.transmission)
    XCTAssertGreaterThan(chunks.count, 1)
    XCTAssertEqual(chunks[0].keys, "a=t,i=76,f=100,t=d,q=2,m=1")
    for chunk in chunks.dropFirst().dropLast() { XCTAssertEqual(chunk.keys, "m=1") }
    XCTAssertEqual(chunks.last?.keys, "m=0")
    XCTAssertTrue(chunks.allSatisfy { $0.payload.count <= 4096 && $0.payload.count % 4 == 0 })
    let base64 = String(decoding: chunks.flatMap(\.payload), as: UTF8.self)
    let png = try XCTUnwrap(Data(base64Encoded: base64))
    XCTAssertLessThan(png.count, 140 * 133 * 3, "smaller than the raw pixels")
    let decoded = try ImageDecoder.decode(
      data: Array(png), options: DecodeOptions(target: PixelSize(width: 140, height: 133))
    ).get()
    XCTAssertEqual(decoded, bitmap, "the PNG holds exactly the picture")
  }

  func testRawTransmissionIsChunkedRGBWithTheImageID() throws {
    let bitmap = gradient(width: 140, height: 133)
    let image = KittyImage(bitmap: bitmap, cell: cell, id: 77, png: false)
    let chunks = commands(image.transmission)
    XCTAssertGreaterThan(chunks.count, 1)
    XCTAssertEqual(chunks[0].keys, "a=t,i=77,f=24,s=140,v=133,t=d,q=2,m=1")
    for chunk in chunks.dropFirst().dropLast() { XCTAssertEqual(chunk.keys, "m=1") }
    XCTAssertEqual(chunks.last?.keys, "m=0")
    XCTAssertTrue(chunks.allSatisfy { $0.payload.count <= 4096 && $0.payload.count % 4 == 0 })
    // The payload is the pixels as R, G, B (alpha dropped).
    let base64 = String(decoding: chunks.flatMap(\.payload), as: UTF8.self)
    let data = try XCTUnwrap(Data(base64Encoded: base64))
    XCTAssertEqual(data.count, 140 * 133 * 3)
    let x = 37
    let y = 101
    XCTAssertEqual(Array(data[(y * 140 + x) * 3..<(y * 140 + x) * 3 + 3]), [37, 101, 138])
  }

  func testIDsAreUniqueAndNeverZeroOrTheQueryID() {
    let ids = (0..<50).map { _ in KittyImage.nextID() }
    XCTAssertEqual(Set(ids).count, 50)
    XCTAssertFalse(ids.contains(0))
    XCTAssertFalse(ids.contains(UInt32(ControlSequence.kittyQueryID)))
  }

  func testPlacingTwiceTransmitsOnceAndLeavesTheCursor() {
    var driver = KittyDriver(cell: cell)
    let picture = TerminalPicture.kitty(
      KittyImage(bitmap: gradient(width: 20, height: 20), cell: cell, id: 5))
    var first: [UInt8] = []
    driver.place(picture, row: 2, column: 3, into: &first)
    var second: [UInt8] = []
    driver.place(picture, row: 10, column: 3, into: &second)
    XCTAssertEqual(commands(first).map(\.keys).first, "a=t,i=5,f=100,t=d,q=2,m=0")
    XCTAssertTrue(
      String(decoding: first, as: UTF8.self).hasSuffix(
        "\u{1B}[3;4H\u{1B}_Ga=p,i=5,p=\(2 * 4096 + 4),C=1,q=2\u{1B}\\"))
    XCTAssertEqual(
      String(decoding: second, as: UTF8.self),
      "\u{1B}[11;4H\u{1B}_Ga=p,i=5,p=\(10 * 4096 + 4),C=1,q=2\u{1B}\\",
      "the second placement sends no pixels")
  }

  func testEraseDeletesThePlacementsAnchoredInTheRun() {
    var driver = KittyDriver(cell: cell)
    let a = TerminalPicture.kitty(
      KittyImage(bitmap: gradient(width: 20, height: 20), cell: cell, id: 8))
    let b = TerminalPicture.kitty(
      KittyImage(bitmap: gradient(width: 20, height: 20), cell: cell, id: 9))
    var bytes: [UInt8] = []
    driver.place(a, row: 1, column: 0, into: &bytes)
    driver.place(b, row: 1, column: 10, into: &bytes)
    var erase: [UInt8] = []
    driver.erase(row: 1, column: 0, width: 5, into: &erase)
    XCTAssertEqual(commands(erase).map(\.keys), ["a=d,d=i,i=8,p=4097,q=2"])
    XCTAssertTrue(String(decoding: erase, as: UTF8.self).hasPrefix("\u{1B}[2;1H\u{1B}[5X"))
    // Rows below the anchor hold no anchor: nothing more to delete.
    var below: [UInt8] = []
    driver.erase(row: 2, column: 10, width: 5, into: &below)
    XCTAssertEqual(commands(below).count, 0)
    XCTAssertEqual(driver.ledger.placed.count, 1)
  }

  func testAnotherPictureAtTheSameCellReplacesTheOldPlacement() {
    var driver = KittyDriver(cell: cell)
    let a = TerminalPicture.kitty(
      KittyImage(bitmap: gradient(width: 20, height: 20), cell: cell, id: 11))
    let b = TerminalPicture.kitty(
      KittyImage(bitmap: gradient(width: 20, height: 20), cell: cell, id: 12))
    var bytes: [UInt8] = []
    driver.place(a, row: 0, column: 0, into: &bytes)
    var replace: [UInt8] = []
    driver.place(b, row: 0, column: 0, into: &replace)
    XCTAssertEqual(
      commands(replace).map(\.keys).filter { $0.hasPrefix("a=d") }, ["a=d,d=i,i=11,p=1,q=2"])
  }

  func testLeastRecentlyPlacedImagesAreFreedPastTheBudgetButNotOnesOnScreen() {
    // Each 20×20 image holds 1,600 bytes in the terminal; the budget fits two.
    var driver = KittyDriver(cell: cell, budgetBytes: 3_200)
    let pictures = (20..<24).map {
      TerminalPicture.kitty(KittyImage(bitmap: gradient(width: 20, height: 20), cell: cell, id: $0))
    }
    var bytes: [UInt8] = []
    driver.place(pictures[0], row: 0, column: 0, into: &bytes)
    driver.place(pictures[1], row: 0, column: 2, into: &bytes)
    // Both leave the screen; 0 was placed longest ago.
    driver.erase(row: 0, column: 0, width: 4, into: &bytes)
    var third: [UInt8] = []
    driver.place(pictures[2], row: 0, column: 0, into: &third)
    XCTAssertEqual(commands(third).map(\.keys).filter { $0.hasPrefix("a=d") }, ["a=d,d=I,i=20,q=2"])
    XCTAssertFalse(driver.ledger.holds(20))
    XCTAssertTrue(driver.ledger.holds(21))
    // 2 is on screen: placing 3 frees 1 (off screen), never 2.
    var fourth: [UInt8] = []
    driver.place(pictures[3], row: 0, column: 2, into: &fourth)
    XCTAssertEqual(
      commands(fourth).map(\.keys).filter { $0.hasPrefix("a=d") }, ["a=d,d=I,i=21,q=2"])
    XCTAssertTrue(driver.ledger.holds(22))
    XCTAssertEqual(driver.ledger.transmittedBytes, 3_200)
    // Placing a freed image again sends it again.
    driver.erase(row: 0, column: 0, width: 4, into: &bytes)
    var again: [UInt8] = []
    driver.place(pictures[0], row: 5, column: 0, into: &again)
    XCTAssertTrue(commands(again).contains { $0.keys.hasPrefix("a=t,i=20,") })
  }

  func testClearingTheScreenAndFinishingFreeEverything() {
    var driver = KittyDriver(cell: cell)
    let picture = TerminalPicture.kitty(
      KittyImage(bitmap: gradient(width: 20, height: 20), cell: cell, id: 30))
    var bytes: [UInt8] = []
    driver.place(picture, row: 0, column: 0, into: &bytes)
    var cleared: [UInt8] = []
    driver.screenCleared(into: &cleared)
    XCTAssertEqual(commands(cleared).map(\.keys), ["a=d,d=A,q=2"])
    XCTAssertFalse(driver.ledger.holds(30), "sent again after a clear")
    var finish: [UInt8] = []
    driver.finish(into: &finish)
    XCTAssertEqual(commands(finish).map(\.keys), ["a=d,d=A,q=2"])
  }

  func testOtherDriversWriteNothingOnClearOrFinish() {
    var sixel: any GraphicsDriver = SixelDriver(colors: 256, cell: cell)
    var bytes: [UInt8] = []
    sixel.screenCleared(into: &bytes)
    sixel.finish(into: &bytes)
    XCTAssertEqual(bytes, [])
  }

  func testFilePicturesWriteAFileEachTimeTheyAreTransmittedAndLeaveNoneBehind() throws {
    let directory =
      NSTemporaryDirectory() + "kitty-files-\(getpid())-\(UInt32.random(in: 0...9999))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let bitmap = gradient(width: 140, height: 133)
    let image = KittyImage(
      bitmap: bitmap, cell: cell, id: 44, medium: .temporaryFile(directory: directory))
    XCTAssertTrue(image.transmission.isEmpty, "no base64 kept")
    var driver = KittyDriver(
      cell: cell, medium: .temporaryFile(directory: directory), budgetBytes: 1)
    var bytes: [UInt8] = []
    driver.place(.kitty(image), row: 0, column: 0, into: &bytes)
    let sent = commands(bytes)
    XCTAssertEqual(sent.first?.keys, "a=t,i=44,f=100,t=t,q=2")
    let path = String(
      decoding: try XCTUnwrap(Data(base64Encoded: Data(sent[0].payload))), as: UTF8.self)
    XCTAssertTrue(path.hasPrefix(directory + "/tty-graphics-protocol-"), path)
    // The file is the PNG of the picture, private to the user.
    let png = try Data(contentsOf: URL(fileURLWithPath: path))
    let decoded = try ImageDecoder.decode(
      data: Array(png), options: DecodeOptions(target: bitmap.size)
    ).get()
    XCTAssertEqual(decoded, bitmap)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    XCTAssertEqual(mode, 0o600)
    XCTAssertLessThan(bytes.count, 300, "a path, not the pixels")

    // The terminal deletes what it read: sent again (after leaving the budget), a new file.
    unlink(path)
    driver.erase(row: 0, column: 0, width: 14, into: &bytes)
    for row in 1..<7 { driver.erase(row: row, column: 0, width: 14, into: &bytes) }
    let other = KittyImage(
      bitmap: bitmap, cell: cell, id: 45, medium: .temporaryFile(directory: directory))
    driver.place(.kitty(other), row: 0, column: 20, into: &bytes)
    var again: [UInt8] = []
    driver.place(.kitty(image), row: 10, column: 0, into: &again)
    let second = String(
      decoding: try XCTUnwrap(Data(base64Encoded: Data(commands(again)[0].payload))),
      as: UTF8.self)
    XCTAssertNotEqual(second, path)
    XCTAssertTrue(FileManager.default.fileExists(atPath: second))

    // Files the terminal did not read are removed when the session ends.
    var end: [UInt8] = []
    driver.finish(into: &end)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
  }
}

import Foundation
import Pixels
import PhotoModel
import XCTest

@testable import TerminalGraphics

/// kitty pictures through tmux: image commands wrapped in tmux's passthrough, a virtual
/// placement, and placeholder text numbered by row and column in the id's colour.
final class KittyPlaceholderTests: XCTestCase {
  let cell = PixelSize(width: 10, height: 20)

  func gradient(width: Int, height: Int) -> Bitmap {
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width { pixels += [UInt8(x % 256), UInt8(y % 256), UInt8((x + y) % 256), 255] }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  /// The sequences tmux would hand to the terminal outside: each `ESC P tmux; … ESC \`
  /// unwrapped (doubled ESCs made single), in order.
  func passedThrough(_ bytes: [UInt8]) -> [[UInt8]] {
    let start = Array("\u{1B}Ptmux;".utf8)
    var out: [[UInt8]] = []
    var i = 0
    while i + start.count <= bytes.count {
      guard Array(bytes[i..<(i + start.count)]) == start else {
        i += 1
        continue
      }
      i += start.count
      var inner: [UInt8] = []
      while i + 1 < bytes.count {
        if bytes[i] == 0x1B && bytes[i + 1] == 0x1B {
          inner.append(0x1B)
          i += 2
        } else if bytes[i] == 0x1B && bytes[i + 1] == UInt8(ascii: "\\") {
          i += 2
          break
        } else {
          inner.append(bytes[i])
          i += 1
        }
      }
      out.append(inner)
    }
    return out
  }

  /// `bytes` without the passthrough sequences: what tmux keeps as the pane's text.
  func paneText(_ bytes: [UInt8]) -> String {
    var text = String(decoding: bytes, as: UTF8.self)
    while let start = text.range(of: "\u{1B}Ptmux;") {
      var end = start.upperBound
      while end < text.endIndex {
        let next = text.index(after: end)
        if text[end] == "\u{1B}", next < text.endIndex, text[next] == "\\" {
          end = text.index(after: next)
          break
        }
        end = text[end] == "\u{1B}" && next < text.endIndex ? text.index(after: next) : next
      }
      text.removeSubrange(start.lowerBound..<end)
    }
    return text
  }

  /// The placeholder cells of `text` as (row, column, high byte) from their marks.
  func cells(_ text: String) -> [(row: Int, column: Int, high: Int)] {
    let index = Dictionary(
      uniqueKeysWithValues: KittyPlaceholder.diacritics.enumerated().map { ($1, $0) })
    var out: [(Int, Int, Int)] = []
    let scalars = Array(text.unicodeScalars)
    for (i, scalar) in scalars.enumerated() where scalar == KittyPlaceholder.character {
      var marks: [Int] = []
      var j = i + 1
      while j < scalars.count, let n = index[scalars[j].value] {
        marks.append(n)
        j += 1
      }
      out.append(
        (
          marks.count > 0 ? marks[0] : -1, marks.count > 1 ? marks[1] : -1,
          marks.count > 2 ? marks[2] : 0
        ))
    }
    return out
  }

  func testTheMarksAreKittysTable() throws {
    let marks = KittyPlaceholder.diacritics
    XCTAssertEqual(marks.count, 297)
    XCTAssertEqual(marks.first, 0x0305)
    XCTAssertEqual(marks.last, 0x1D244)
    XCTAssertEqual(marks, marks.sorted(), "in code point order")
    XCTAssertEqual(Set(marks).count, marks.count)
    for value in marks {
      let scalar = try XCTUnwrap(Unicode.Scalar(value))
      XCTAssertEqual(scalar.properties.canonicalCombiningClass, .above, String(value, radix: 16))
    }
    // Left out by kitty: marks normalization fuses with a letter (À = A + U+0300).
    for fused: UInt32 in [0x0300, 0x0301, 0x0308, 0x0342, 0x0653] {
      XCTAssertFalse(marks.contains(fused))
    }
  }

  func testIDsFitA256ColourAndAHighByte() {
    var seen = Set<UInt32>()
    for n in UInt32(0)..<(255 * 256) {
      let id = KittyPlaceholder.id(number: n)
      XCTAssertTrue(KittyPlaceholder.isWritable(id), String(id, radix: 16))
      seen.insert(id)
    }
    XCTAssertEqual(seen.count, 255 * 256, "every number its own id until the wrap")
    XCTAssertEqual(KittyPlaceholder.id(number: 0), 1)
    XCTAssertEqual(KittyPlaceholder.id(number: 254), 255)
    XCTAssertEqual(KittyPlaceholder.id(number: 255), 0x0100_0001)
    XCTAssertEqual(KittyPlaceholder.id(number: 255 * 256), 1, "wraps")
    XCTAssertFalse(KittyPlaceholder.isWritable(256))
    XCTAssertFalse(KittyPlaceholder.isWritable(0x0100_0000))
  }

  func testARowIsNumberedCellByCellInTheIDsColour() {
    let plain = String(decoding: KittyPlaceholder.row(3, columns: 5, id: 42), as: UTF8.self)
    XCTAssertTrue(plain.hasPrefix("\u{1B}[38;5;42m"), plain.debugDescription)
    XCTAssertEqual(cells(plain).map(\.row), [3, 3, 3, 3, 3])
    XCTAssertEqual(cells(plain).map(\.column), [0, 1, 2, 3, 4])
    XCTAssertEqual(cells(plain).map(\.high), [0, 0, 0, 0, 0])
    let high = String(
      decoding: KittyPlaceholder.row(0, columns: 2, id: 0x0700_0009), as: UTF8.self)
    XCTAssertTrue(high.hasPrefix("\u{1B}[38;5;9m"), high.debugDescription)
    XCTAssertEqual(cells(high).map(\.high), [7, 7], "the high byte in a third mark")
    XCTAssertTrue(KittyPlaceholder.row(297, columns: 3, id: 1).isEmpty, "past the table")
  }

  func testPassthroughDoublesEveryEscape() {
    let command = ControlSequence.kittyFreeImage(id: 5)
    let wrapped = ControlSequence.tmuxPassthrough(command)
    XCTAssertEqual(
      String(decoding: wrapped, as: UTF8.self),
      "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=5,q=2\u{1B}\u{1B}\\\u{1B}\\")
    XCTAssertEqual(passedThrough(wrapped), [command])
  }

  func testANewPictureGoesThroughTmuxOnceThenPlacesAsText() throws {
    var driver = KittyPlaceholderDriver(cell: cell)
    let picture = try driver.encode(gradient(width: 140, height: 133)).get()
    guard case .kitty(let image) = picture else { return XCTFail("not a kitty picture") }
    XCTAssertTrue(KittyPlaceholder.isWritable(image.id))

    var first: [UInt8] = []
    driver.place(picture, row: 2, column: 10, into: &first)
    let sent = passedThrough(first)
    // The transmission's commands, each in its own passthrough, then the virtual placement.
    let transmitted = KittyPlaceholderDriver.commands(in: image.transmission).map(Array.init)
    XCTAssertGreaterThan(transmitted.count, 1, "chunked")
    XCTAssertEqual(Array(sent.dropLast()), transmitted)
    XCTAssertEqual(
      sent.last,
      ControlSequence.kittyVirtualPlacement(id: image.id, columns: 14, rows: 7))
    let text = paneText(first)
    XCTAssertFalse(text.contains("\u{1B}_G"), "no image command reaches tmux as text")
    let placed = cells(text)
    XCTAssertEqual(placed.count, 14 * 7)
    XCTAssertEqual(placed.first?.row, 0)
    XCTAssertEqual(placed.last?.row, 6)
    XCTAssertEqual(placed.last?.column, 13)
    for line in 0..<7 {
      let move = String(
        decoding: ControlSequence.cursorPosition(row: 2 + line, column: 10),
        as: UTF8.self)
      XCTAssertTrue(text.contains(move + "\u{1B}[38;5;\(image.id & 0xFF)m"), "row \(line)")
    }
    XCTAssertTrue(text.hasSuffix("\u{1B}[0m"), "the colour is reset for ncurses")

    // Scrolled one row: the same image again is text only, a few hundred bytes.
    var again: [UInt8] = []
    driver.erase(row: 2, column: 10, width: 14, into: &again)
    driver.place(picture, row: 1, column: 10, into: &again)
    XCTAssertTrue(passedThrough(again).isEmpty, "no image data for a transmitted picture")
    XCTAssertEqual(cells(paneText(again)).count, 14 * 7)
    XCTAssertLessThan(again.count, first.count / 4)
  }

  func testPastTheBudgetTheOldestUnplacedImageIsFreedThroughTmux() throws {
    let tile = gradient(width: 40, height: 40)
    var driver = KittyPlaceholderDriver(cell: cell, budgetBytes: 40 * 40 * 4 * 2)
    let pictures = try (0..<3).map { _ in try driver.encode(tile).get() }
    let ids = pictures.map { picture -> UInt32 in
      guard case .kitty(let image) = picture else { return 0 }
      return image.id
    }
    var bytes: [UInt8] = []
    driver.place(pictures[0], row: 0, column: 0, into: &bytes)
    driver.erase(row: 0, column: 0, width: 4, into: &bytes)
    driver.erase(row: 1, column: 0, width: 4, into: &bytes)
    driver.place(pictures[1], row: 0, column: 10, into: &bytes)
    bytes = []
    driver.place(pictures[2], row: 0, column: 20, into: &bytes)
    XCTAssertTrue(
      passedThrough(bytes).contains(ControlSequence.kittyFreeImage(id: ids[0])),
      "the first picture, no longer placed, is freed")
    XCTAssertEqual(Set(driver.ledger.transmittedIDs), [ids[1], ids[2]])

    var end: [UInt8] = []
    driver.finish(into: &end)
    XCTAssertEqual(
      passedThrough(end),
      [ids[1], ids[2]].sorted().map { ControlSequence.kittyFreeImage(id: $0) },
      "only this session's images are freed: other panes keep theirs")
  }

  func testShowWritesPlaceholderLinesThatScrollLikeText() {
    let driver = KittyPlaceholderDriver(cell: cell)
    guard case .success(let picture) = driver.encode(gradient(width: 100, height: 60)) else {
      return XCTFail("the gradient encodes")
    }
    var bytes: [UInt8] = []
    driver.placeInline(picture, into: &bytes)
    let sent = passedThrough(bytes)
    XCTAssertTrue(sent.last.map { String(decoding: $0, as: UTF8.self) }?.contains("U=1") ?? false)
    let text = paneText(bytes)
    XCTAssertEqual(text.components(separatedBy: "\r\n").count - 1, 3, "one line per cell row")
    XCTAssertEqual(cells(text).count, 10 * 3)
  }
}

import LightboxTestSupport
import XCTest

@testable import PhotoModel

/// The search index's own parts: the byte scan, the name run, the per-photo arrays.
final class SearchIndexTests: XCTestCase {
  func asset(_ id: Int, _ name: String, make: String? = nil, lens: String? = nil) -> Asset {
    Asset(
      id: AssetID(Int64(id)), path: "/photos/a/\(name)", byteSize: 1, modificationTime: 0,
      format: .jpeg, storedPixelSize: nil, orientation: .up,
      captureDate: CaptureDate(year: 2020, month: 2, day: 29, hour: 1, source: .exif),
      cameraMake: make, lensModel: lens)
  }

  /// The sixteen-place step finds every byte value at every offset, never an earlier false
  /// one (bytes with the high bit set, 0x00 next to 0x01, starts and ends off the step).
  func testTheByteScanFindsTheFirstOccurrenceAtEveryOffset() {
    var random = SeededGenerator(seed: TestSeed.value)
    for _ in 0..<2_000 {
      let count = Int.random(in: 0...70, using: &random)
      let alphabet: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0x81, 0xFF, 0x61, 0x62]
      let bytes = (0..<count).map { _ in alphabet.randomElement(using: &random)! }
      let sought = alphabet.randomElement(using: &random)!
      let start = Int.random(in: 0...count, using: &random)
      let end = Int.random(in: start...count, using: &random)
      let expected = bytes[start..<end].firstIndex(of: sought)
      let found = bytes.withUnsafeBufferPointer {
        SearchIndex.firstIndex(of: sought, in: $0, from: start, to: end)
      }
      XCTAssertEqual(found, expected, "\(bytes) \(sought) \(start)..<\(end)")
    }
  }

  /// The pair search finds the first occurrence of any needle, looking for the needle's
  /// rarest two bytes (by the haystack's own counts) or its first and last.
  func testThePairSearchFindsWhatAPlainSearchFinds() {
    var random = SeededGenerator(seed: TestSeed.value)
    let alphabet: [UInt8] = [0x00, 0x01, 0x80, 0xFF, 0x61, 0x62, 0x62, 0x62]
    for _ in 0..<3_000 {
      let haystack = (0..<Int.random(in: 0...90, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      let needle = (0..<Int.random(in: 1...5, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      let start = Int.random(in: 0...haystack.count, using: &random)
      let expected =
        start > haystack.count - needle.count
        ? nil
        : (start...(haystack.count - needle.count)).first {
          Array(haystack[$0..<($0 + needle.count)]) == needle
        }
      var counts = [Int](repeating: 0, count: 256)
      for byte in haystack { counts[Int(byte)] += 1 }
      for finder in [
        SearchIndex.PairFinder(needle, byteCounts: nil),
        SearchIndex.PairFinder(needle, byteCounts: counts),
      ] {
        let found = haystack.withUnsafeBufferPointer { finder.firstMatch(in: $0, from: start) }
        XCTAssertEqual(found, expected, "\(needle) in \(haystack) from \(start)")
      }
    }
  }

  /// Every match is reported once, in order, none before the place the last call asked to
  /// go on from (here a random distance past each match).
  func testThePairSearchReportsEachMatchFromWhereItWasAskedToGoOn() {
    var random = SeededGenerator(seed: TestSeed.value)
    let alphabet: [UInt8] = [0x61, 0x62, 0x00, 0x80]
    for _ in 0..<2_000 {
      let haystack = (0..<Int.random(in: 0...120, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      let needle = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      let jumps = (0..<200).map { _ in Int.random(in: 1...20, using: &random) }
      var expected: [Int] = []
      var position = 0
      while position + needle.count <= haystack.count {
        if Array(haystack[position..<(position + needle.count)]) == needle {
          expected.append(position)
          position += jumps[expected.count - 1]
        } else {
          position += 1
        }
      }
      var found: [Int] = []
      haystack.withUnsafeBufferPointer { haystack in
        SearchIndex.PairFinder(needle, byteCounts: nil).forEachMatch(in: haystack, from: 0) {
          found.append($0)
          return $0 + jumps[found.count - 1]
        }
      }
      XCTAssertEqual(found, expected, "\(needle) in \(haystack)")
    }
  }

  func testAWordMatchesNamesIgnoringCaseAndNeverAcrossTwoNames() throws {
    let assets = [
      asset(1, "IMG_0001.JPG"), asset(2, "beach.jpg"), asset(3, "img_0002.jpg"),
      asset(4, "XIMG"), asset(5, "G_0.png"),
    ]
    let index = try XCTUnwrap(SearchIndex(assets))
    XCTAssertEqual(index.photos(holding: "img_") { _ in false }, [true, false, true, false, false])
    // "jpgb" would span the end of one name and the start of the next.
    XCTAssertEqual(
      index.photos(holding: "jpgb") { _ in false }, [false, false, false, false, false])
    XCTAssertEqual(index.photos(holding: "0") { _ in false }, [true, false, true, false, true])
  }

  func testCamerasAndLensesMatchOncePerDistinctCamera() throws {
    let assets = [
      asset(1, "a.jpg", make: "Canon", lens: "EF 50mm"), asset(2, "b.jpg"),
      asset(3, "c.jpg", make: "Canon", lens: "EF 50mm"), asset(4, "d.jpg", make: "NIKON"),
    ]
    let index = try XCTUnwrap(SearchIndex(assets))
    XCTAssertEqual(index.cameras.count, 2)
    XCTAssertEqual(index.photos(holding: "canon") { _ in false }, [true, false, true, false])
    XCTAssertEqual(index.photos(holding: "50mm") { _ in false }, [true, false, true, false])
    XCTAssertEqual(index.photos(holding: "nikon") { _ in false }, [false, false, false, true])
  }

  func testAWordWithNonASCIILettersAsksOnlyAboutNamesThatHaveThem() throws {
    let assets = [asset(1, "Été.jpg"), asset(2, "ete.jpg"), asset(3, "Ünter.png")]
    let index = try XCTUnwrap(SearchIndex(assets))
    var asked: [Int] = []
    let hits = index.photos(holding: "été") { photo in
      asked.append(photo)
      return photo == 0
    }
    XCTAssertEqual(asked, [0, 2])
    XCTAssertEqual(hits, [true, false, false])
  }

  func testDaysAndMonthsAreKeptPerPhoto() throws {
    var odd = asset(2, "b.jpg")
    odd.captureDate.month = 14
    var lateDay = asset(3, "c.jpg")
    lateDay.captureDate.day = 99
    let index = try XCTUnwrap(SearchIndex([asset(1, "a.jpg"), odd, lateDay]))
    XCTAssertEqual(index.dayKeys, [20_200_229, 20_201_429, 20_200_299])
    var far = asset(4, "d.jpg")
    far.captureDate.year = 1_000_000
    XCTAssertEqual(try XCTUnwrap(SearchIndex([far])).dayKeys, [2_000_000_229])
    XCTAssertEqual(index.monthDays, [2 * 64 + 29, SearchIndex.unknownMonthDay, 2 * 64 + 63])
  }
}

extension SearchIndex {
  /// The first `byte` in `haystack[start..<end]`: the pair search with a one-byte needle.
  static func firstIndex(
    of byte: UInt8, in haystack: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    guard start < end else { return nil }
    let slice = UnsafeBufferPointer(rebasing: haystack[..<end])
    return PairFinder([byte], byteCounts: nil).firstMatch(in: slice, from: start)
  }
}

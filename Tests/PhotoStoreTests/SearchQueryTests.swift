import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoStore

/// The search matcher: date words against the local capture date, other words against file
/// name, camera, lens and album names; all terms must match.
final class SearchQueryTests: XCTestCase {
  /// Thursday 15 August 2024.
  let today = (year: 2024, month: 8, day: 15)

  /// One photo at noon on every day from 1 June 2023 through 28 February 2025.
  lazy var everyDay: [Asset] = {
    let first = CaptureDate.daysFromCivil(year: 2023, month: 6, day: 1)
    let last = CaptureDate.daysFromCivil(year: 2025, month: 2, day: 28)
    return (first...last).map { dayNumber in
      let civil = CaptureDate.civilFromDays(dayNumber)
      return asset(
        id: dayNumber, name: "P\(dayNumber).jpg",
        date: (civil.year, civil.month, civil.day))
    }
  }()

  func asset(
    id: Int, name: String, date: (Int, Int, Int), make: String? = nil, model: String? = nil,
    lens: String? = nil, folder: String = "/photos"
  ) -> Asset {
    Asset(
      id: AssetID(Int64(id)), path: "\(folder)/\(name)", byteSize: 1, modificationTime: 0,
      format: .jpeg, storedPixelSize: nil, orientation: .up,
      captureDate: CaptureDate(
        year: date.0, month: date.1, day: date.2, hour: 12, source: .exif),
      cameraMake: make, cameraModel: model, lensModel: lens)
  }

  /// The matching days of `everyDay` as "yyyy-mm-dd", in order.
  func days(_ text: String, today: (year: Int, month: Int, day: Int)? = nil) -> [String] {
    let query = SearchQuery(text, today: today ?? self.today)
    return everyDay.filter { query.matches($0, albumNames: []) }.map {
      let d = $0.captureDate
      return String(format: "%04d-%02d-%02d", d.year, d.month, d.day)
    }
  }

  /// Asserts the query matches exactly the days `first` through `last` (consecutive).
  func assertDays(
    _ text: String, _ first: String, _ last: String, count: Int,
    today: (year: Int, month: Int, day: Int)? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    let found = days(text, today: today)
    XCTAssertEqual(found.first, first, "\(text)", file: file, line: line)
    XCTAssertEqual(found.last, last, "\(text)", file: file, line: line)
    XCTAssertEqual(found.count, count, "\(text)", file: file, line: line)
  }

  func testAbsoluteDateWords() {
    assertDays("2024", "2024-01-01", "2024-12-31", count: 366)
    assertDays("2024-08", "2024-08-01", "2024-08-31", count: 31)
    assertDays("2024-02", "2024-02-01", "2024-02-29", count: 29)
    assertDays("2024-08-13", "2024-08-13", "2024-08-13", count: 1)
    assertDays("2024-8-3", "2024-08-03", "2024-08-03", count: 1)
    assertDays("August 2024", "2024-08-01", "2024-08-31", count: 31)
    assertDays("aug 2024", "2024-08-01", "2024-08-31", count: 31)
    assertDays("13 Aug 2024", "2024-08-13", "2024-08-13", count: 1)
    assertDays("Aug 13 2024", "2024-08-13", "2024-08-13", count: 1)
    assertDays("Aug 13, 2024", "2024-08-13", "2024-08-13", count: 1)
    assertDays("13th August 2024", "2024-08-13", "2024-08-13", count: 1)
  }

  func testMonthWordsMatchEveryYear() {
    XCTAssertEqual(days("aug"), days("august"))
    let august = days("AUGUST")
    XCTAssertEqual(august.count, 62)  // August 2023 and August 2024
    XCTAssertTrue(august.allSatisfy { $0.dropFirst(5).hasPrefix("08-") })
    XCTAssertEqual(days("sept").count, 60)
    XCTAssertEqual(days("13 August"), ["2023-08-13", "2024-08-13"])
    XCTAssertEqual(days("August 13"), ["2023-08-13", "2024-08-13"])
    XCTAssertEqual(days("29 feb"), ["2024-02-29"])
  }

  func testRelativeDateWords() {
    assertDays("today", "2024-08-15", "2024-08-15", count: 1)
    assertDays("Yesterday", "2024-08-14", "2024-08-14", count: 1)
    // Weeks run Monday to Sunday; 15 August 2024 is a Thursday.
    assertDays("last week", "2024-08-05", "2024-08-11", count: 7)
    assertDays("this week", "2024-08-12", "2024-08-18", count: 7)
    assertDays("this month", "2024-08-01", "2024-08-31", count: 31)
    assertDays("last month", "2024-07-01", "2024-07-31", count: 31)
    assertDays("this year", "2024-01-01", "2024-12-31", count: 366)
    assertDays("last year", "2023-06-01", "2023-12-31", count: 214)
  }

  func testRelativeWordsAcrossYearAndWeekBoundaries() {
    let monday = (year: 2025, month: 1, day: 6)
    assertDays("last week", "2024-12-30", "2025-01-05", count: 7, today: monday)
    assertDays("last month", "2024-12-01", "2024-12-31", count: 31, today: monday)
    assertDays("yesterday", "2025-01-05", "2025-01-05", count: 1, today: monday)
    let sunday = (year: 2024, month: 8, day: 18)
    assertDays("last week", "2024-08-05", "2024-08-11", count: 7, today: sunday)
    let newYear = (year: 2025, month: 1, day: 1)
    assertDays("yesterday", "2024-12-31", "2024-12-31", count: 1, today: newYear)
    // A clock with an out-of-range field rolls over like a calendar instead of trapping.
    assertDays("today", "2024-09-01", "2024-09-01", count: 1, today: (2024, 8, 32))
  }

  func testMultiWordDatePhrasesAreOneTerm() {
    let q = SearchQuery("August 2024", today: today)
    XCTAssertEqual(q.terms.count, 1)
    XCTAssertEqual(
      SearchQuery("13 Aug 2024 canon", today: today).terms,
      [.days(first: 2024_08_13, last: 2024_08_13), .text("canon")])
    XCTAssertEqual(
      SearchQuery("last week", today: today).terms.count, 1)
    // "last" alone is a word to look for.
    XCTAssertEqual(SearchQuery("last", today: today).terms, [.text("last")])
  }

  func testImpossibleDatesAreNotDates() {
    XCTAssertEqual(SearchQuery("2024-02-30", today: today).terms, [.text("2024-02-30")])
    XCTAssertEqual(SearchQuery("2023-13", today: today).terms, [.text("2023-13")])
    XCTAssertEqual(
      SearchQuery("31 feb 2024", today: today).terms,
      [.text("31"), .days(first: 2024_02_01, last: 2024_02_29)])
    // A number that cannot be a year yet is a file-name fragment (IMG_2041).
    XCTAssertEqual(SearchQuery("2041", today: today).terms, [.text("2041")])
    XCTAssertEqual(SearchQuery("2025", today: today).terms.count, 1)
    XCTAssertEqual(SearchQuery("1234", today: today).terms, [.text("1234")])
  }

  func testWordsMatchFileNameCameraLensAndAlbums() {
    let photo = asset(
      id: 1, name: "IMG_2041.JPG", date: (2024, 8, 13), make: "Canon",
      model: "EOS R6", lens: "RF24-105mm F4 L", folder: "/home/me/Holiday")
    func match(_ text: String, albums: [String] = []) -> Bool {
      SearchQuery(text, today: today).matches(photo, albumNames: albums)
    }
    XCTAssertTrue(match("img_2041"))
    XCTAssertTrue(match("2041.jpg"))
    XCTAssertTrue(match("CANON"))
    XCTAssertTrue(match("r6"))
    XCTAssertTrue(match("24-105"))
    XCTAssertTrue(match("seoul", albums: ["Trip", "Seoul 2024"]))
    XCTAssertFalse(match("seoul", albums: ["Trip"]))
    XCTAssertFalse(match("nikon"))
    // Folders are not the file name.
    XCTAssertFalse(match("holiday"))
    // Every term must match: a date and a word.
    XCTAssertTrue(match("2024 canon"))
    XCTAssertTrue(match("aug 2024 img"))
    XCTAssertFalse(match("2023 canon"))
    XCTAssertFalse(match("canon nikon"))
  }

  /// A year also finds the files with it in their names (WhatsApp's IMG-20190412-WA0003.jpg,
  /// dated by the day it was saved); lens words count whole ("trip" is not "triple"), and a
  /// `lens:` term looks inside the lens name only.
  func testYearsFindNamesAndLensWordsCountWhole() {
    let whatsApp = asset(id: 1, name: "IMG-20190412-WA0003.jpg", date: (2021, 3, 2))
    let iPhone = asset(
      id: 2, name: "IMG_5195.HEIC", date: (2024, 8, 13), make: "Apple", model: "iPhone 15 Pro",
      lens: "iPhone 15 Pro back triple camera 6.765mm f/1.78")
    let canon = asset(
      id: 3, name: "IMG_2041.JPG", date: (2019, 8, 13), make: "Canon", model: "EOS R6",
      lens: "RF24-105mm F4 L")
    let photos = [whatsApp, iPhone, canon]
    func found(_ text: String) -> [Int] {
      let query = SearchQuery(text, today: today)
      let byAssets = photos.filter { query.matches($0, albumNames: []) }.map { Int($0.id.rawValue) }
      let index = SearchIndex(photos)!
      let byIndex = query.matchingIndices(in: photos, index: index, albums: []).map {
        Int(photos[$0].id.rawValue)
      }
      XCTAssertEqual(byAssets, byIndex, text)
      return byAssets
    }
    XCTAssertEqual(found("2019"), [1, 3])
    XCTAssertEqual(found("2021"), [1])
    XCTAssertEqual(found("trip"), [])
    XCTAssertEqual(found("triple"), [2])
    XCTAssertEqual(found("lens:trip"), [2])
    XCTAssertEqual(found("lens:apple"), [])
    XCTAssertEqual(found("apple"), [2])
    XCTAssertEqual(found("24-105"), [3])
    XCTAssertEqual(found("105mm"), [3])
    XCTAssertEqual(found("f4"), [3])
    XCTAssertEqual(found("camera 2024"), [2])
    XCTAssertEqual(SearchQuery("2019", today: today).terms, [.year(2019)])
    XCTAssertEqual(SearchQuery("lens:Tele", today: today).terms, [.lens("tele")])
  }

  func testNonASCIIWordsIgnoreCase() {
    let photo = asset(id: 1, name: "Été à Séoul.png", date: (2024, 8, 13), make: "ÖKO")
    let query = SearchQuery("été", today: today)
    XCTAssertTrue(query.matches(photo, albumNames: []))
    XCTAssertTrue(SearchQuery("SÉOUL", today: today).matches(photo, albumNames: []))
    XCTAssertTrue(SearchQuery("öko", today: today).matches(photo, albumNames: []))
    XCTAssertTrue(SearchQuery("CAFÉ", today: today).matches(photo, albumNames: ["café"]))
    XCTAssertFalse(SearchQuery("hiver", today: today).matches(photo, albumNames: []))
    // A non-ASCII word never matches all-ASCII text (the fast refusal).
    let plain = asset(id: 2, name: "ete.jpg", date: (2024, 8, 13), make: "OKO")
    XCTAssertFalse(query.matches(plain, albumNames: ["ete"]))
    // Decomposed é (as macOS writes file names) is the same letter.
    let decomposed = asset(id: 3, name: "E\u{301}te\u{301}.jpg", date: (2024, 8, 13))
    XCTAssertTrue(query.matches(decomposed, albumNames: []))
  }

  func testEmptyQueryMatchesEverything() {
    let query = SearchQuery("  \t ", today: today)
    XCTAssertTrue(query.isEmpty)
    XCTAssertTrue(everyDay.allSatisfy { query.matches($0, albumNames: []) })
    XCTAssertFalse(SearchQuery("x", today: today).isEmpty)
  }

  func testHostileCaptureDatesDoNotTrap() {
    let odd = asset(id: 1, name: "a.jpg", date: (Int.max, Int.min, 99))
    XCTAssertFalse(SearchQuery("2024", today: today).matches(odd, albumNames: []))
    XCTAssertTrue(SearchQuery("a.jpg", today: today).matches(odd, albumNames: []))
  }

  func testMatchingIndicesReadsAlbumNamesFromTheAlbums() {
    let photos = Array(everyDay.prefix(400))
    let albums = [
      Album(id: AlbumID(1), name: "Seoul Trip", createdAt: 0, assetIDs: photos[10..<40].map(\.id)),
      Album(
        id: AlbumID(2), name: "Best of", createdAt: 0, assetIDs: [photos[5].id, photos[300].id]),
      Album(
        id: AlbumID(3), name: "Trip to Busan", createdAt: 0, assetIDs: photos[35..<50].map(\.id)),
    ]
    func names(_ asset: Asset) -> [String] {
      albums.filter { $0.assetIDs.contains(asset.id) }.map(\.name)
    }
    for text in ["trip", "seoul 2023", "best", "trip busan", "p19", "", "2024 trip", "zzz"] {
      let query = SearchQuery(text, today: today)
      let expected = photos.indices.filter {
        query.matches(photos[$0], albumNames: names(photos[$0]))
      }
      XCTAssertEqual(query.matchingIndices(in: photos, albums: albums), expected, text)
    }
    XCTAssertEqual(
      SearchQuery("trip", today: today).matchingIndices(in: photos, albums: albums).count, 40)
    XCTAssertEqual(
      SearchQuery("trip busan", today: today).matchingIndices(in: photos, albums: albums).count, 15)
  }

  /// 100,000 photos per keystroke: the time is reported, not asserted.
  func testFiltersTwentyThousandPhotosAsTheSlowReadingDoes() {
    let makes = ["Apple", "Canon", "FUJIFILM", "NIKON CORPORATION", "SONY"]
    // Nine years of photos, six a day: every query below finds some and misses some. (The
    // speed at scale is the benchmark's; 100,000 photos here took 16 s of the fast tier.)
    let library = (0..<20_000).map { i -> Asset in
      let civil = CaptureDate.civilFromDays(17_000 + i / 6)
      return asset(
        id: i, name: "IMG_\(20_000 + i).JPG", date: (civil.year, civil.month, civil.day),
        make: makes[i % makes.count], model: "Model \(i % 17)", lens: "Lens \(i % 5)",
        folder: "/home/me/Pictures/\(civil.year)")
    }
    let albums = [["Trip"], [], ["Family", "Best of 2019"]]
    let albumList = ["Trip", "Family", "Best of 2019"].enumerated().map { n, name in
      Album(
        id: AlbumID(Int64(n)), name: name, createdAt: 0,
        assetIDs: library.indices.filter { albums[$0 % 3].contains(name) }.map { library[$0].id })
    }
    for text in ["2019", "aug 2019 canon", "img_2", "best", "zzz", "last year sony", "été"] {
      let query = SearchQuery(text, today: today)
      var start = DispatchTime.now().uptimeNanoseconds
      var count = 0
      for (i, photo) in library.enumerated()
      where query.matches(photo, albumNames: albums[i % albums.count]) {
        count += 1
      }
      let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      start = DispatchTime.now().uptimeNanoseconds
      let indices = query.matchingIndices(in: library, albums: albumList)
      let indicesMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      print(
        "search '\(text)': \(count) of \(library.count) in \(String(format: "%.1f", ms)) ms"
          + " (matchingIndices \(String(format: "%.1f", indicesMs)) ms)")
      let expected = library.enumerated().filter { i, photo in
        slowMatch(text, photo, albums[i % albums.count])
      }.count
      XCTAssertEqual(count, expected, text)
      XCTAssertEqual(indices.count, expected, text)
    }
  }

  /// An independent reading of the queries the benchmark uses.
  func slowMatch(_ text: String, _ photo: Asset, _ albums: [String]) -> Bool {
    let d = photo.captureDate
    let haystacks =
      [
        photo.fileName, photo.cameraMake ?? "", photo.cameraModel ?? "",
        photo.lensModel ?? "",
      ] + albums
    func has(_ word: String) -> Bool { haystacks.contains { $0.lowercased().contains(word) } }
    switch text {
    case "2019": return d.year == 2019 || photo.fileName.contains("2019")
    case "aug 2019 canon": return d.year == 2019 && d.month == 8 && has("canon")
    case "last year sony": return d.year == 2023 && has("sony")
    default: return has(text)
    }
  }
}

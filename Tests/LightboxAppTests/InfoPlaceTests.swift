import Foundation
import LightboxTestSupport
import Places
import XCTest

@testable import LightboxCommands

/// `lightbox info` names the place of the corpus's files with a position (photos and videos),
/// and says nothing of a place for files without one.
final class InfoPlaceTests: XCTestCase {
  func finderAndCorpus() throws -> (PlaceFinder, URL) {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let loaded = PlaceFinder.load(
      environment: ProcessInfo.processInfo.environment, executablePath: nil)
    guard case .success(let finder) = loaded else {
      throw XCTSkip("no place table (scripts/places-table installs it): info's places skipped")
    }
    return (finder, corpus)
  }

  func testTheCorpusFilesWithPositionsHavePlaces() throws {
    let (finder, corpus) = try finderAndCorpus()
    // File → (town · city, country code): stills (JPEG, HEIF, WebP) and videos (MP4, MOV).
    let expected: [String: (String, String)] = [
      "jpeg-variants/tower.jpg": ("Paris", "FR"),
      "jpeg-exif/DSCN0010.jpg": ("Arezzo", "IT"),
      "jpeg-exif/Kodak_CX7530.jpg": ("Nakuru", "KE"),
      "heif/Stonehenge.heic": ("Lark Hill", "GB"),
      "webp/iPhone_X_orientation6.webp": ("Sunnyvale", "US"),
      "video/with-gps.mp4": ("Crystal Palace · London", "GB"),
      "video/iPhone6_with-gps.mov": ("Petaẖ Tiqva", "IL"),
    ]
    for (file, (locality, country)) in expected.sorted(by: { $0.key < $1.key }) {
      let report = InfoCommand.report(
        path: corpus.appendingPathComponent(file).path, places: finder)
      XCTAssertNil(report.error, file)
      XCTAssertNotNil(report.latitude, file)
      XCTAssertEqual(report.place?.locality, locality, file)
      XCTAssertEqual(report.place?.countryCode, country, file)
    }
  }

  func testTextAndJSONSayThePlaceOrNothing() throws {
    let (finder, corpus) = try finderAndCorpus()
    let tower = corpus.appendingPathComponent("jpeg-variants/tower.jpg").path
    let noGPS = corpus.appendingPathComponent("orientation/Landscape_1.jpg").path
    var text = ""
    try InfoCommand.run(paths: [tower, noGPS], json: false, places: finder) { text += $0 }
    let lines = text.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 2)
    XCTAssertTrue(lines[0].hasSuffix(", in Paris, Île-de-France, France"), lines[0])
    XCTAssertNil(InfoCommand.report(path: noGPS, places: finder).error)
    XCTAssertFalse(lines[1].contains(" in "), lines[1])
    var json = ""
    try InfoCommand.run(paths: [tower, noGPS], json: true, places: finder) { json += $0 }
    let objects = try json.split(separator: "\n").map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let place = try XCTUnwrap(objects[0]["place"] as? [String: Any])
    XCTAssertEqual(place["town"] as? String, "Paris")
    XCTAssertEqual(place["region"] as? String, "Île-de-France")
    XCTAssertEqual(place["country"] as? String, "France")
    XCTAssertEqual(place["countryCode"] as? String, "FR")
    XCTAssertTrue(place["city"] is NSNull, "every key is written")
    XCTAssertEqual(try XCTUnwrap(objects[0]["latitude"] as? Double), 48.8546, accuracy: 1e-4)
    XCTAssertTrue(objects[1]["place"] is NSNull)
    XCTAssertTrue(objects[1]["latitude"] is NSNull)
    // Without a table the position is still reported, the place is not.
    let bare = InfoCommand.report(path: tower, places: nil)
    XCTAssertNotNil(bare.latitude)
    XCTAssertNil(bare.place)
  }
}

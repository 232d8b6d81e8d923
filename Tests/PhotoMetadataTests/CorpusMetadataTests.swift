import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import XCTest

/// Checks the reader against every file of the shared corpus and its expectations.tsv.
final class CorpusMetadataTests: XCTestCase {
  /// One reader's answer for DateTimeOriginal and IFD0 Orientation.
  struct Answer: Equatable, CustomStringConvertible, Sendable {
    var date: String?
    var orientation: Int?
    var description: String {
      "date=\(date ?? "-") orientation=\(orientation.map(String.init) ?? "-")"
    }
  }

  /// Other reference readers' answers, copied from MANIFEST.md "Reader-dependent EXIF
  /// values" (facts about exiv2 and libexif, accepted alongside exiftool's TSV answer).
  static let otherReadersAnswers: [String: [Answer]] = [
    "jpeg-exif/30-type_error.jpg": [Answer(date: "2013:07:05 03:18:27", orientation: nil)],
    "jpeg-exif/derived_badexif_ifd0_count_huge.jpg": [
      Answer(date: "2008:05:04 16:47:24", orientation: 1)
    ],
    "malformed/derived_dht_length_ffff_Pentax_K10D.jpg": [Answer(date: nil, orientation: nil)],
  ]

  private func corpusRows() throws -> (URL, [[String: String]]) {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let rows = try CorpusLocator.expectations()
    XCTAssertGreaterThan(rows.count, 100, "expectations.tsv looks empty")
    return (corpus, rows)
  }

  private static func value(_ field: String?) -> String? {
    guard let field, field != "-" else { return nil }
    return field
  }

  private static func expectedAnswers(_ row: [String: String]) -> [Answer] {
    let tsv = Answer(
      date: value(row["exif_datetime_original"]),
      orientation: value(row["exif_orientation"]).flatMap { Int($0) })
    return [tsv] + (otherReadersAnswers[row["path"] ?? ""] ?? [])
  }

  func testValidFilesMatchExpectations() throws {
    let (corpus, rows) = try corpusRows()
    var checked = 0
    // The added kinds' rows give the displayed size and their own readers' answers: they are
    // checked here once Lightbox decodes that kind.
    for row in rows where row["kind"] == "valid" && CorpusLocator.isDecodedKind(row) {
      let path = try XCTUnwrap(row["path"])
      let file = corpus.appendingPathComponent(path).path
      let metadata: PhotoMetadata
      switch MetadataReader.read(contentsOf: file) {
      case .success(let value): metadata = value
      case .failure(let error):
        XCTFail("\(path): \(error.reason)")
        continue
      }
      let actual = Answer(date: metadata.dateTimeOriginal, orientation: metadata.exifOrientation)
      let accepted = Self.expectedAnswers(row)
      XCTAssertTrue(
        accepted.contains(actual), "\(path): got \(actual), expected one of \(accepted)")

      let added = CorpusLocator.addedKind(ofRow: row)
      XCTAssertTrue(
        added.map { CorpusLocator.isKind(metadata.format, $0) }
          ?? (metadata.format == .jpeg || metadata.format == .png),
        "\(path): format \(String(describing: metadata.format))")
      if let w = Self.value(row["width"]).flatMap({ Int($0) }),
        let h = Self.value(row["height"]).flatMap({ Int($0) })
      {
        // JPEG and PNG rows give the stored size; the added kinds the displayed one.
        let size = metadata.pixelSize.map {
          added == nil ? $0 : metadata.orientation.displaySize(ofStored: $0)
        }
        XCTAssertEqual(size, PixelSize(width: w, height: h), path)
      }
      // A date that is there but not a real date (0000:00:00…) gives no capture date.
      // Other fields may answer (CreateDate, XMP, GPS, ModifyDate), but an `exif` answer is
      // DateTimeOriginal's.
      if let date = metadata.captureDate {
        XCTAssertTrue(date.isValid, path)
        if date.source == .exif { XCTAssertNotNil(metadata.dateTimeOriginal, path) }
      }
      checked += 1
    }
    XCTAssertGreaterThan(checked, 100)
  }

  /// Corrupt files: a result or an error, and whatever is reported is what the reference
  /// readers report (the reader may find less, never something different).
  func testCorruptFilesGiveResultOrErrorWithoutInventing() throws {
    let (corpus, rows) = try corpusRows()
    var checked = 0
    for row in rows where row["kind"] == "corrupt" {
      let path = try XCTUnwrap(row["path"])
      switch MetadataReader.read(contentsOf: corpus.appendingPathComponent(path).path) {
      case .failure(let error):
        XCTAssertFalse(error.reason.isEmpty, path)
      case .success(let metadata):
        let accepted = Self.expectedAnswers(row)
        if let date = metadata.dateTimeOriginal {
          XCTAssertTrue(accepted.contains { $0.date == date }, "\(path): date \(date)")
        }
        if let orientation = metadata.exifOrientation {
          XCTAssertTrue(
            accepted.contains { $0.orientation == orientation },
            "\(path): orientation \(orientation)")
        }
      }
      checked += 1
    }
    XCTAssertGreaterThan(checked, 40)
  }

  /// Every reported EXIF thumbnail range is inside the file and starts with SOI.
  func testThumbnailRangesPointAtJPEGData() throws {
    let (corpus, rows) = try corpusRows()
    var found = 0
    for row in rows {
      let path = try XCTUnwrap(row["path"])
      let file = corpus.appendingPathComponent(path).path
      guard case .success(let head) = MetadataReader.readHead(ofFile: file) else { continue }
      guard let range = MetadataReader.read(bytes: head).exifThumbnail else { continue }
      XCTAssertLessThanOrEqual(range.upperBound, head.count, path)
      XCTAssertEqual(Array(head[range.prefix(2)]), [0xFF, 0xD8], path)
      found += 1
    }
    XCTAssertGreaterThan(found, 5, "the corpus has camera JPEGs with IFD1 thumbnails")
  }

  /// Reading the same file again gives the same metadata (no state carried between reads).
  func testRepeatedReadsAgree() throws {
    let (corpus, rows) = try corpusRows()
    let files = rows.compactMap { $0["path"] }.map { corpus.appendingPathComponent($0).path }
    let first = files.map { "\(MetadataReader.read(contentsOf: $0))" }
    for _ in 0..<2 {
      XCTAssertEqual(files.map { "\(MetadataReader.read(contentsOf: $0))" }, first)
    }
    XCTAssertGreaterThan(first.count, 100)
  }
}

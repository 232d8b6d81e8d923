import Foundation
import LightboxTestSupport
import PhotoMetadata
import XCTest

@testable import LightboxCommands

@testable import LightboxApp

/// Lightbox's capture date and its source, for every corpus file of the kinds whose
/// metadata Lightbox reads, against exiftool's tags taken by the same precedence.
///
/// With `LIGHTBOX_DATE_TABLE=PATH` the test also writes the per-file table there
/// (scripts/date-table writes docs/dates.md this way).
final class CaptureDateCorpusTests: XCTestCase {
  /// Files where Lightbox and exiftool are known to differ, and why.
  static let knownDifferences: [String: String] = [
    "heif/Samsung_Galaxy_S24_Ultra_200MP.heic":
      "its meta box follows the 2.3 MB mdat, beyond the head the reader sees",
    "raw/Canon_EOS_R6_pruned.CR3": "CR3 keeps EXIF in CMT boxes, which Lightbox does not read",
    "malformed/derived_raw_cr3_truncated_in_prvw.CR3":
      "CR3 keeps EXIF in CMT boxes, which Lightbox does not read",
    "raw/FujiFilm_S5Pro.raf": "RAF keeps EXIF in its embedded JPEG, which Lightbox does not read",
    "malformed/derived_raw_raf_preview_offset_past_eof.raf":
      "RAF keeps EXIF in its embedded JPEG, which Lightbox does not read",
    "malformed/webp_ghsa_5p8g_poc.webp":
      "a malformed RIFF chunk size ends Lightbox's walk before the EXIF chunk",
    "tiff/tiff_strip_cmyk_jpeg.tif": "XMP in TIFF tag 700 is not read (only JPEG, PNG, HEIF, WebP)",
  ]

  func testCaptureDatesAgreeWithExiftool() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    guard Subprocess.run(["exiftool", "-ver"]).status == 0 else {
      throw XCTSkip("exiftool is not installed (scripts/install-deps installs it)")
    }
    let files = Self.metadataFiles(under: corpus.path)
    XCTAssertGreaterThan(files.count, 100, "the corpus looks empty")
    let tags = try Self.exiftoolTags(files)

    var rows: [(file: String, source: String, date: String, agrees: String)] = []
    var agreed = 0
    for file in files {
      let relative = String(file.dropFirst(corpus.path.count + 1))
      let report = InfoCommand.report(path: file)
      let ours = (report.captureDateSource ?? "-", String((report.captureDate ?? "-").prefix(19)))
      let expected = ExiftoolDates.expected(
        tags[file] ?? [:], isPNG: report.format == "png",
        isSequence: report.format == "avifSequence")
      var verdict = "yes"
      if let expected {
        if expected.source != ours.0 || expected.date != ours.1 {
          verdict = "no: exiftool \(expected.source) \(expected.date)"
        }
      } else if ours.0 != "fileName" && ours.0 != "fileModification" {
        verdict = "no: exiftool has no date"
      }
      if verdict == "yes" {
        agreed += 1
      } else if let why = Self.knownDifferences[relative] {
        verdict += " (known: \(why))"
      } else {
        XCTFail("\(relative): Lightbox \(ours.0) \(ours.1), \(verdict)")
      }
      rows.append((relative, ours.0, ours.1, verdict))
    }
    print("capture dates: \(agreed) of \(files.count) corpus files agree with exiftool")
    if let out = ProcessInfo.processInfo.environment["LIGHTBOX_DATE_TABLE"], !out.isEmpty {
      try Self.table(rows, agreed: agreed).write(toFile: out, atomically: true, encoding: .utf8)
    }
  }

  /// Every regular file under `root` whose content is a kind Lightbox reads metadata from
  /// (JPEG, PNG, WebP, HEIF/AVIF and AVIF sequences, TIFF, RAW), by content, sorted.
  static func metadataFiles(under root: String) -> [String] {
    let read: Set<String> = ["jpeg", "png", "webp", "heic", "avif", "avifSequence", "tiff", "raw"]
    let all = (FileManager.default.subpaths(atPath: root) ?? []).sorted()
    return all.map { root + "/" + $0 }.filter { path in
      guard case .success(let head) = MetadataReader.readHead(ofFile: path, maxBytes: 64),
        let format = FormatSniffer.format(of: head)
      else { return false }
      return read.contains(format.rawValue)
    }
  }

  /// exiftool's date tags of each file (`-j -time:all -G1 -n`, QuickTime's UTC dates in
  /// local time as Lightbox shows them), by path.
  static func exiftoolTags(_ files: [String]) throws -> [String: [String: Any]] {
    let list = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lightbox-dates-\(getpid()).txt")
    let out = list.path + ".json"
    defer {
      try? FileManager.default.removeItem(at: list)
      try? FileManager.default.removeItem(atPath: out)
    }
    try files.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
    // stderr apart: exiftool's warnings about malformed files must not corrupt the JSON.
    Subprocess.run([
      "sh", "-c",
      "exiftool -j -time:all -G1 -n -api QuickTimeUTC -@ \"$0\" > \"$1\" 2>/dev/null", list.path,
      out,
    ])
    let data = try Data(contentsOf: URL(fileURLWithPath: out))
    let objects = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    var tags: [String: [String: Any]] = [:]
    for object in objects {
      if let file = object["SourceFile"] as? String { tags[file] = object }
    }
    return tags
  }

  /// docs/dates.md.
  static func table(
    _ rows: [(file: String, source: String, date: String, agrees: String)], agreed: Int
  ) -> String {
    var text = """
      # Capture dates of the test corpus

      Generated by `scripts/date-table` (CaptureDateCorpusTests): for each corpus file of a
      kind whose metadata Lightbox reads, the field its capture date came from
      (`captureDateSource` of `lightbox info --json`), the date (local wall clock as
      recorded; UTC for `gps`), and whether exiftool's tags, taken in the same order, give
      the same. \(agreed) of \(rows.count) agree. `fileModification` dates are the corpus
      copy's mtime, so they change from machine to machine.

      | file | source | date | same as exiftool |
      |---|---|---|---|

      """
    for row in rows {
      let cells = [row.file, row.source, row.date, row.agrees].map {
        $0.replacingOccurrences(of: "|", with: "\\|")
      }
      text += "| " + cells.joined(separator: " | ") + " |\n"
    }
    return text
  }
}

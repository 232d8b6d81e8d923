import Catalog
import DemoLibrary
import Foundation
import Pixels
import Decoders
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import XCTest

@testable import LightboxCommands

@testable import LightboxApp

/// `lightbox index` and `lightbox info`, run as the built program.
final class IndexCommandTests: XCTestCase {
  var home: URL!
  var lightbox: String!

  override func setUpWithError() throws {
    lightbox = try BuiltProduct.requireLightbox()
    home = BuiltProduct.temporaryDirectory("index-cmd")
  }

  override func tearDown() {
    if let home {
      chmod(home.appendingPathComponent("library/locked").path, 0o755)
      try? FileManager.default.removeItem(at: home)
    }
  }

  /// A private HOME and XDG folders, so nothing touches the real ones.
  var environment: [String: String] {
    [
      "HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
      "XDG_DATA_HOME": home.path + "/data", "XDG_STATE_HOME": home.path + "/state",
    ]
  }

  /// Writes `count` small JPEGs with EXIF dates under `folder`; returns their paths.
  @discardableResult
  static func writePhotos(_ count: Int, in folder: String, startIndex: Int = 0) throws -> [String] {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var paths: [String] = []
    for i in startIndex..<(startIndex + count) {
      let day = 1 + i % 28
      let exif = ExifWriter(
        byteOrder: i % 2 == 0 ? .littleEndian : .bigEndian,
        ifd0: [
          .init(0x010F, .ascii("Lightbox")), .init(0x0110, .ascii("Test \(i % 5)")),
          .init(0x0112, .short([UInt16(1 + i % 8)])),
        ],
        exif: [.init(0x9003, .ascii("2023:07:\(day < 10 ? "0" : "")\(day) 12:00:\(10 + i % 50)"))]
      ).build()
      let bitmap = Bitmap(width: 16, height: 12, fill: RGB(UInt8(i % 256), 90, 200))
      let bytes = try JPEGEncoder.encode(bitmap, quality: 70, exif: exif).get()
      let path = folder + "/IMG_\(i).jpg"
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    return paths
  }

  private func lastLine(_ output: String) -> String {
    output.split(separator: "\n").last.map(String.init) ?? ""
  }

  func testIndexPrintsPlainProgressAndTheSummaryLine() throws {
    let library = home.appendingPathComponent("library").path
    try Self.writePhotos(5, in: library)
    try Data("notes".utf8).write(to: URL(fileURLWithPath: library + "/notes.txt"))
    let catalog = home.appendingPathComponent("c/library.sqlite").path
    let first = Subprocess.run(
      [lightbox, "index", library, "--catalog", catalog], environment: environment)
    XCTAssertEqual(first.status, 0, first.output)
    XCTAssertFalse(first.output.contains("\r"), "no bar redraws when stderr is not a terminal")
    XCTAssertTrue(first.output.contains("indexing ["), first.output)
    let line = lastLine(first.output)
    XCTAssertTrue(
      line.range(
        of: #"^indexed 5 photos \(5 new, 0 changed, 0 removed, 0 errors\) in [0-9]+\.[0-9]{2} s$"#,
        options: .regularExpression) != nil, line)

    let again = Subprocess.run(
      [lightbox, "index", "--catalog", catalog, "--json"], environment: environment)
    XCTAssertEqual(again.status, 0, again.output)
    let summary = try JSONDecoder().decode(
      IndexSummary.self, from: Data(lastLine(again.output).utf8))
    XCTAssertEqual(summary.total, 5)
    XCTAssertEqual(summary.new, 0)
    XCTAssertEqual(summary.read, 0, "nothing changed: nothing read")
    XCTAssertEqual(summary.unchanged, 6)
  }

  func testProgressBarIsRedrawnOnATerminal() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
      throw XCTSkip("util-linux `script` is absent: no pseudo-terminal to test the bar")
    }
    let library = home.appendingPathComponent("library").path
    try Self.writePhotos(3, in: library)
    let catalog = home.appendingPathComponent("c/library.sqlite").path
    let result = Subprocess.run(
      [
        "/usr/bin/script", "-qec", "\(lightbox!) index \(library) --catalog \(catalog)",
        "/dev/null",
      ],
      environment: environment)
    XCTAssertEqual(result.status, 0, result.output)
    XCTAssertTrue(
      result.output.contains("\r\u{1B}[Kindexing ["), "redrawn in place: \(result.output)")
    XCTAssertTrue(result.output.contains("3/3 files"), result.output)
    XCTAssertTrue(result.output.contains("indexed 3 photos (3 new"), result.output)
  }

  func testCatalogLocationFollowsEnvironmentAndOption() throws {
    let library = home.appendingPathComponent("library").path
    try Self.writePhotos(1, in: library)
    var result = Subprocess.run([lightbox, "index", library], environment: environment)
    XCTAssertEqual(result.status, 0, result.output)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: home.path + "/data/lightbox/library.sqlite"),
      "default: $XDG_DATA_HOME/lightbox/library.sqlite")

    var env = environment
    env["LIGHTBOX_CATALOG"] = home.path + "/env/cat.sqlite"
    result = Subprocess.run([lightbox, "index", library], environment: env)
    XCTAssertEqual(result.status, 0, result.output)
    XCTAssertTrue(FileManager.default.fileExists(atPath: home.path + "/env/cat.sqlite"))

    result = Subprocess.run(
      [lightbox, "index", library, "--catalog", home.path + "/opt/cat.sqlite"], environment: env)
    XCTAssertEqual(result.status, 0, result.output)
    XCTAssertTrue(FileManager.default.fileExists(atPath: home.path + "/opt/cat.sqlite"))
    XCTAssertEqual(
      IndexCommand.catalogPath(option: nil, environment: ["LIGHTBOX_CATALOG": "/x/y.sqlite"]),
      "/x/y.sqlite")
  }

  /// As root (CI) a mode-000 folder is still readable, so the program is run as `nobody`
  /// with setpriv; as another user the mode alone locks it.
  func testUnreadableFolderIsReportedAndTheRestIndexed() throws {
    let library = home.appendingPathComponent("library").path
    try Self.writePhotos(2, in: library)
    try Self.writePhotos(2, in: library + "/locked", startIndex: 10)
    XCTAssertEqual(chmod(library + "/locked", 0), 0)
    let catalog = home.appendingPathComponent("c/library.sqlite").path
    var command = [lightbox!, "index", library, "--catalog", catalog]
    if geteuid() == 0 {
      guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
        throw XCTSkip("running as root without setpriv: cannot make a folder unreadable")
      }
      command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
      chmod(home.path, 0o777)
      try FileManager.default.createDirectory(
        atPath: home.path + "/c", withIntermediateDirectories: true)
      chmod(home.path + "/c", 0o777)
    }
    let result = Subprocess.run(command, environment: environment)
    XCTAssertEqual(result.status, 0, result.output)
    XCTAssertTrue(result.output.contains("locked: cannot read folder"), result.output)
    XCTAssertTrue(lastLine(result.output).hasPrefix("indexed 2 photos (2 new"), result.output)
  }

  /// Reader answers other than exiftool's, from MANIFEST.md "Reader-dependent EXIF values"
  /// (path → [(date, orientation)], "-" read as absent).
  static func otherReaderAnswers(manifest: String) -> [String: [InfoAnswer]] {
    var answers: [String: [InfoAnswer]] = [:]
    let pattern = #"^- `([^`]+)`: .* reads DateTimeOriginal=(.*), Orientation=(.*)$"#
    let regex = try? NSRegularExpression(pattern: pattern)
    for line in manifest.split(separator: "\n").map(String.init) {
      let range = NSRange(line.startIndex..., in: line)
      guard let match = regex?.firstMatch(in: line, range: range), match.numberOfRanges == 4
      else { continue }
      let field = { (i: Int) in Range(match.range(at: i), in: line).map { String(line[$0]) } }
      guard let path = field(1), let date = field(2), let orientation = field(3) else { continue }
      answers[path, default: []].append(
        InfoAnswer(date: date == "-" ? nil : date, orientation: Int(orientation)))
    }
    return answers
  }

  func testInfoJSONAgreesWithTheCorpusExpectations() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    // Only the kinds Lightbox decodes: the added kinds' rows give their displayed size.
    let rows = try CorpusLocator.expectations().filter(CorpusLocator.isDecodedKind)
    XCTAssertGreaterThan(rows.count, 100)
    let manifest = try String(
      contentsOf: corpus.appendingPathComponent("MANIFEST.md"), encoding: .utf8)
    let others = Self.otherReaderAnswers(manifest: manifest)
    XCTAssertFalse(others.isEmpty, "MANIFEST.md lists reader-dependent answers")

    let paths = rows.compactMap { $0["path"] }
    let result = Subprocess.run(
      [lightbox, "info", "--json"] + paths.map { corpus.appendingPathComponent($0).path },
      environment: environment)
    XCTAssertEqual(result.status, 0, "never a crash: \(result.output.suffix(500))")
    let lines = result.output.split(separator: "\n")
    XCTAssertEqual(lines.count, rows.count, "one JSON object per line per file")

    var checkedValid = 0
    var checkedCorrupt = 0
    var checkedVideos = 0
    for (row, line) in zip(rows, lines) {
      let path = row["path"] ?? ""
      let object = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], path)
      XCTAssertEqual(object["path"] as? String, corpus.appendingPathComponent(path).path)
      for key in [
        "format", "width", "height", "displayWidth", "displayHeight", "orientation",
        "dateTimeOriginal", "captureDate",
        "captureDateSource", "make", "model", "lens", "duration", "codec", "frameRate", "rotation",
        "error",
      ] {
        XCTAssertTrue(object.keys.contains(key), "\(path): no \(key)")
      }
      let actual = InfoAnswer(
        date: object["dateTimeOriginal"] as? String, orientation: object["orientation"] as? Int)
      let tsv = InfoAnswer(
        date: Self.value(row["exif_datetime_original"]),
        orientation: Self.value(row["exif_orientation"]).flatMap { Int($0) })
      let accepted = [tsv] + (others[path] ?? [])
      if row["kind"] == "valid" {
        XCTAssertNil(object["error"] as? String, path)
        XCTAssertTrue(accepted.contains(actual), "\(path): got \(actual), expected \(accepted)")
        XCTAssertNotNil(object["captureDate"] as? String, "\(path): every photo gets a date")
        // JPEG and PNG rows give the stored size; the added kinds' rows the displayed one.
        let key = CorpusLocator.addedKind(ofRow: row) == nil ? "width" : "displayWidth"
        if let w = Self.value(row["width"]).flatMap({ Int($0) }) {
          XCTAssertEqual(object[key] as? Int, w, path)
        }
        if CorpusLocator.addedKind(ofRow: row) == .video {
          // Videos: the rotated size, a length, a codec and a frame rate from the header.
          if let h = Self.value(row["height"]).flatMap({ Int($0) }) {
            XCTAssertEqual(object["displayHeight"] as? Int, h, path)
          }
          XCTAssertGreaterThan(object["duration"] as? Double ?? 0, 0, path)
          XCTAssertNotNil(object["codec"] as? String, path)
          XCTAssertGreaterThan(object["frameRate"] as? Double ?? 0, 0, path)
          XCTAssertNotNil(object["rotation"] as? Int, path)
          checkedVideos += 1
        }
        checkedValid += 1
      } else {
        // Corrupt: an error, or what it reports is what a reference reader reports.
        if object["error"] as? String == nil {
          if let date = actual.date {
            XCTAssertTrue(accepted.contains { $0.date == date }, "\(path): date \(date)")
          }
          if let orientation = actual.orientation {
            XCTAssertTrue(
              accepted.contains { $0.orientation == orientation }, "\(path): \(orientation)")
          }
        }
        checkedCorrupt += 1
      }
    }
    XCTAssertGreaterThan(checkedValid, 100)
    XCTAssertGreaterThan(checkedCorrupt, 20)
    XCTAssertEqual(checkedVideos, 7, "every valid video of the corpus")
  }

  /// `lightbox info --json` on Matroska, WebM and AVI clips made by ffmpeg: the length,
  /// codec, frame rate, size and date ffprobe gives for the same files.
  func testInfoReportsMatroskaWebMAndAVIHeadersAsFFprobeDoes() throws {
    guard VideoClips.available else { throw XCTSkip(VideoClips.missingMessage) }
    let folder = home.appendingPathComponent("clips").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let clips = VideoClips.standard
    let paths = try clips.map { try VideoClips.make($0, in: folder) }
    let result = Subprocess.run([lightbox, "info", "--json"] + paths, environment: environment)
    XCTAssertEqual(result.status, 0, result.output)
    let lines = result.output.split(separator: "\n")
    XCTAssertEqual(lines.count, clips.count)
    for (path, line) in zip(paths, lines) {
      let object = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], path)
      let probe = try XCTUnwrap(VideoClips.probe(path), path)
      XCTAssertEqual(object["format"] as? String, "video", path)
      XCTAssertEqual(object["codec"] as? String, probe.codec, path)
      XCTAssertEqual(object["displayWidth"] as? Int, probe.width, path)
      XCTAssertEqual(object["displayHeight"] as? Int, probe.height, path)
      let length = path.hasSuffix(".avi") ? probe.streamDuration : probe.formatDuration
      XCTAssertEqual(
        try XCTUnwrap(object["duration"] as? Double, path), try XCTUnwrap(length), accuracy: 0.002,
        path)
      XCTAssertEqual(
        try XCTUnwrap(object["frameRate"] as? Double, path), try XCTUnwrap(probe.frameRate),
        accuracy: 0.01, path)
      if let created = probe.tags["creation_time"] {
        XCTAssertEqual(object["captureDateSource"] as? String, "movieCreationTime", path)
        let utc = try XCTUnwrap(DateTextParser.creationTime(created), path)
        XCTAssertEqual(object["dateTimeOriginal"] as? String, utc.exifText, path)
      } else if probe.tags["date"] != nil {
        XCTAssertEqual(object["captureDateSource"] as? String, "aviRecordingDate", path)
        XCTAssertEqual(object["dateTimeOriginal"] as? String, "2006:10:26 16:46:00", path)
      } else {
        XCTAssertEqual(object["captureDateSource"] as? String, "fileModification", path)
      }
    }
  }

  func testInfoReadableFormEscapesControlCharactersAndReportsErrors() throws {
    let folder = home.appendingPathComponent("odd").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let exif = ExifWriter(byteOrder: .littleEndian, ifd0: [.init(0x010F, .ascii("Evil\u{1B}[2J"))])
      .build()
    let bytes = try JPEGEncoder.encode(
      Bitmap(width: 4, height: 4, fill: RGB(1, 2, 3)), quality: 80, exif: exif
    ).get()
    try Data(bytes).write(to: URL(fileURLWithPath: folder + "/IMG_20240813_102201.jpg"))
    try Data().write(to: URL(fileURLWithPath: folder + "/empty.jpg"))
    let result = Subprocess.run(
      [
        lightbox, "info", folder + "/IMG_20240813_102201.jpg", folder + "/empty.jpg",
        folder + "/missing.jpg",
      ],
      environment: environment)
    // Every file is reported; the missing one makes the status 1 (CommandLineErrorTests).
    XCTAssertEqual(result.status, 1, result.output)
    XCTAssertFalse(result.output.contains("\u{1B}"), "no escape sequence reaches the terminal")
    XCTAssertTrue(result.output.contains("Evil\\e[2J"), result.output)
    XCTAssertTrue(result.output.contains("taken 2024-08-13T10:22:01 (fileName)"), result.output)
    XCTAssertTrue(result.output.contains("empty.jpg: error: empty file"), result.output)
    XCTAssertTrue(result.output.contains("missing.jpg: error: cannot read file"), result.output)
  }

  static func value(_ field: String?) -> String? {
    guard let field, field != "-" else { return nil }
    return field
  }
}

/// One reader's answer for DateTimeOriginal and IFD0 Orientation.
struct InfoAnswer: Equatable, CustomStringConvertible {
  var date: String?
  var orientation: Int?
  var description: String {
    "date=\(date ?? "-") orientation=\(orientation.map(String.init) ?? "-")"
  }
}

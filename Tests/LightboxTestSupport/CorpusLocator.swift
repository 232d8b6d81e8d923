import Foundation
import PhotoModel
import XCTest

/// Finds `../shared/corpus` (relative to the package root) for tests that use real images.
public enum CorpusLocator {
  /// The package root, found from this source file's path.
  public static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// `../shared/corpus`, or nil when it is absent (tests then skip with a message).
  public static var corpus: URL? {
    if let env = ProcessInfo.processInfo.environment["LIGHTBOX_CORPUS"] {
      return URL(fileURLWithPath: env)
    }
    let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// Message for XCTSkip when the corpus is absent.
  public static let missingMessage =
    "../shared/corpus is absent: corpus tests skipped (it is present in CI)"

  /// The rows of `expectations.tsv`, keyed by column name.
  public static func expectations() throws -> [[String: String]] {
    guard let corpus else { return [] }
    let text = try String(
      contentsOf: corpus.appendingPathComponent("expectations.tsv"), encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    guard !lines.isEmpty else { return [] }
    let header = lines.removeFirst().split(separator: "\t", omittingEmptySubsequences: false)
      .map(String.init)
    return lines.map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      var row: [String: String] = [:]
      for (i, name) in header.enumerated() where i < fields.count { row[name] = fields[i] }
      return row
    }
  }

  /// The valid files (`kind` valid in expectations.tsv) in the corpus folders `folders`
  /// ("heif"), in the table's order: each path relative to the corpus, with its bytes. Throws
  /// `XCTSkip` with `missingMessage` when the corpus is absent.
  public static func validFiles(in folders: [String]) throws -> [(path: String, data: [UInt8])] {
    guard let corpus else { throw XCTSkip(missingMessage) }
    return try expectations().compactMap { row -> (String, [UInt8])? in
      guard row["kind"] == "valid", let path = row["path"],
        folders.contains(where: { path.hasPrefix($0 + "/") })
      else { return nil }
      return (path, try [UInt8](Data(contentsOf: corpus.appendingPathComponent(path))))
    }
  }

  /// The kind of file a row describes, from the corpus layout MANIFEST.md gives: the folders
  /// `heif/`, `avif/`, `webp/`, `gif/`, `tiff/`, `raw/`, `video/`, and in `malformed/` names that
  /// start with that kind (`heif_…`, `derived_heif_…`); every other row is a JPEG or PNG of the
  /// first corpus, whose format the tests read from the file itself. An `avif/` row is
  /// `.avif` even when the file is a sequence (`.avifSequence`: `isKind`).
  public static func addedKind(ofRow row: [String: String]) -> MediaFormat? {
    guard let path = row["path"] else { return nil }
    let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { return nil }
    let kinds: [String: MediaFormat] = [
      "heif": .heic, "avif": .avif, "webp": .webp, "gif": .gif, "tiff": .tiff, "raw": .raw,
      "video": .video,
    ]
    if let kind = kinds[parts[0]] { return kind }
    guard parts[0] == "malformed" else { return nil }
    var name = parts[1]
    if name.hasPrefix("derived_") { name.removeFirst("derived_".count) }
    let prefix = String(name.prefix { $0 != "_" })
    return kinds[prefix]
  }

  /// True when a file of `format` is of the row kind `kind` (an AVIF sequence is an AVIF).
  public static func isKind(_ format: MediaFormat?, _ kind: MediaFormat) -> Bool {
    format == kind || (kind == .avif && format == .avifSequence)
  }

  /// True when Lightbox decodes the row's kind of file today (`MediaFormat.isDecodable`):
  /// tests that check every row against expectations.tsv read only these, and take in each
  /// added kind as soon as it becomes decodable.
  public static func isDecodedKind(_ row: [String: String]) -> Bool {
    addedKind(ofRow: row)?.isDecodable ?? true
  }
}

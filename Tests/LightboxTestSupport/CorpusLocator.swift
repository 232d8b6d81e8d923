import Foundation

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
}

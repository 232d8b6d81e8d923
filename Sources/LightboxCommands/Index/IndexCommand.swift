import Catalog
import Foundation
import Places
import Settings
import TerminalUI

/// `lightbox index [PATH…]`: brings the catalog up to date without the UI.
///
/// Progress goes to stderr: a bar redrawn with `\r` on a terminal, plain lines at most once
/// a second otherwise. The result goes to stdout: the summary line, or JSON with `--json`.
public enum IndexCommand {
  /// The catalog file: `--catalog`, else `LIGHTBOX_CATALOG`, else
  /// `$XDG_DATA_HOME/lightbox/library.sqlite`.
  public static func catalogPath(
    option: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let option, !option.isEmpty { return option }
    if let value = environment["LIGHTBOX_CATALOG"], !value.isEmpty { return value }
    return LightboxPaths(environment: environment).dataHome + "/lightbox/library.sqlite"
  }

  /// Indexes `roots` (absolute paths; the catalog's roots, or ~/Pictures for a new
  /// catalog, when empty) into the catalog at `catalogPath`.
  ///
  /// `output` receives stdout text, `progressOutput` stderr text (without added newlines).
  /// `batchSize`, when given, is the exact number of rows per transaction (the crash tests'
  /// kills land between commits); else batches of 500 queued behind a slow write share one.
  @discardableResult
  public static func run(
    roots: [String], catalogPath: String, json: Bool, progressIsTerminal: Bool,
    batchSize: Int? = nil, places: PlaceFinder? = nil,
    output: (String) -> Void, progressOutput: @escaping @Sendable (String) -> Void
  ) throws -> IndexSummary {
    // No memory map: an index run reads the whole table once, and mapped pages would count
    // in its resident memory (issue 19's bound per photo).
    let catalog = try Catalog(path: catalogPath, memoryMapBytes: 0, places: places)
    var targets: [String]? = roots.isEmpty ? nil : try catalog.libraryRoots(for: roots)
    if targets == nil, try catalog.roots.isEmpty { targets = [LightboxPaths().defaultLibrary] }
    let reporter = IndexProgressReporter(isTerminal: progressIsTerminal, write: progressOutput)
    let indexer =
      batchSize.map { Indexer(catalog: catalog, batchSize: $0, groupCommit: false) }
      ?? Indexer(catalog: catalog)
    let summary = try indexer.index(roots: targets) {
      reporter.report($0)
    }
    reporter.finish()
    // The places the run could not look up as it went (a table installed or changed since).
    try catalog.refreshPlaces()
    for problem in summary.problems {
      progressOutput("lightbox: \(TerminalText.sanitize(problem))\n")
    }
    if json {
      output(try IndexCommand.json(summary) + "\n")
    } else {
      output(summary.description + "\n")
    }
    return summary
  }

  /// The summary as one line of JSON.
  public static func json(_ summary: IndexSummary) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(summary), as: UTF8.self)
  }
}

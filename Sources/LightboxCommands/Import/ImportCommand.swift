import Foundation
import LibraryImport
import LightboxApp
import TerminalUI

/// `lightbox import`'s work: plan, copy with a progress bar, print the summary.
///
/// Progress goes to stderr, redrawn on a terminal and silent otherwise; every problem is one
/// line on stderr and in the log; the summary (or `--json`) goes to stdout. Every name read
/// from a file goes through `TerminalText.sanitize` before it is printed.
public enum ImportCommand {
  /// Imports `sources` as `options` say; returns the summary it printed.
  @discardableResult
  public static func run(
    sources: [String], options: Importer.Options, dryRun: Bool, json: Bool,
    progressIsTerminal: Bool, output: (String) -> Void,
    errorOutput: @escaping @Sendable (String) -> Void
  ) -> ImportSummary {
    let log = LightboxLog.logger("import")
    let importer = Importer(options: options)
    let plan = importer.plan(sources: sources)
    let summary: ImportSummary
    if dryRun {
      summary = plan.dryRunSummary()
      for line in plan.problems { errorOutput("lightbox: \(TerminalText.sanitize(line))\n") }
      if !json {
        for group in plan.groups {
          for file in group.files {
            output(TerminalText.sanitize(describe(file)) + "\n")
          }
        }
      }
    } else {
      let line = ProgressLine(style: progressIsTerminal ? .redrawn : .silent, write: errorOutput)
      log.info("importing \(sources.count) source(s) into \(plan.library)")
      summary = importer.run(
        plan,
        progress: { value in line.show(progressText(value), final: false) },
        problem: { problem in
          log.error("\(problem)")
          line.finish()
          errorOutput("lightbox: \(TerminalText.sanitize(problem))\n")
        })
      line.finish()
      log.info("\(text(summary))")
    }
    if json {
      output((try? encoded(summary)) ?? "{}")
      output("\n")
    } else {
      output(TerminalText.sanitize(text(summary)) + "\n")
    }
    return summary
  }

  /// "copy   DCIM/100CANON/IMG_0001.JPG → 2024/2024-08-13/IMG_0001.JPG" (a dry run's line).
  static func describe(_ file: ImportFile) -> String {
    switch file.action {
    case .copy: return "copy            \(file.source) → \(file.destination)"
    case .inLibrary(let existing): return "in library      \(file.source) = \(existing)"
    case .importedBefore: return "imported before \(file.source)"
    }
  }

  /// "importing 120/2,000 files  1.2 GB/4.1 GB  85.3 MB/s  ETA 0:35".
  static func progressText(_ p: ImportProgress) -> String {
    let eta = p.etaSeconds.map { "  ETA \(IndexProgressReporter.duration($0))" } ?? ""
    let rate = p.bytesPerSecond / 1_000_000
    return "importing \(IndexProgressReporter.grouped(p.filesDone))/"
      + "\(IndexProgressReporter.grouped(p.filesTotal)) files  "
      + "\(bytes(p.bytesDone))/\(bytes(p.bytesTotal))  "
      + "\(String(format: "%.1f", rate)) MB/s\(eta)"
  }

  /// "1.2 GB", "340 MB", "12 KB" (decimal units, as disks are sold).
  static func bytes(_ count: Int64) -> String {
    let value = Double(count)
    if value >= 1e9 { return String(format: "%.1f GB", value / 1e9) }
    if value >= 1e6 { return String(format: "%.0f MB", value / 1e6) }
    return String(format: "%.0f KB", value / 1e3)
  }

  /// The summary in one line: what was imported, skipped, failed, and why it stopped.
  public static func text(_ s: ImportSummary) -> String {
    func files(_ n: Int) -> String {
      n == 1 ? "1 file" : "\(IndexProgressReporter.grouped(n)) files"
    }
    var parts = [
      (s.dryRun ? "Would import " : "Imported ") + files(s.imported) + " ("
        + bytes(s.importedBytes) + ") into " + s.library
    ]
    if s.inLibrary > 0 { parts.append("\(files(s.inLibrary)) already in the library") }
    if s.importedBefore > 0 { parts.append("\(files(s.importedBefore)) imported before") }
    if s.notPhotos > 0 { parts.append("\(files(s.notPhotos)) not photos, left alone") }
    if s.failed > 0 { parts.append("\(files(s.failed)) failed") }
    if s.notAttempted > 0 { parts.append("\(files(s.notAttempted)) not imported") }
    if s.sourcesDeleted > 0 { parts.append("\(files(s.sourcesDeleted)) removed from the source") }
    var line = parts.joined(separator: "; ")
    if let stopped = s.stopped { line += ". Stopped: " + stopped }
    return line + "."
  }

  /// The summary as one line of JSON.
  public static func encoded(_ summary: ImportSummary) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(summary), as: UTF8.self)
  }
}

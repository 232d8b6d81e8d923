import Foundation
import ThumbnailCache
import TerminalUI

/// The work of `lightbox export`: every photo exported (on `jobs` threads), an error line for
/// each one that could not be, and a summary.
enum ExportCommand {
  /// How many photos were written and how many failed.
  struct Summary: Equatable {
    var exported = 0
    var failed = 0

    /// "export: 3 photos: 3 written, 0 failed → /folder".
    func line(folder: String) -> String {
      let total = exported + failed
      return "export: \(total) photo\(total == 1 ? "" : "s"): \(exported) written, "
        + "\(failed) failed → \(TerminalText.sanitize(folder))"
    }
  }

  /// Exports the photos at `paths` (absolute) into `folder`; errors go to standard error as
  /// `lightbox: NAME: reason`, with NAME from `shownAs` (what the user typed).
  static func run(
    paths: [String], shownAs names: [String], into folder: String, longEdge: Int, quality: Int,
    jobs: Int
  ) -> Summary {
    let decoder = CommandSupport.photoDecoder()
    decoder.prewarm(for: paths)
    PhotoExport.markFolder(folder)
    let progress = ProgressLine()
    let results = ParallelFiles.map(
      count: paths.count, jobs: jobs, done: { progress.update($0, of: paths.count, "exported") }
    ) {
      PhotoExport.export(
        path: paths[$0], into: folder, longEdge: longEdge, quality: quality, decoder: decoder)
    }
    progress.finish()
    var summary = Summary()
    for (index, result) in results.enumerated() {
      switch result {
      case .success: summary.exported += 1
      case .failure(let error):
        summary.failed += 1
        ParallelFiles.report(names[index], error.reason)
      }
    }
    return summary
  }
}

import Foundation
import Pixels
import Decoders
import ThumbnailCache
import TerminalUI

/// The work of `lightbox rotate --write`: every file turned (on `jobs` threads), an error
/// line for each one that could not be, and a summary.
enum RotateCommand {
  /// What happened to a batch of files.
  struct Summary: Equatable {
    var transformed = 0
    var retagged = 0
    var failed = 0

    /// "rotate: 3 files: 2 turned losslessly, 1 by the EXIF Orientation tag, 0 failed".
    var line: String {
      let total = transformed + retagged + failed
      return "rotate: \(total) file\(total == 1 ? "" : "s"): \(transformed) turned losslessly, "
        + "\(retagged) by the EXIF Orientation tag, \(failed) failed"
    }
  }

  /// Turns the files at `paths` (absolute) by `rotation`; errors go to standard error as
  /// `lightbox: NAME: reason`, with NAME from `shownAs` (what the user typed).
  static func run(paths: [String], shownAs names: [String], rotation: ImageRotation, jobs: Int)
    -> Summary
  {
    let repeats = repeatedFiles(paths)
    let progress = ProgressLine()
    let results = ParallelFiles.map(
      count: paths.count, jobs: jobs, done: { progress.update($0, of: paths.count, "rotated") }
    ) {
      index -> Result<LosslessRotation.Method, ImageError> in
      if repeats.contains(index) {
        return .failure(ImageError("named more than once; handled where first named"))
      }
      return LosslessRotation.rotateFile(atPath: paths[index], by: rotation)
    }
    progress.finish()
    var summary = Summary()
    for (index, result) in results.enumerated() {
      switch result {
      case .success(.transformed): summary.transformed += 1
      case .success(.orientationTag): summary.retagged += 1
      case .failure(let error):
        summary.failed += 1
        ParallelFiles.report(names[index], error.reason)
      }
    }
    return summary
  }

  /// The indices of paths that name a file an earlier path already names (the same path
  /// twice, or a link and its target): two threads must not turn one file at once, and a
  /// file named twice is turned once.
  static func repeatedFiles(_ paths: [String]) -> Set<Int> {
    var seen = Set<String>()
    var repeats = Set<Int>()
    for (index, path) in paths.enumerated() {
      guard let resolved = realpath(path, nil) else { continue }
      defer { free(resolved) }
      if !seen.insert(String(cString: resolved)).inserted { repeats.insert(index) }
    }
    return repeats
  }
}

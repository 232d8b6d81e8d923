import Decoders
import Foundation
import PhotoMetadata
import PhotoModel
import PhotoStore
import TerminalUI

/// Runs the browser's date adjustments (T, and u after it): each file's EXIF dates moved in
/// place by `ExifDateShift`, off the run loop; one line for each file that was not changed.
enum DateShifter {
  /// Moves the dates of the job's files; logs each failure.
  static func run(_ job: DateShiftJob) -> DateShiftOutcome {
    var moved: [AssetID] = []
    var failures: [String] = []
    for (id, path) in zip(job.ids, job.paths) {
      switch ExifDateShift.shiftFile(atPath: path, seconds: job.seconds) {
      case .success(let changes) where !changes.isEmpty:
        moved.append(id)
      case .success:
        failures.append("\(TerminalText.sanitize(fileName(path))): no date to move")
      case .failure(let error):
        failures.append(
          "\(TerminalText.sanitize(fileName(path))): \(TerminalText.sanitize(error.reason))")
      }
    }
    let log = LightboxLog.logger("dates")
    for failure in failures { log.error("\(failure)") }
    return DateShiftOutcome(job: job, moved: moved, failures: failures)
  }

  private static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}

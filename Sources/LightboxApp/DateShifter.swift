import Catalog
import Decoders
import Foundation
import PhotoMetadata
import PhotoModel
import PhotoStore
import TerminalUI

/// Runs the browser's date adjustments (T, and u after it): each file's EXIF dates moved in
/// place by `ExifDateShift`, a RAW's written to its sidecar (`SidecarDateShift`), off the
/// run loop; one line for each file that was not changed. An undo puts a RAW's sidecar back
/// byte for byte.
enum DateShifter {
  /// Moves the dates of the job's files; logs each failure.
  static func run(_ job: DateShiftJob) -> DateShiftOutcome {
    var moved: [AssetID] = []
    var failures: [String] = []
    var sidecars: [SidecarSnapshot] = []
    for (id, path) in zip(job.ids, job.paths) {
      if let snapshot = job.restoring.first(where: { $0.photo == id }) {
        if let error = XMPSidecarWriter.restore(snapshot.bytes, toSidecar: snapshot.sidecar) {
          failures.append(line(path, error.reason))
        } else {
          moved.append(id)
        }
        continue
      }
      if SidecarDateShift.isRAW(path) {
        switch SidecarDateShift.shift(photoAt: path, seconds: job.seconds) {
        case .success(let shifted):
          moved.append(id)
          sidecars.append(
            SidecarSnapshot(
              photo: id, photoPath: path, sidecar: shifted.sidecar, bytes: shifted.before))
        case .failure(let error):
          failures.append(line(path, error.reason))
        }
        continue
      }
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
    return DateShiftOutcome(job: job, moved: moved, failures: failures, sidecars: sidecars)
  }

  private static func line(_ path: String, _ reason: String) -> String {
    "\(TerminalText.sanitize(fileName(path))): \(TerminalText.sanitize(reason))"
  }

  private static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}

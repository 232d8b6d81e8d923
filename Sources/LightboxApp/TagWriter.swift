import Foundation
import PhotoMetadata
import PhotoModel
import PhotoStore
import TerminalUI

/// Runs the browser's tag and rating edits (t, s, and u after them): each photo's sidecar
/// kept as it was, then edited by `XMPSidecarWriter` (the photo itself is never touched),
/// off the run loop; one line for each photo that was not changed.
enum TagWriter {
  /// Writes the job's edit into each photo's sidecar.
  static func run(_ job: TagEditJob) -> TagEditOutcome {
    let edit = XMPEdit(
      addTags: job.addTags, removeTags: job.removeTags, rating: job.rating, label: job.label)
    var photos: [PhotoTagValues] = []
    var before: [SidecarSnapshot] = []
    var failures: [String] = []
    for (id, path) in zip(job.ids, job.paths) {
      let sidecar = XMPSidecarWriter.sidecarPath(for: path)
      let old: [UInt8]?
      switch XMPSidecarWriter.snapshot(ofSidecar: sidecar) {
      case .success(let bytes): old = bytes
      case .failure(let error):
        failures.append(line(path, error.reason))
        continue
      }
      switch XMPSidecarWriter.apply(edit, toPhotoAt: path) {
      case .success(let outcome):
        guard outcome.changed else { continue }
        before.append(
          SidecarSnapshot(photo: id, photoPath: path, sidecar: outcome.sidecar, bytes: old))
        photos.append(values(id, outcome.metadata))
      case .failure(let error):
        failures.append(line(path, error.reason))
      }
    }
    log(failures)
    return TagEditOutcome(
      isUndo: false, what: what(job), photos: photos, before: before, failures: failures)
  }

  /// Puts each sidecar back as it was before the edit (u).
  static func restore(_ snapshots: [SidecarSnapshot]) -> TagEditOutcome {
    var photos: [PhotoTagValues] = []
    var failures: [String] = []
    for snapshot in snapshots {
      if let error = XMPSidecarWriter.restore(snapshot.bytes, toSidecar: snapshot.sidecar) {
        failures.append(line(snapshot.photoPath, error.reason))
        continue
      }
      let metadata = XMPReader.read(contentsOf: snapshot.photoPath).metadata
      photos.append(values(snapshot.photo, metadata))
    }
    log(failures)
    return TagEditOutcome(isUndo: true, what: "", photos: photos, before: [], failures: failures)
  }

  /// The values the state and the catalog keep of a photo's fields.
  static func values(_ id: AssetID, _ metadata: XMPMetadata) -> PhotoTagValues {
    PhotoTagValues(
      id: id, tags: metadata.tagPaths, rating: min(max(metadata.rating ?? 0, -1), 5),
      label: metadata.label.flatMap { $0.isEmpty ? nil : $0 })
  }

  /// "Tagged Places/Japan/Kyoto", "Untagged cat", "Rated 4 stars".
  private static func what(_ job: TagEditJob) -> String {
    if let tag = job.addTags.first { return "Tagged \(tag.joined(separator: "/"))" }
    if let tag = job.removeTags.first { return "Untagged \(tag.joined(separator: "/"))" }
    if let rating = job.rating {
      return rating < 0 ? "Rejected" : "Rated \(AppState.ratingText(rating))"
    }
    if let label = job.label { return "Labelled \(label)" }
    return "Unchanged"
  }

  private static func line(_ path: String, _ reason: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return "\(TerminalText.sanitize(name)): \(TerminalText.sanitize(reason))"
  }

  private static func log(_ failures: [String]) {
    let log = LightboxLog.logger("tags")
    for failure in failures { log.error("\(failure)") }
  }
}

import Decoders
import Foundation
import PhotoMetadata
import PhotoModel
import PhotoStore
import TerminalUI

/// Runs the browser's tag, rating and caption edits (t, s, C, and u after them): what each
/// photo's sidecar (or, with `xmp-write = embedded`, its JPEG's XMP packet) held kept, then
/// the edit made by `XMPFileWriter`, off the run loop; one line for each photo that was not
/// changed.
enum TagWriter {
  /// Writes the job's edit into each photo's sidecar, or its own XMP (`mode`).
  static func run(_ job: TagEditJob, mode: XMPWriteMode = .sidecar) -> TagEditOutcome {
    let edit = XMPEdit(
      addTags: job.addTags, removeTags: job.removeTags, rating: job.rating, label: job.label,
      caption: job.caption)
    var photos: [PhotoTagValues] = []
    var before: [SidecarSnapshot] = []
    var failures: [String] = []
    var notes: [String] = []
    for (id, path) in zip(job.ids, job.paths) {
      switch XMPFileWriter.apply(edit, toPhotoAt: path, mode: mode) {
      case .success(let outcome):
        guard outcome.changed else { continue }
        before.append(
          SidecarSnapshot(
            photo: id, photoPath: path, sidecar: outcome.file, bytes: outcome.before,
            isEmbedded: outcome.isEmbedded))
        photos.append(values(id, outcome.metadata))
        if let note = outcome.note { notes.append(line(path, note)) }
      case .failure(let error):
        failures.append(line(path, error.reason))
      }
    }
    log(failures)
    let log = LightboxLog.logger("tags")
    for note in notes { log.info("\(note)") }
    return TagEditOutcome(
      isUndo: false, what: what(job), photos: photos, before: before, failures: failures,
      notes: notes)
  }

  /// Puts each sidecar back as it was before the edit (u).
  static func restore(_ snapshots: [SidecarSnapshot]) -> TagEditOutcome {
    var photos: [PhotoTagValues] = []
    var failures: [String] = []
    for snapshot in snapshots {
      if let error = XMPFileWriter.restore(
        snapshot.bytes, file: snapshot.sidecar, isEmbedded: snapshot.isEmbedded)
      {
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
      label: metadata.label.flatMap { $0.isEmpty ? nil : $0 },
      caption: metadata.caption.flatMap { $0.isEmpty ? nil : $0 })
  }

  /// "Tagged Places/Japan/Kyoto", "Untagged cat", "Rated 4 stars".
  private static func what(_ job: TagEditJob) -> String {
    if let tag = job.addTags.first { return "Tagged \(tag.joined(separator: "/"))" }
    if let tag = job.removeTags.first { return "Untagged \(tag.joined(separator: "/"))" }
    if let rating = job.rating {
      return rating < 0 ? "Rejected" : "Rated \(AppState.ratingText(rating))"
    }
    if let caption = job.caption { return caption.isEmpty ? "Caption removed" : "Caption written" }
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

import Decoders
import Foundation
import PhotoMetadata
import PhotoModel
import TerminalUI

/// The work of `lightbox tag`: one edit made in each file's sidecar (or its own XMP), one
/// line per file.
enum TagCommand {
  /// One file's line (`--json` prints it as a JSON object, every key present).
  struct Report: Sendable, Equatable, Encodable {
    /// The file as named.
    var path: String
    /// The sidecar written (absolute), nil when the file failed before one was chosen or
    /// the edit went into the photo itself (`embedded`).
    var sidecar: String?
    /// True when the edit went into the photo's own XMP (`--xmp-write embedded`).
    var embedded = false
    /// Why an embedded edit went to the sidecar instead, nil when it did not.
    var note: String?
    /// "created", "updated" or "unchanged"; nil when the file failed.
    var result: String?
    /// Why the file failed, nil when it did not.
    var error: String?
    /// The photo's tags as read back (sidecars over embedded).
    var tags = InfoTags()

    enum CodingKeys: String, CodingKey {
      case path, sidecar, embedded, note, result, error
    }

    func encode(to encoder: Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(path, forKey: .path)
      try c.encode(sidecar, forKey: .sidecar)
      try c.encode(embedded, forKey: .embedded)
      try c.encode(note, forKey: .note)
      try c.encode(result, forKey: .result)
      try c.encode(error, forKey: .error)
      try tags.encode(to: encoder)
    }

    /// "IMG_1.JPG: updated IMG_1.JPG.xmp (tags: Places/Japan/Kyoto; 3 stars)" or
    /// "IMG_1.JPG: error: …".
    var line: String {
      if let error { return "\(path): error: \(error)" }
      let name =
        embedded
        ? "its XMP" : sidecar.map { ($0 as NSString).lastPathComponent } ?? ""
      var facts: [String] = []
      if !tags.tags.isEmpty { facts.append("tags: " + tags.tags.joined(separator: ", ")) }
      if let rating = tags.rating, let text = InfoTags.ratingText(rating) { facts.append(text) }
      if let label = tags.label { facts.append("label: \(label)") }
      let summary = facts.isEmpty ? "" : " (\(facts.joined(separator: "; ")))"
      let aside = note.map { " [\($0)]" } ?? ""
      return "\(path): \(result ?? "") \(name)\(summary)\(aside)"
    }
  }

  /// Makes `edit` in the sidecar of each file at `paths` (absolute; shown as `names`),
  /// printing one line (or JSON object) per file through `output`. Returns how many failed.
  static func run(
    paths: [String], shownAs names: [String], edit: XMPEdit, mode: XMPWriteMode = .sidecar,
    json: Bool, output: (String) -> Void
  ) -> Int {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var failed = 0
    for (path, name) in zip(paths, names) {
      let report = report(path: path, shownAs: name, edit: edit, mode: mode)
      if report.error != nil { failed += 1 }
      if json, let data = try? encoder.encode(report) {
        output(InfoCommand.jsonEscapingControls(String(decoding: data, as: UTF8.self)) + "\n")
      } else {
        output(TerminalText.sanitize(report.line) + "\n")
      }
    }
    return failed
  }

  /// What making `edit` for the file at `path` did.
  static func report(
    path: String, shownAs name: String, edit: XMPEdit, mode: XMPWriteMode = .sidecar
  ) -> Report {
    var report = Report(path: name)
    if let problem = NamedPath.problem(path) {
      report.error = problem
      return report
    }
    switch XMPFileWriter.apply(edit, toPhotoAt: path, mode: mode) {
    case .failure(let error):
      report.error = error.reason
    case .success(let outcome):
      report.embedded = outcome.isEmbedded
      report.sidecar = outcome.isEmbedded ? nil : outcome.file
      report.note = outcome.note
      report.result = outcome.created ? "created" : outcome.changed ? "updated" : "unchanged"
      report.tags = InfoTags(XMPReader.read(contentsOf: path))
    }
    return report
  }
}

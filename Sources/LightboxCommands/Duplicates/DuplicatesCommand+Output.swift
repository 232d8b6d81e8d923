import Foundation
import PhotoModel
import Similarity
import TerminalUI

extension DuplicatesCommand {
  /// The groups as text, one line per file, the keeper marked; bursts after; a summary.
  static func text(_ report: DuplicateReport, photos: Int, prints: [PhotoPrint], assets: [Asset])
    -> String
  {
    var out = ""
    for group in report.groups {
      out += "\(group.kind.rawValue) · \(group.members.count) files\n"
      for (position, member) in group.members.enumerated() {
        out += (position == 0 ? "  keep " : "       ") + fileLine(assets[member]) + "\n"
      }
    }
    for burst in report.bursts {
      let camera = prints[burst[0]].camera.map { " · " + TerminalText.sanitize($0) } ?? ""
      out += "burst · \(burst.count) frames\(camera)\n"
      for member in burst { out += "       " + fileLine(assets[member]) + "\n" }
    }
    let extra = report.groups.reduce(0) { $0 + $1.members.count - 1 }
    let exact = report.groups.filter { $0.kind == .exact }.count
    func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
    var summary =
      "\(count(photos, "photo")): \(count(report.groups.count, "group")) (\(exact) exact, "
      + "\(report.groups.count - exact) similar), \(count(extra, "file")) besides the keepers"
    if !report.bursts.isEmpty { summary += "; \(count(report.bursts.count, "burst"))" }
    return out + summary + "\n"
  }

  /// "/lib/IMG_1.jpg  4032×3024  3.1 MB  2024-08-13T10:22:01  (+ RAW, + movie)", sanitised.
  static func fileLine(_ asset: Asset) -> String {
    var parts = [TerminalText.sanitize(asset.path)]
    if let size = asset.storedPixelSize {
      parts.append(asset.orientation.displaySize(ofStored: size).description)
    }
    parts.append(ImportCommand.bytes(asset.byteSize))
    parts.append(InfoCommand.text(asset.captureDate))
    for companion in asset.companions {
      parts.append("+ " + TerminalText.sanitize(companion.path))
    }
    return parts.joined(separator: "  ")
  }

  /// One file of a group or burst in the JSON.
  struct FileEntry: Encodable {
    var path: String
    var keeper: Bool?
    var width: Int?
    var height: Int?
    var bytes: Int64
    var date: String
    var camera: String?
    /// The RAW file or Live Photo movie that goes with it.
    var companions: [String]?
  }

  struct GroupEntry: Encodable {
    var kind: String
    var files: [FileEntry]
  }

  struct BurstEntry: Encodable {
    var camera: String?
    var files: [FileEntry]
  }

  struct HashEntry: Encodable {
    var path: String
    var digest: String
    var dhash: String?
    var phash: String?
  }

  struct Problem: Encodable {
    var path: String
    var reason: String
  }

  struct Document: Encodable {
    var photos: Int
    var similar: Bool
    var groups: [GroupEntry]
    var bursts: [BurstEntry]
    var problems: [Problem]
    var hashes: [HashEntry]?
  }

  /// The report as one JSON object (sorted keys; `JSONEncoder` escapes control characters).
  static func json(
    _ report: DuplicateReport, photos: Int, prints: [PhotoPrint], assets: [Asset],
    problems: [Problem],
    options: Options
  ) -> String {
    func entry(_ index: Int, keeper: Bool?) -> FileEntry {
      let asset = assets[index]
      let size = prints[index].pixelSize
      let companions = asset.companions.map(\.path)
      return FileEntry(
        path: asset.path, keeper: keeper, width: size?.width, height: size?.height,
        bytes: asset.byteSize, date: InfoCommand.text(asset.captureDate),
        camera: prints[index].camera, companions: companions.isEmpty ? nil : companions)
    }
    func hex(_ value: UInt64) -> String {
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }
    let document = Document(
      photos: photos, similar: options.similar,
      groups: report.groups.map { group in
        GroupEntry(
          kind: group.kind.rawValue,
          files: group.members.enumerated().map { entry($1, keeper: $0 == 0) })
      },
      bursts: report.bursts.map { burst in
        BurstEntry(camera: prints[burst[0]].camera, files: burst.map { entry($0, keeper: nil) })
      },
      problems: problems,
      hashes: options.listHashes
        ? prints.map { print in
          HashEntry(
            path: print.path, digest: print.digest?.description ?? "",
            dhash: print.hash.map { hex($0.dHash) }, phash: print.hash.map { hex($0.pHash) })
        } : nil)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? String(decoding: encoder.encode(document), as: UTF8.self)) ?? "{}"
  }
}

import Catalog
import Decoders
import Pixels
import Foundation
import PhotoMetadata
import PhotoModel
import TerminalUI

/// `lightbox date`: adjust the date and time of photos as Photos' "Adjust Date & Time" does —
/// every EXIF date moved by one amount, in place (see `ExifDateShift`).
public enum DateCommand {
  /// How to change the dates.
  public enum Adjustment: Hashable, Sendable {
    /// Move every date by this many seconds.
    case shift(Int64)
    /// The earliest photo given gets this wall-clock time (seconds since 1970 as if UTC),
    /// the others move by the same amount.
    case set(Int64)
    /// Only the time zone (with `zone`).
    case none
  }

  /// One file's outcome.
  public struct Outcome: Sendable {
    public var path: String
    public var result: Result<[ExifDateChange], ImageError>
    /// A RAW's shift, written to its sidecar instead of the file.
    public var sidecar: SidecarDateShift.Outcome?
  }

  /// "+1h30m", "-2d", "45m", "-90s", "+1d2h3m4s" as seconds, or nil.
  public static func duration(_ text: String) -> Int64? { DateAdjustment.duration(text) }

  /// "2024-08-13 10:22" or "2024-08-13 10:22:01" (also with "T" or EXIF's colons in the date)
  /// as wall-clock seconds since 1970, or nil.
  public static func wallClock(_ text: String) -> Int64? { DateAdjustment.wallClock(text) }

  /// "+09:00", "-03:30", "Z" or "UTC" as seconds east of UTC, or nil.
  public static func zone(_ text: String) -> Int? {
    if text == "Z" || text.uppercased() == "UTC" { return 0 }
    let b = Array(text.utf8)
    guard b.count == 6, b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-"),
      b[3] == UInt8(ascii: ":"), let h = Int(String(decoding: b[1..<3], as: UTF8.self)),
      let m = Int(String(decoding: b[4..<6], as: UTF8.self)), h <= 14, m < 60
    else { return nil }
    let seconds = h * 3600 + m * 60
    return b[0] == UInt8(ascii: "-") ? -seconds : seconds
  }

  /// Changes the files' dates; each file's changes or the reason it was not changed.
  public static func run(paths: [String], adjustment: Adjustment, zone: Int?) -> [Outcome] {
    var seconds: Int64 = 0
    switch adjustment {
    case .shift(let amount): seconds = amount
    case .none: seconds = 0
    case .set(let target):
      // Photos' "set the first photo's time": the earliest capture among the files.
      let earliest = paths.compactMap { path -> Int64? in
        guard let bytes = FileManager.default.contents(atPath: path),
          let fields = ExifDateLocator.fields(in: Array(bytes))
        else { return nil }
        let original =
          fields.first { $0.kind == .dateTimeOriginal } ?? fields.first(where: \.kind.isDate)
        return original.flatMap { ExifDateShift.localSeconds($0.text) }
      }.min()
      guard let earliest else {
        return paths.map {
          Outcome(path: $0, result: .failure(ImageError("no EXIF date to set from")))
        }
      }
      seconds = target - earliest
    }
    return paths.map { path in
      if SidecarDateShift.isRAW(path) { return shiftRAW(path, seconds: seconds, zone: zone) }
      return Outcome(
        path: path, result: ExifDateShift.shiftFile(atPath: path, seconds: seconds, zone: zone))
    }
  }

  /// A RAW's dates moved in its sidecar (`SidecarDateShift`); a time zone is not set there.
  private static func shiftRAW(_ path: String, seconds: Int64, zone: Int?) -> Outcome {
    if zone != nil {
      return Outcome(
        path: path,
        result: .failure(ImageError("a RAW's time zone is not set (its dates go to a sidecar)")))
    }
    guard seconds != 0 else { return Outcome(path: path, result: .success([])) }
    switch SidecarDateShift.shift(photoAt: path, seconds: seconds) {
    case .success(let shifted):
      return Outcome(path: path, result: .success([]), sidecar: shifted)
    case .failure(let error):
      return Outcome(path: path, result: .failure(ImageError(error.reason)))
    }
  }

  /// One line per file: "NAME: 2024:08:13 10:22:01 → 2024:08:13 11:52:01" (its capture date,
  /// else the first date changed), "NAME: unchanged", or "lightbox: NAME: reason".
  public static func line(_ outcome: Outcome) -> String {
    let name = TerminalText.sanitize(outcome.path)
    switch outcome.result {
    case .success(let changes):
      if let sidecar = outcome.sidecar {
        let file = TerminalText.sanitize((sidecar.sidecar as NSString).lastPathComponent)
        return "\(name): \(XMPReader.dateText(sidecar.from)) → \(XMPReader.dateText(sidecar.to))"
          + " (in its sidecar \(file))\n"
      }
      guard let shown = changes.first(where: { $0.kind == .dateTimeOriginal }) ?? changes.first
      else { return "\(name): unchanged\n" }
      let fields = changes.count == 1 ? "1 field" : "\(changes.count) fields"
      return "\(name): \(shown.old) → \(shown.new) (\(fields))\n"
    case .failure(let error):
      return "lightbox: \(name): \(TerminalText.sanitize(error.reason))\n"
    }
  }
}

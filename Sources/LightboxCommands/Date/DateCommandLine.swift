import ArgumentParser
import Foundation

/// `lightbox date FILE… --shift ±1h30m | --set TIME [--zone ±HH:MM]`.
struct DateCommandLine: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "date",
    abstract: "Adjust the date and time of photos in their EXIF, in place.",
    discussion: "Moves DateTimeOriginal, CreateDate and ModifyDate by one amount (as Photos' "
      + "Adjust Date & Time and exiftool's -AllDates+= do), or sets the earliest photo's time "
      + "and moves the others with it; --zone sets the time-zone fields (OffsetTime…). Each "
      + "JPEG, HEIC or TIFF is replaced atomically and only the fields' bytes change; a RAW's "
      + "moved date is written to its XMP sidecar (exif:DateTimeOriginal, xmp:CreateDate), "
      + "which Lightbox reads over the file's own. Undo with the opposite --shift.")

  @Argument(help: "JPEG, HEIC, TIFF or RAW files.", completion: .file())
  var files: [String]

  @Option(parsing: .unconditional, help: "Move every date by this much: +1h30m, -2d, 45m, -90s.")
  var shift: String?

  @Option(help: "The earliest photo's new date and time, 'YYYY-MM-DD HH:MM[:SS]'.")
  var set: String?

  @Option(parsing: .unconditional, help: "Set the time-zone fields: +09:00, -03:30, UTC.")
  var zone: String?

  func validate() throws {
    if shift != nil && set != nil { throw ValidationError("give --shift or --set, not both") }
    if shift == nil && set == nil && zone == nil {
      throw ValidationError("give --shift, --set or --zone")
    }
    if let shift, DateCommand.duration(shift) == nil {
      throw ValidationError("--shift must be an amount like +1h30m, -2d or 45m, not '\(shift)'")
    }
    if let set, DateCommand.wallClock(set) == nil {
      throw ValidationError("--set must be a date and time like '2024-08-13 10:22', not '\(set)'")
    }
    if let zone, DateCommand.zone(zone) == nil {
      throw ValidationError("--zone must be like +09:00, -03:30 or UTC, not '\(zone)'")
    }
    if files.isEmpty { throw ValidationError("give at least one file") }
  }

  func run() throws {
    let adjustment: DateCommand.Adjustment =
      if let shift, let seconds = DateCommand.duration(shift) {
        .shift(seconds)
      } else if let set, let time = DateCommand.wallClock(set) {
        .set(time)
      } else {
        .none
      }
    let outcomes = DateCommand.run(
      paths: files.map(CommandSupport.absolute), adjustment: adjustment,
      zone: zone.flatMap(DateCommand.zone))
    var failed = 0
    for outcome in outcomes {
      let text = DateCommand.line(outcome)
      if case .failure = outcome.result {
        failed += 1
        FileHandle.standardError.write(Data(text.utf8))
      } else {
        FileHandle.standardOutput.write(Data(text.utf8))
      }
    }
    let changed = outcomes.count - failed
    FileHandle.standardOutput.write(
      Data("date: \(outcomes.count) files: \(changed) changed, \(failed) failed\n".utf8))
    if failed > 0 { throw ExitCode.failure }
  }
}

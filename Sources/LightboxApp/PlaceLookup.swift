import Foundation
import Logging
import Places

/// The place table for the browser and the commands: found and opened once, and when it is
/// missing or damaged one log line and no places — never an error on screen.
public enum PlaceLookup {
  /// The running executable (for `<bin>/../share/lightbox/places-v1.bin`), from /proc.
  public static var executablePath: String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments.first }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The finder, or nil after logging why there is none.
  public static func finder(environment: [String: String]) -> PlaceFinder? {
    switch PlaceFinder.load(environment: environment, executablePath: executablePath) {
    case .success(let finder):
      return finder
    case .failure(let problem):
      LightboxLog.logger("places").warning("no places: \(problem)")
      return nil
    }
  }

  /// `lightbox doctor`'s lines: which table, how many places, whether its checksum holds.
  public static func doctorLines(environment: [String: String]) -> [String] {
    var lines = ["Places:"]
    switch PlaceFinder.load(environment: environment, executablePath: executablePath) {
    case .success(let finder):
      let table = finder.table
      lines.append("  table: \(table.path)")
      let verdict = table.checksumMatches() ? "checksum ok" : "CHECKSUM MISMATCH: reinstall it"
      lines.append(
        "  \(table.placeCount) places, \(table.regionCount) regions, \(table.countryCount) "
          + "countries (\(verdict))")
    case .failure(let problem):
      lines.append("  no places: \(problem)")
    }
    lines.append("  " + PlaceAttribution.line)
    return lines
  }
}

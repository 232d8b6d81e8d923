import DemoLibrary
import Foundation

/// `lightbox demo`: makes sure the demo library exists for (count, seed), generating it when
/// missing or different.
public enum DemoCommand {
  /// Name of the file that records the options a demo library was made with.
  static let stampName = ".lightbox-demo-options"

  /// Generates the library unless the folder already holds one made with the same options.
  /// Returns the number of photos in it. `log` receives progress lines.
  public static func prepare(
    directory: String, count: Int, seed: UInt64, log: (String) -> Void
  ) throws -> Int {
    let stampPath = directory + "/" + stampName
    let stamp = "count=\(count) seed=\(seed) generator=1\n"
    if let existing = try? String(contentsOfFile: stampPath, encoding: .utf8), existing == stamp {
      return count
    }
    log("lightbox: generating a demo library of \(count) photos in \(directory)…")
    let started = Date()
    let summary = try DemoLibraryGenerator.generate(
      DemoLibraryOptions(directory: directory, count: count, seed: seed))
    try stamp.write(toFile: stampPath, atomically: true, encoding: .utf8)
    let seconds = Date().timeIntervalSince(started)
    log("lightbox: wrote \(summary.fileCount) files in \(String(format: "%.1f", seconds)) s")
    return summary.fileCount
  }
}

import Catalog
import DemoLibrary
import Foundation

/// `lightbox demo`: makes sure the demo library exists for (count, seed), generating it when
/// missing, and saying so when the folder holds one made with other options.
public enum DemoCommand {
  /// Name of the file that records the options a demo library was made with.
  static let stampName = ".lightbox-demo-options"

  /// The folder holds a demo library made with other options, and `--fresh` was not given.
  public struct OptionsMismatch: Error, CustomStringConvertible {
    /// The options the existing library was made with, as command-line flags.
    public let existingFlags: String
    public var description: String {
      "the demo library here was made with \(existingFlags); run `lightbox demo "
        + "\(existingFlags)`, or `--fresh` to make a new one"
    }
  }

  /// Generates the library unless the folder already holds one made with the same options.
  /// Returns the number of photos in it.
  ///
  /// A library made with other options is kept (the user may have browsed it, made albums
  /// of it) and `OptionsMismatch` is thrown, unless `fresh` is true: then it is replaced.
  /// `fresh` never replaces a folder the generator did not make; the generator refuses it.
  /// `log` receives whole lines; `progress` receives bar text (see IndexProgressReporter).
  public static func prepare(
    directory: String, count: Int, seed: UInt64, fresh: Bool = false,
    progressIsTerminal: Bool = false, log: (String) -> Void,
    progress: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> Int {
    let stampPath = directory + "/" + stampName
    let stamp = "count=\(count) seed=\(seed) generator=1\n"
    let existing = try? String(contentsOfFile: stampPath, encoding: .utf8)
    let ours = DemoLibraryGenerator.isDemoLibrary(directory)
    if let existing, ours, !fresh {
      if existing == stamp { return count }
      throw OptionsMismatch(existingFlags: flags(stamp: existing))
    }
    // The stamp is ours, not the generator's: take it away before the generator checks
    // that the folder holds only what it wrote. Only from a folder the generator made.
    if existing != nil, ours { try? FileManager.default.removeItem(atPath: stampPath) }
    log("lightbox: generating a demo library of \(count) photos in \(directory)…")
    let started = Date()
    let reporter = IndexProgressReporter(
      isTerminal: progressIsTerminal, label: "generating", write: progress)
    let summary = try DemoLibraryGenerator.generate(
      DemoLibraryOptions(directory: directory, count: count, seed: seed)
    ) { done, total in
      reporter.report(progressState(done: done, total: total, since: started))
    }
    reporter.finish()
    try stamp.write(toFile: stampPath, atomically: true, encoding: .utf8)
    let seconds = Date().timeIntervalSince(started)
    log("lightbox: wrote \(summary.fileCount) files in \(String(format: "%.1f", seconds)) s")
    return summary.fileCount
  }

  /// The generator's progress in the indexer's terms, so both draw the same bar.
  static func progressState(done: Int, total: Int, since start: Date) -> IndexProgress {
    let elapsed = Date().timeIntervalSince(start)
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    let eta = rate > 0 ? Double(total - done) / rate : nil
    return IndexProgress(
      phase: done >= total ? .finished : .reading, found: total, done: done, total: total,
      elapsedSeconds: elapsed, rate: rate, etaSeconds: eta)
  }

  /// "--count 200" (and "--seed 3" when not the default) from a stamp's text.
  static func flags(stamp: String) -> String {
    var values: [String: String] = [:]
    for pair in stamp.split(whereSeparator: \.isWhitespace) {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      if parts.count == 2 { values[parts[0]] = parts[1] }
    }
    var out = "--count \(values["count"] ?? "?")"
    if let seed = values["seed"], seed != "1" { out += " --seed \(seed)" }
    return out
  }
}

import Catalog
import Foundation

/// Turns indexing progress into a bar on a `ProgressLine`: redrawn on a terminal, occasional
/// plain lines otherwise.
///
/// `lightbox demo` draws its generator's progress with it too, labelled "generating", so
/// every long command shows the same bar.
final class IndexProgressReporter: Sendable {
  private let line: ProgressLine
  private let label: String

  init(
    isTerminal: Bool, label: String = "indexing", write: @escaping @Sendable (String) -> Void
  ) {
    line = ProgressLine(style: isTerminal ? .redrawn : .plainLines, write: write)
    self.label = label
  }

  func report(_ progress: IndexProgress) {
    let last = progress.phase == .finished
    guard progress.phase == .reading || last else { return }
    // Nothing to read: no closing line.
    if last, progress.total == 0 { return }
    line.show(Self.line(progress, label: label), final: last)
  }

  /// Ends the bar's line on a terminal (the bar stays).
  func finish() { line.finish(keep: true) }

  /// "[#########-----------]  4,500/10,000  2,345 files/s  ETA 0:03".
  static func line(_ p: IndexProgress, label: String = "indexing") -> String {
    let width = 24
    let filled = Int((p.fraction * Double(width)).rounded(.down))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    let eta = p.etaSeconds.map { " ETA \(duration($0))" } ?? ""
    return "\(label) [\(bar)] \(grouped(p.done))/\(grouped(p.total)) files "
      + "\(grouped(Int(p.rate.rounded()))) files/s\(eta)"
  }

  /// "1:05" (minutes:seconds), or "1:02:05".
  static func duration(_ seconds: Double) -> String {
    let s = Int(max(0, min(seconds, 359_999)).rounded(.up))
    let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
    return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
  }

  /// "12,345".
  static func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return (n < 0 ? "-" : "") + out
  }
}

import Catalog
import Foundation

/// Turns indexing progress into a `\r`-redrawn bar (terminal) or occasional plain lines.
///
/// `lightbox demo` draws its generator's progress with it too, labelled "generating", so
/// every long command shows the same bar.
final class IndexProgressReporter: @unchecked Sendable {
  private let isTerminal: Bool
  private let label: String
  private let write: @Sendable (String) -> Void
  private let lock = NSLock()
  // Guarded by `lock`.
  private var lastDraw = 0.0
  private var drewBar = false
  private var lastLine = ""
  private var lastDone = -1

  /// Terminal redraws at most this often; plain lines at most once per `lineInterval`.
  let drawInterval = 0.1
  let lineInterval = 1.0

  init(
    isTerminal: Bool, label: String = "indexing", write: @escaping @Sendable (String) -> Void
  ) {
    self.isTerminal = isTerminal
    self.label = label
    self.write = write
  }

  func report(_ progress: IndexProgress) {
    lock.withLock {
      let now = ProcessInfo.processInfo.systemUptime
      let interval = isTerminal ? drawInterval : lineInterval
      let last = progress.phase == .finished
      guard progress.phase == .reading || last, last || now - lastDraw >= interval else {
        return
      }
      // Nothing to read, or the last plain line already said it all: no closing line.
      if last, progress.total == 0 || (!isTerminal && lastDone == progress.done) { return }
      lastDraw = now
      let text = Self.line(progress, label: label)
      if isTerminal {
        // Pad over the previous text so a shorter line leaves no tail.
        let pad = String(repeating: " ", count: max(0, lastLine.count - text.count))
        write("\r" + text + pad)
      } else {
        write(text + "\n")
      }
      lastLine = text
      lastDone = progress.done
      drewBar = true
    }
  }

  /// Ends the bar's line on a terminal.
  func finish() {
    lock.withLock {
      if isTerminal, drewBar { write("\n") }
    }
  }

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

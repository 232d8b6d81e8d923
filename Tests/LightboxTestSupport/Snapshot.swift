import Foundation
import XCTest

/// Golden-file assertions: the text is compared with `Snapshots/<name>.txt` beside the test
/// file; with RECORD_SNAPSHOTS=1 the file is (re)written instead and the test fails so a
/// recording never passes silently.
public enum Snapshot {
  public static func assert(
    _ text: String, named name: String, testFile: StaticString = #filePath,
    line: UInt = #line
  ) {
    let folder = URL(fileURLWithPath: "\(testFile)").deletingLastPathComponent()
      .appendingPathComponent("Snapshots")
    let url = folder.appendingPathComponent(name + ".txt")
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try? text.write(to: url, atomically: true, encoding: .utf8)
      XCTFail(
        "Recorded snapshot \(name); run again without RECORD_SNAPSHOTS=1", file: testFile,
        line: line)
      return
    }
    guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
      XCTFail(
        "No snapshot \(url.path); record it with RECORD_SNAPSHOTS=1", file: testFile, line: line)
      return
    }
    if golden != text {
      let g = golden.split(separator: "\n", omittingEmptySubsequences: false)
      let t = text.split(separator: "\n", omittingEmptySubsequences: false)
      var first = 0
      while first < min(g.count, t.count) && g[first] == t[first] { first += 1 }
      let expectedLine = first < g.count ? String(g[first]) : "<end>"
      let actualLine = first < t.count ? String(t[first]) : "<end>"
      XCTFail(
        "Snapshot \(name) differs at line \(first + 1):\n  expected: \(expectedLine)\n  actual:   \(actualLine)",
        file: testFile, line: line)
    }
  }
}

import LightboxTestSupport
import PhotoModel
import PhotoStore
import TerminalUI
import Decoders
import XCTest

@testable import Settings

/// A golden frame per built-in theme: the Albums tab with the help open, as 24-bit colour
/// runs (the colour of every cell, run-length coded), so a theme change shows up in review.
final class ThemeSnapshotTests: XCTestCase {
  func sampleFrame() -> Frame {
    var assets = Fixtures.assets(8)
    assets[2].isFavorite = true
    var state = AppState(roots: ["/photos"], terminal: TerminalSize(columns: 72, rows: 20))
    state.arrange(.start)
    state.arrange(.library(.loaded(assets: assets, problems: [])))
    state.arrange(.library(.indexFinished))
    state.arrange(.mark(.toggle))
    state.arrange(.album(.addPhotos))
    return LibraryView.render(state)
  }

  /// Each row as runs of "fg/bg[b]×count", then the text.
  func colourRuns(_ frame: Frame, _ theme: Theme) -> String {
    func hex(_ c: RGB) -> String {
      String(format: "%02x%02x%02x", c.r, c.g, c.b)
    }
    var lines: [String] = ["theme \(theme.name)"]
    for role in StyleRole.allCases {
      let s = theme.style(role)
      lines.append(
        "  \(role): fg #\(hex(s.foreground)) bg #\(hex(s.background))\(s.bold ? " bold" : "")")
    }
    for row in 0..<frame.size.rows {
      var runs: [String] = []
      var last = ""
      var count = 0
      for column in 0..<frame.size.columns {
        let s = theme.style(frame[row, column].role)
        let key = "\(hex(s.foreground))/\(hex(s.background))\(s.bold ? "b" : "")"
        if key == last {
          count += 1
        } else {
          if count > 0 { runs.append("\(last)×\(count)") }
          last = key
          count = 1
        }
      }
      runs.append("\(last)×\(count)")
      lines.append(runs.joined(separator: " "))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func testEveryBuiltInThemeHasAGoldenFrame() throws {
    let frame = sampleFrame()
    XCTAssertGreaterThanOrEqual(ThemeCatalog.builtInNames.count, 4)
    var seen: Set<String> = []
    for name in ThemeCatalog.builtInNames {
      let theme = try ThemeCatalog.theme(named: name, configDirectory: nil)
      let text = colourRuns(frame, theme)
      Snapshot.assert(text + frame.snapshotText, named: "theme-\(name)")
      seen.insert(text.split(separator: "\n").dropFirst().joined())
    }
    XCTAssertEqual(seen.count, ThemeCatalog.builtInNames.count, "every theme looks different")
  }
}

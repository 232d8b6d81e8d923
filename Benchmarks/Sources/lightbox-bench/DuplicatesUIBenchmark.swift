import ArgumentParser
import Foundation
import PhotoModel
import PhotoStore
import TerminalUI

/// `lightbox-bench duplicates-ui`: the Duplicates album over N photos (issue 35: its first
/// draw ≤ 100 ms once the groups are computed, at a million photos).
struct BenchDuplicatesUI: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "duplicates-ui",
    abstract: "The Duplicates album's first draw and keys over N photos, 4 % in pairs.")

  @Option(help: "Number of photos.")
  var photos: Int = 100_000

  func run() throws {
    let figures = DuplicatesUIBenchmark.run(count: photos)
    print("Duplicates album over \(photos) photos, 4 % of them in pairs (medians):")
    BenchReport.printFigures(figures, nameWidth: 58)
  }
}

/// The Duplicates album on a synthetic library: every 50th photo with a copy 25 photos
/// later (pairs, one exact, one similar in turn), and every 500th starting a burst of three.
enum DuplicatesUIBenchmark {
  static func run(count: Int, terminal: TerminalSize = TerminalSize(columns: 200, rows: 60))
    -> [UIBenchmark.Figure]
  {
    var assets = UIBenchmark.syntheticAssets(count: count)
    let ids = assets.map(\.id)
    var groups: [PhotoGroup] = []
    for n in stride(from: 0, to: count - 25, by: 50) {
      groups.append(
        PhotoGroup(kind: groups.count % 2 == 0 ? .exact : .similar, members: [ids[n], ids[n + 25]]))
    }
    var bursts: [PhotoGroup] = []
    for n in stride(from: 1, to: count - 3, by: 500) {
      bursts.append(PhotoGroup(kind: .burst, members: [ids[n], ids[n + 1], ids[n + 2]]))
    }
    var state = AppState(roots: ["/photos"], terminal: terminal)
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))
    assets = []
    var figures: [UIBenchmark.Figure] = []
    func measure(
      _ name: String, runs: Int, limit: Double, _ action: Action, back: Action? = nil
    ) {
      let median = UIBenchmark.median(runs: runs) {
        _ = Reducer.reduce(&state, action)
        _ = LibraryView.render(state)
      } between: {
        if let back { _ = Reducer.reduce(&state, back) }
      }
      figures.append(
        UIBenchmark.Figure(
          name: name, medianMilliseconds: median, runs: runs, limitMilliseconds: limit))
    }
    measure(
      "the groups posted, Library shown (reduce + render)", runs: 5, limit: 100,
      .library(.duplicatesFound(groups: groups, bursts: bursts)))
    measure(
      "Albums tab shown, with Duplicates and Bursts (reduce + render)", runs: 11, limit: 100,
      .showTab(.albums), back: .showTab(.library))
    _ = Reducer.reduce(&state, .showTab(.albums))
    guard let card = state.albums.entries.firstIndex(where: { $0.ref == .duplicates }) else {
      preconditionFailure("no Duplicates card")
    }
    precondition(state.albums.entries[card].count == 2 * groups.count, "every pair listed")
    state.albums.cursor = card
    measure(
      "Duplicates opened: first draw (reduce + render)", runs: 11, limit: 100, .open, back: .back)
    _ = Reducer.reduce(&state, .open)
    precondition(state.duplicates.layout.groupCount == groups.count, "every group laid out")
    measure("→ within a group (reduce + render)", runs: 41, limit: 16, .move(.right))
    measure("↓ to the next group (reduce + render)", runs: 41, limit: 16, .move(.down))
    measure("K: another keeper (reduce + render)", runs: 11, limit: 100, .duplicates(.chooseKeeper))
    _ = Reducer.reduce(&state, .back)
    state.albums.cursor = state.albums.entries.firstIndex { $0.ref == .bursts }!
    measure(
      "Bursts opened: first draw (reduce + render)", runs: 11, limit: 100, .open, back: .back)
    return figures
  }
}

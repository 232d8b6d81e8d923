import ArgumentParser
import Foundation
import PhotoModel
import PhotoStore
import TerminalUI

/// `lightbox-bench tags-ui`: the Tags collection and tag searches over N photos with 50,000
/// distinct tags (issue 37: first draw ≤ 100 ms, a tag search keystroke ≤ 16 ms at a million).
struct BenchTagsUI: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tags-ui",
    abstract: "The Tags collection's levels and tag searches over N photos with 50,000 tags.")

  @Option(help: "Number of photos.")
  var photos: Int = 100_000

  @Option(help: "Number of distinct tags (50 top-level tags, the rest under them).")
  var tags: Int = 50_000

  func run() throws {
    let figures = TagsUIBenchmark.run(count: photos, tagCount: tags)
    print(
      "Tags collection over \(photos) photos, 70 % tagged, \(tags) distinct tags (medians):")
    BenchReport.printFigures(figures, nameWidth: 84)
  }
}

/// The Tags collection on a synthetic library: 50 topics ("Topic7") with the other tags
/// spread under them ("Topic7/T7-123"); seven photos in ten tagged, runs of photos sharing
/// a tag (as outings do), one in three with a second tag; ratings −1…5 in turn.
enum TagsUIBenchmark {
  static func run(
    count: Int, tagCount: Int, terminal: TerminalSize = TerminalSize(columns: 200, rows: 60)
  ) -> [UIBenchmark.Figure] {
    let topics = 50
    let perTopic = max(1, tagCount / topics)
    var paths: [[String]] = []
    paths.reserveCapacity(topics * perTopic)
    for t in 0..<topics {
      for n in 0..<perTopic { paths.append(["Topic\(t)", "T\(t)-\(n)"]) }
    }
    var assets = UIBenchmark.syntheticAssets(count: count)
    var tagged: [(id: AssetID, tags: [Int])] = []
    tagged.reserveCapacity(count)
    // Ratings −1…5 in turn, for the rating search.
    for n in assets.indices { assets[n].rating = n % 7 - 1 }
    for n in assets.indices where n % 10 < 7 {
      var list = [(n / 13) % paths.count]
      if n % 3 == 0 { list.append((n &* 7919) % paths.count) }
      tagged.append((assets[n].id, list))
    }
    let photoTags = PhotoTags(paths: paths, photos: tagged)
    tagged = []
    var state = AppState(roots: ["/photos"], terminal: terminal)
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))
    _ = Reducer.reduce(&state, .library(.tagsLoaded(photoTags)))
    assets = []
    var figures: [UIBenchmark.Figure] = []
    func measure(
      _ name: String, runs: Int, limit: Double?, _ action: Action, back: Action? = nil
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
      "Albums tab shown, with the Tags card (reduce + render)", runs: 11, limit: 100,
      .showTab(.albums), back: .showTab(.library))
    _ = Reducer.reduce(&state, .showTab(.albums))
    guard let card = state.albums.entries.firstIndex(where: { $0.ref == .tag(.all) }) else {
      preconditionFailure("no Tags card")
    }
    state.albums.cursor = card
    measure(
      "Tags opened: its 50 top-level tags, first draw (reduce + render)", runs: 11, limit: 100,
      .open, back: .back)
    _ = Reducer.reduce(&state, .open)
    precondition(state.albums.entries.count == topics, "\(state.albums.entries.count) tags")
    measure(
      "arrow key among the top-level tags (reduce + render)", runs: 41, limit: 16, .move(.right))
    state.albums.cursor = 0
    measure(
      "a topic opened: All and its \(perTopic) tags (reduce + render)", runs: 11, limit: 100,
      .open, back: .back)
    state.albums.cursor = 0
    _ = Reducer.reduce(&state, .open)
    precondition(state.albums.entries.count > 1, "\(state.albums.entries.count) tags")
    measure("arrow key among a topic's tags (reduce + render)", runs: 41, limit: 16, .move(.right))
    state.albums.cursor = 1
    measure(
      "a tag opened: its photos as a grid (reduce + render)", runs: 11, limit: 100, .open,
      back: .back)
    _ = Reducer.reduce(&state, .open)
    precondition(!state.assets.isEmpty, "the tag has photos")
    _ = Reducer.reduce(&state, .back)
    measure(
      "Esc: from a topic's tags up to the top level (reduce + render)", runs: 11, limit: 100,
      .back, back: .open)

    // Entering Search builds its indexes (the tags' too); then each query typed but for its
    // last key, which is timed with the results rendered and taken back after each run.
    _ = Reducer.reduce(&state, .showTab(.library))
    measure(
      "entering Search (its indexes built) + render", runs: 5, limit: nil, .startSearch,
      back: .showTab(.library))
    _ = Reducer.reduce(&state, .startSearch)
    for (query, name) in [
      ("#t7-123", "tag search keystroke, one tag of 50,000 (reduce + render)"),
      ("#topic7", "tag search keystroke, a topic: its 1,000 tags (reduce + render)"),
      ("tag:topic7/t7-12", "tag search keystroke, two levels (reduce + render)"),
      ("t7-12", "search keystroke, a word inside tags and names (reduce + render)"),
      ("rating:1", "search keystroke, rating:1 (reduce + render)"),
    ] {
      _ = Reducer.reduce(&state, .startSearch)
      for character in query.dropLast() { _ = Reducer.reduce(&state, .field(.typed(character))) }
      var matched = 0
      let last = query.last!
      let median = UIBenchmark.median(runs: 21) {
        _ = Reducer.reduce(&state, .field(.typed(last)))
        _ = LibraryView.render(state)
        matched = state.search.text == query ? state.assets.count : -1
      } between: {
        _ = Reducer.reduce(&state, .field(.deleteBackward))
      }
      precondition(matched >= 0, "the search field did not take the keystroke")
      precondition(matched > 0, "\(query) found nothing")
      figures.append(
        UIBenchmark.Figure(
          name: "\(name) · \(matched) found", medianMilliseconds: median, runs: 21,
          limitMilliseconds: 16))
    }
    return figures
  }
}

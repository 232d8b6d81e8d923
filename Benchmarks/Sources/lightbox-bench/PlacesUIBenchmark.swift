import ArgumentParser
import Foundation
import PhotoModel
import PhotoStore
import TerminalUI

/// `lightbox-bench places-ui`: the Places collection over N photos (issue 34: first draw
/// ≤ 100 ms, each key ≤ 16 ms at a million).
struct BenchPlacesUI: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "places-ui",
    abstract: "The Places collection's levels and keys over N photos with places.")

  @Option(help: "Number of photos.")
  var photos: Int = 100_000

  func run() throws {
    let figures = PlacesUIBenchmark.run(count: photos)
    print("Places collection over \(photos) photos, 80 % with a place (medians):")
    BenchReport.printFigures(figures, nameWidth: 58)
  }
}

/// The Places collection on a synthetic library: 2,000 towns in 200 regions of 40 countries,
/// every fifth photo without a place, runs of photos sharing one (as outings do).
enum PlacesUIBenchmark {
  static func run(count: Int, terminal: TerminalSize = TerminalSize(columns: 200, rows: 60))
    -> [UIBenchmark.Figure]
  {
    var places: [PhotoPlace] = []
    for c in 0..<40 {
      for r in 0..<5 {
        for t in 0..<10 {
          if let place = PhotoPlace.interned(
            town: "Town \(c)-\(r)-\(t)", region: "Region \(c)-\(r)", country: "Country \(c)",
            countryCode: "C\(c)")
          {
            places.append(place)
          }
        }
      }
    }
    var assets = UIBenchmark.syntheticAssets(count: count)
    for n in assets.indices where n % 5 != 0 {
      assets[n].place = places[(n / 37) % places.count]
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
      "Albums tab shown, with the Places card (reduce + render)", runs: 11, limit: 100,
      .showTab(.albums), back: .showTab(.library))
    _ = Reducer.reduce(&state, .showTab(.albums))
    guard let card = state.albums.entries.firstIndex(where: { $0.ref == .place(.all) }) else {
      preconditionFailure("no Places card")
    }
    state.albums.cursor = card
    measure(
      "Places opened: 40 countries (reduce + render)", runs: 11, limit: 100, .open, back: .back)
    _ = Reducer.reduce(&state, .open)
    // The Map card, then the countries.
    precondition(state.albums.entries.count == 41, "\(state.albums.entries.count) cards")
    measure("arrow key among the countries (reduce + render)", runs: 41, limit: 16, .move(.right))
    state.albums.cursor = 1
    measure(
      "a country opened: its 5 regions (reduce + render)", runs: 11, limit: 100, .open, back: .back)
    state.albums.cursor = 1
    _ = Reducer.reduce(&state, .open)
    precondition(state.albums.entries.count == 5, "\(state.albums.entries.count) regions")
    state.albums.cursor = 0
    measure(
      "a region opened: its 10 towns (reduce + render)", runs: 11, limit: 100, .open, back: .back)
    state.albums.cursor = 0
    _ = Reducer.reduce(&state, .open)
    precondition(state.albums.entries.count == 10, "\(state.albums.entries.count) towns")
    state.albums.cursor = 0
    measure(
      "a town opened: its photos as a grid (reduce + render)", runs: 11, limit: 100, .open,
      back: .back)
    _ = Reducer.reduce(&state, .open)
    precondition(!state.assets.isEmpty, "the town has photos")
    measure("arrow key in a town's grid (reduce + render)", runs: 41, limit: 16, .move(.left))
    _ = Reducer.reduce(&state, .back)
    measure(
      "Esc: from the towns up to the regions (reduce + render)", runs: 11, limit: 100, .back,
      back: .open)
    return figures
  }
}

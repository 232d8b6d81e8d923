import ArgumentParser
import Foundation
import PhotoModel
import PhotoStore
import TerminalUI

/// `lightbox-bench map`: the world map over N photos (issue 34: first draw ≤ 100 ms, each
/// key ≤ 16 ms at a million), as text (half-blocks) and as a picture terminal's frame.
struct BenchMap: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "map",
    abstract: "The world map's first draw and keys over N photos with places.")

  @Option(help: "Number of photos.")
  var photos: Int = 100_000

  func run() throws {
    for pictures in [false, true] {
      let figures = MapBenchmark.run(count: photos, pictures: pictures)
      print(
        "World map over \(photos) photos, 80 % with a place in 2,000 towns, "
          + (pictures ? "picture terminal (10×20 cells)" : "text map (half-blocks)")
          + " (medians):")
      BenchReport.printFigures(figures, nameWidth: 58)
    }
  }
}

/// The map on a synthetic library: 2,000 towns scattered over the land between 60° S and
/// 70° N (a fixed generator: the same places every run), every fifth photo without a place,
/// runs of photos sharing one (as outings do).
enum MapBenchmark {
  static func run(
    count: Int, pictures: Bool, terminal: TerminalSize = TerminalSize(columns: 200, rows: 60)
  ) -> [UIBenchmark.Figure] {
    var places: [PhotoPlace] = []
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    func next() -> Double {
      seed ^= seed << 13
      seed ^= seed >> 7
      seed ^= seed << 17
      return Double(seed % 1_000_000) / 1_000_000
    }
    for t in 0..<2_000 {
      if let place = PhotoPlace.interned(
        town: "Map town \(t)", region: "Map region \(t / 10)", country: "Map country \(t / 50)",
        countryCode: "M\(t / 50)", latitude: -60 + 130 * next(), longitude: -180 + 360 * next())
      {
        places.append(place)
      }
    }
    var assets = UIBenchmark.syntheticAssets(count: count)
    for n in assets.indices where n % 5 != 0 {
      assets[n].place = places[(n / 37) % places.count]
    }
    let cell = pictures ? PixelSize(width: 10, height: 20) : PixelSize(width: 1, height: 2)
    var state = AppState(roots: ["/photos"], terminal: terminal, cellPixelSize: cell)
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))
    assets = []
    // The base map's mask at its real size (a quarter degree), half of it land.
    let land = LandMask(width: 1440, height: 720) { column, row in (column / 40 + row / 40) % 2 == 0
    }
    let base = BaseMap(
      path: "/usr/share/xplanet/images/earth.jpg", size: PixelSize(width: 2048, height: 1024),
      land: land)
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
    _ = Reducer.reduce(&state, .map(.show))
    _ = Reducer.reduce(&state, .map(.baseMapLoaded(base)))
    _ = Reducer.reduce(&state, .back)
    measure(
      "m: the map's first draw, places counted (reduce + render)", runs: 11, limit: 100,
      .map(.show), back: .back)
    _ = Reducer.reduce(&state, .map(.show))
    precondition(state.map.isShown && !state.map.clusters.isEmpty, "the map has clusters")
    measure("arrow key between clusters (reduce + render)", runs: 41, limit: 16, .move(.right))
    measure("arrow key back (reduce + render)", runs: 41, limit: 16, .move(.left))
    measure(
      "+ zoom in, clusters re-formed (reduce + render)", runs: 41, limit: 16, .detail(.zoomIn),
      back: .detail(.zoomOut))
    for _ in 0..<3 { _ = Reducer.reduce(&state, .detail(.zoomIn)) }
    measure(
      "- zoom out at zoom 3, clusters re-formed (reduce + render)", runs: 41, limit: 16,
      .detail(.zoomOut), back: .detail(.zoomIn))
    measure(
      "Enter: the cluster's photos as a grid (reduce + render)", runs: 11, limit: 100, .open,
      back: .back)
    _ = Reducer.reduce(&state, .open)
    precondition(!state.assets.isEmpty, "the cluster has photos")
    measure(
      "Esc from the cluster's grid to the map (reduce + render)", runs: 11, limit: 100,
      .back, back: .open)
    return figures
  }
}

import ArgumentParser
import Foundation
import PhotoModel
import PhotoStore
import TerminalUI

/// `lightbox-bench people-ui`: the People collection and `person:` and caption searches over
/// N photos (issue 37: first draw ≤ 100 ms, a search keystroke ≤ 16 ms at a million).
struct BenchPeopleUI: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "people-ui",
    abstract: "The People collection and person:/caption searches over N photos.")

  @Option(help: "Number of photos.")
  var photos: Int = 100_000

  @Option(help: "Number of distinct people.")
  var people: Int = 2_000

  @Option(help: "Photos with a title and a caption (every Nth photo gets one).")
  var captioned: Int = 100_000

  func run() throws {
    let figures = PeopleUIBenchmark.run(count: photos, people: people, captioned: captioned)
    BenchReport.printFigures(figures, nameWidth: 84)
  }
}

/// The People collection on a synthetic library: `people` people named from 100 first names
/// and surnames ("Anna Weiß 12"), three photos in ten naming one or two of them with a face
/// each, and `captioned` photos with a title and a caption of about 60 bytes built from a
/// word list (a few with accents).
enum PeopleUIBenchmark {
  static let firsts = [
    "Anna", "Bo", "Chloé", "Dana", "Eli", "Farid", "Greta", "Hiro", "Ines", "Jonas",
  ]
  static let lasts = ["Weiß", "Okafor", "Nakamura", "Silva", "Dubois", "Novak", "Kim", "Berg"]
  static let words = [
    "walking", "along", "the", "lake", "with", "friends", "near", "lighthouse", "café", "harbour",
    "mountain", "birthday", "dinner", "garden", "market", "sunset", "river", "museum",
    "bridge", "snow", "picnic", "wedding", "school", "beach", "forest", "train", "station",
  ]

  static func run(
    count: Int, people peopleCount: Int, captioned: Int,
    terminal: TerminalSize = TerminalSize(columns: 200, rows: 60)
  ) -> [UIBenchmark.Figure] {
    var assets = UIBenchmark.syntheticAssets(count: count)
    var names: [String] = []
    for k in 0..<peopleCount {
      names.append("\(firsts[k % firsts.count]) \(lasts[(k / firsts.count) % lasts.count]) \(k)")
    }
    var rows: [(id: AssetID, people: [(name: String, face: FaceArea)])] = []
    let face = FaceArea(left: 0.4, top: 0.2, width: 0.15, height: 0.2)
    for n in assets.indices where n % 10 < 3 {
      // Runs of photos of one person (as an outing), one in four with a second.
      var list = [(names[(n / 17) % names.count], face)]
      if n % 4 == 0 { list.append((names[(n &* 7919) % names.count], face)) }
      if list.count == 2 && list[0].0 == list[1].0 { list.removeLast() }
      rows.append((assets[n].id, list))
    }
    let people = PhotoPeople(photos: rows)
    rows = []
    let every = max(1, count / max(1, captioned))
    var captions = PhotoCaptions()
    var seed: UInt64 = 0x5EED_CA97
    for n in assets.indices where n % every == 0 {
      var caption: [String] = []
      var bytes = 0
      while bytes < 60 {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let word = words[Int(seed >> 33) % words.count]
        caption.append(word)
        bytes += word.utf8.count + 1
      }
      captions.append(
        assets[n].id, title: "Day \(n / every)", caption: caption.joined(separator: " "))
    }
    print(
      "People collection over \(count) photos, 30 % naming someone, \(peopleCount) people, "
        + "\(captions.photoIDs.count) titles and captions (\(captions.textByteCount) bytes of "
        + "text) (medians):")
    var state = AppState(roots: ["/photos"], terminal: terminal)
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))
    _ = Reducer.reduce(&state, .library(.peopleLoaded(people: people, captions: captions)))
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
      "Albums tab shown, with the People card (reduce + render)", runs: 11, limit: 100,
      .showTab(.albums), back: .showTab(.library))
    _ = Reducer.reduce(&state, .showTab(.albums))
    guard let card = state.albums.entries.firstIndex(where: { $0.ref == .people }) else {
      preconditionFailure("no People card")
    }
    state.albums.cursor = card
    measure(
      "People opened: \(peopleCount) people, first draw (reduce + render)", runs: 11, limit: 100,
      .open, back: .back)
    _ = Reducer.reduce(&state, .open)
    precondition(state.albums.entries.count == peopleCount, "\(state.albums.entries.count)")
    precondition(state.albums.entries.first?.coverCrop != nil, "covers cropped to faces")
    measure("arrow key among the people (reduce + render)", runs: 41, limit: 16, .move(.right))
    state.albums.cursor = 0
    measure(
      "a person opened: their photos as a grid (reduce + render)", runs: 11, limit: 100, .open,
      back: .back)

    _ = Reducer.reduce(&state, .showTab(.library))
    measure(
      "entering Search (its indexes built, captions folded) + render", runs: 5, limit: nil,
      .startSearch, back: .showTab(.library))
    _ = Reducer.reduce(&state, .startSearch)
    for (query, name) in [
      ("person:anna", "person: keystroke, a first name (reduce + render)"),
      ("person:nakamura", "person: keystroke, a surname (reduce + render)"),
      ("lighthouse", "search keystroke, a caption word (reduce + render)"),
      ("cafe", "search keystroke, a caption word with an accent (reduce + render)"),
      ("person:chloe harbour", "person: and a caption word (reduce + render)"),
      ("zeppelin", "search keystroke, a word found nowhere (reduce + render)"),
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
      precondition(matched > 0 || query == "zeppelin", "\(query) found nothing")
      figures.append(
        UIBenchmark.Figure(
          name: "\(name) · \(matched) found", medianMilliseconds: median, runs: 21,
          limitMilliseconds: 16))
    }
    return figures
  }
}

import Catalog
import Foundation
import LightboxApp
import PhotoModel
import PhotoStore
import TerminalUI

/// Measures the Library UI on a large synthetic library: how long grouping, switching
/// segments and a key press take, and memory. Reports medians (`lightbox bench ui`).
public enum UIBenchmark {
  /// One measured figure.
  public struct Figure: Codable, Sendable {
    public var name: String
    public var medianMilliseconds: Double
    public var runs: Int
    public var limitMilliseconds: Double?
  }

  /// The report of a run.
  public struct Report: Codable, Sendable {
    public var photos: Int
    public var figures: [Figure]
    public var peakRSSMegabytes: Double
    /// Resident memory with only the library in the state (the benchmark's own copy of the
    /// photos dropped, freed heap given back as the browser does after a load).
    public var idleRSSMegabytes: Double = 0
    /// The same with a camera's EXIF on every photo (make, model, lens, exposure, GPS, the
    /// EXIF thumbnail's place): what a library of camera photos holds.
    public var idleRSSWithEXIFMegabytes: Double = 0
  }

  /// `count` photos spread over ten years with bursts, sorted as the catalog returns them.
  /// With `exif`, each photo has what a camera records (make, model, lens, exposure, GPS,
  /// the EXIF thumbnail's byte range), all distinct strings per model as a catalog load
  /// makes them.
  public static func syntheticAssets(count: Int, exif: Bool = false) -> [Asset] {
    var assets: [Asset] = []
    assets.reserveCapacity(count)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    let firstDay = CaptureDate.daysFromCivil(year: 2016, month: 1, day: 1)
    var day = firstDay
    while assets.count < count {
      day += Int(next() % 3)
      let burst = 1 + Int(next() % 60)
      let (y, m, d) = CaptureDate.civilFromDays(day)
      for i in 0..<min(burst, count - assets.count) {
        let n = assets.count
        assets.append(
          Asset(
            id: AssetID(Int64(n + 1)), path: "/photos/\(y)/IMG_\(n).jpg", byteSize: 3_000_000,
            modificationTime: 0, format: .jpeg,
            storedPixelSize: PixelSize(width: 4032, height: 3024),
            orientation: .up,
            captureDate: CaptureDate(
              year: y, month: m, day: d, hour: 8 + i * 12 / burst, minute: i % 60, source: .exif)))
        if exif {
          let camera = Int(next() % 8)
          assets[n].cameraMake = "Canon"
          assets[n].cameraModel = "Canon EOS \(camera)D Mark IV"
          assets[n].lensModel = "EF24-105mm f/4L IS USM"
          assets[n].exposure = Exposure(
            fNumber: 4, exposureTime: ExposureTime(numerator: 1, denominator: 250), iso: 200,
            focalLength: 50)
          assets[n].latitude = 48 + Double(next() % 1000) / 1000
          assets[n].longitude = 2 + Double(next() % 1000) / 1000
          assets[n].exifThumbnail = 1_200..<(9_000 + Int(next() % 4000))
        }
      }
    }
    return assets
  }

  /// Runs `body` `runs` times and returns the median in milliseconds; `between` runs after
  /// each, untimed.
  public static func median(runs: Int, _ body: () -> Void, between: () -> Void = {}) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      between()
    }
    times.sort()
    return times[times.count / 2]
  }

  /// Seconds since this process started (from /proc, 10 ms resolution).
  public static func secondsSinceProcessStart() -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let uptime = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return 0 }
    // Fields after the command name; starttime is field 22 overall, 20th after ")".
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let ticks = Double(fields[19]),
      let up = Double(uptime.split(separator: " ").first ?? "")
    else { return 0 }
    return up - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// What the interactive session does before its first frame, on a real catalog: open it,
  /// load the photos under `roots`, reduce, render. Returns milliseconds since process start
  /// and for the in-process part, and the number of photos.
  public static func firstFrame(catalogPath: String, roots: [String], terminal: TerminalSize)
    throws -> (sinceStart: Double, inProcess: Double, photos: Int, phases: [(String, Double)])
  {
    var phases: [(String, Double)] = []
    var mark = DispatchTime.now().uptimeNanoseconds
    let start = mark
    func lap(_ name: String) {
      let now = DispatchTime.now().uptimeNanoseconds
      phases.append((name, Double(now - mark) / 1e6))
      mark = now
    }
    let catalog = try Catalog(path: catalogPath)
    lap("open catalog")
    // As the session does: the newest photos make the first frame; the rest follows.
    let assets = LibraryService.filter(
      try catalog.newestAssets(limit: LibraryService.firstScreenLimit), under: roots)
    lap("load newest")
    var state = AppState(roots: roots, terminal: terminal)
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))
    lap("reduce")
    let frame = LibraryView.render(state)
    precondition(frame.cells.count == terminal.columns * terminal.rows)
    lap("render")
    let inProcess = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    let sinceStart = secondsSinceProcessStart() * 1000
    let all = LibraryService.assets(in: catalog, under: roots)
    lap("then the whole library")
    _ = Reducer.reduce(&state, .library(.loaded(assets: all, problems: [])))
    _ = LibraryView.render(state)
    lap("reduce + render")
    return (sinceStart, inProcess, all.count, phases)
  }

  /// Peak resident memory of this process so far (VmHWM), in MB.
  public static func peakRSSMegabytes() -> Double { statusMegabytes("VmHWM:") }

  /// Resident memory of this process now (VmRSS), in MB.
  public static func currentRSSMegabytes() -> Double { statusMegabytes("VmRSS:") }

  static func statusMegabytes(_ field: String) -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in status.split(separator: "\n") where line.hasPrefix(field) {
      let digits = line.filter(\.isNumber)
      return (Double(String(digits)) ?? 0) / 1024
    }
    return 0
  }

  /// A state of `count` photos in the All grid with the newest `marked` marked, built so
  /// that no other value shares its storage (the photos are made inside and dropped).
  static func markedState(
    count: Int, marked: Int, terminal: TerminalSize, oldest: Bool = false
  ) -> AppState {
    var state = AppState(roots: ["/photos"], terminal: terminal)
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(
      &state, .library(.loaded(assets: syntheticAssets(count: count), problems: [])))
    while state.library.segment != .all { _ = Reducer.reduce(&state, .nextSegment) }
    state.selectedIndex = oldest ? 0 : state.assets.count - 1
    _ = Reducer.reduce(&state, .mark(.toggle))
    state.selectedIndex = oldest ? marked - 1 : state.assets.count - marked
    _ = Reducer.reduce(&state, .mark(.range))
    return state
  }

  /// Measures grouping, segment switches and key presses over `count` photos.
  public static func run(count: Int, terminal: TerminalSize = TerminalSize(columns: 200, rows: 60))
    -> Report
  {
    // Idle first, in a fresh heap: the state alone holds the library.
    var idle = AppState(roots: ["/photos"], terminal: terminal)
    _ = Reducer.reduce(&idle, .start)
    _ = Reducer.reduce(
      &idle, .library(.loaded(assets: syntheticAssets(count: count), problems: [])))
    _ = LibraryView.render(idle)
    HeapTrim.giveBack()
    let idleRSS = currentRSSMegabytes()
    idle = AppState(roots: ["/photos"], terminal: terminal)
    HeapTrim.giveBack()
    _ = Reducer.reduce(&idle, .start)
    _ = Reducer.reduce(
      &idle, .library(.loaded(assets: syntheticAssets(count: count, exif: true), problems: [])))
    _ = LibraryView.render(idle)
    HeapTrim.giveBack()
    let idleRSSWithEXIF = currentRSSMegabytes()
    idle = AppState(roots: ["/photos"], terminal: terminal)
    HeapTrim.giveBack()

    let assets = syntheticAssets(count: count)
    var figures: [Figure] = []
    let grouping = median(runs: 15) {
      let timeline = Timeline(assets: assets)
      _ = DaysLayout(timeline: timeline, columns: 13)
    }
    figures.append(
      Figure(
        name: "grouping rebuilt after a change (timeline + days layout)",
        medianMilliseconds: grouping, runs: 15, limitMilliseconds: 50))

    var state = AppState(roots: ["/photos"], terminal: terminal)
    _ = Reducer.reduce(&state, .start)
    let load = median(runs: 5) {
      var fresh = state
      _ = Reducer.reduce(&fresh, .library(.loaded(assets: assets, problems: [])))
      _ = LibraryView.render(fresh)
    }
    figures.append(
      Figure(
        name: "library loaded into the state + first frame rendered", medianMilliseconds: load,
        runs: 5, limitMilliseconds: nil))
    _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))

    let switching = median(runs: 40) {
      _ = Reducer.reduce(&state, .nextSegment)
      _ = LibraryView.render(state)
    }
    figures.append(
      Figure(
        name: "switch segment (reduce + render)", medianMilliseconds: switching, runs: 40,
        limitMilliseconds: 16))

    while state.library.segment != .all { _ = Reducer.reduce(&state, .nextSegment) }
    let key = median(runs: 100) {
      _ = Reducer.reduce(&state, .move(.left))
      _ = LibraryView.render(state)
    }
    figures.append(
      Figure(
        name: "arrow key in All (reduce + render)", medianMilliseconds: key, runs: 100,
        limitMilliseconds: 16))

    // Changes in place on the selected photo: favorite (f), hide (H, twice: the photo and
    // then the one selected after it leave every view), a quarter turn (>). Each is timed as the
    // browser now runs it, the state changed where it is (its revision tells the frame is
    // due), and as it ran before: with a copy of the whole state kept to compare with after
    // the event, so the change copied what it touched.
    for (action, name, twice) in [
      (Action.edit(.toggleFavorite), "favorite (f)", false),
      (Action.edit(.toggleHidden), "hide two photos (H, H)", true),
      (Action.edit(.rotate(clockwise: true)), "a quarter turn (>)", false),
    ] {
      _ = Reducer.reduce(&state, action)  // the library's one copy away from `assets`
      if twice { _ = Reducer.reduce(&state, action) }
      let inPlace = median(runs: 21) {
        _ = Reducer.reduce(&state, action)
        if twice { _ = Reducer.reduce(&state, action) }
        _ = LibraryView.render(state)
      }
      figures.append(
        Figure(
          name: "\(name), in place (reduce + render)", medianMilliseconds: inPlace, runs: 21,
          limitMilliseconds: 16))
      var kept = state
      let copied = median(runs: 21) {
        kept = state
        _ = Reducer.reduce(&state, action)
        if twice { _ = Reducer.reduce(&state, action) }
        _ = LibraryView.render(state)
        precondition(kept.revision.count != state.revision.count)
      }
      figures.append(
        Figure(
          name: "\(name), with the state before it kept (as the browser did)",
          medianMilliseconds: copied, runs: 21, limitMilliseconds: nil))
    }

    // d and u: the selected photo to the Trash and back (two keys).
    let deleteUndo = median(runs: 21) {
      _ = Reducer.reduce(&state, .edit(.delete))
      _ = Reducer.reduce(&state, .edit(.undo))
      _ = LibraryView.render(state)
    }
    figures.append(
      Figure(
        name: "delete and undo (d, u), in place (reduce + render)",
        medianMilliseconds: deleteUndo, runs: 21, limitMilliseconds: 32))

    // H twice on the oldest photo: every photo after it moves in the list (the photos
    // above were near the newest end, where little moves).
    let oldestIndex = state.selectedIndex
    state.selectedIndex = 0
    let hideOldest = median(runs: 21) {
      _ = Reducer.reduce(&state, .edit(.toggleHidden))
      _ = Reducer.reduce(&state, .edit(.toggleHidden))
      _ = LibraryView.render(state)
    }
    figures.append(
      Figure(
        name: "hide the two oldest photos (H, H), in place (reduce + render)",
        medianMilliseconds: hideOldest, runs: 21, limitMilliseconds: 32))
    state.selectedIndex = min(oldestIndex, state.assets.count - 1)

    // Entering Search: its index of every photo's day, types, camera and name is built then.
    let entering = median(runs: 5) {
      _ = Reducer.reduce(&state, .startSearch)
      _ = LibraryView.render(state)
    } between: {
      _ = Reducer.reduce(&state, .showTab(.library))
    }
    figures.append(
      Figure(
        name: "entering Search (its index built) + render", medianMilliseconds: entering,
        runs: 5, limitMilliseconds: nil))

    // Search keystrokes: a query typed but for its last key, which is then timed with the
    // results grid rendered, and taken back after each run (not timed), so every run types
    // the same key on the same state. "2019" matches a year's photos by date; "img_123" the
    // names holding it (1,111 at 1M, 111 at 100k); "img" every photo, so the results are the
    // whole library.
    _ = Reducer.reduce(&state, .startSearch)
    for (query, name) in [
      ("2019", "search keystroke, a year (reduce + render)"),
      ("img_123", "search keystroke, a word in some names (reduce + render)"),
      ("img", "search keystroke, a word in every name (reduce + render)"),
    ] {
      _ = Reducer.reduce(&state, .startSearch)
      for character in query.dropLast() { _ = Reducer.reduce(&state, .field(.typed(character))) }
      var matched = 0
      let last = query.last!
      let search = median(runs: 21) {
        _ = Reducer.reduce(&state, .field(.typed(last)))
        _ = LibraryView.render(state)
        matched = state.search.text == query && !state.assets.isEmpty ? 1 : 0
      } between: {
        _ = Reducer.reduce(&state, .field(.deleteBackward))
      }
      precondition(matched == 1, "the search field did not take the keystroke or found nothing")
      figures.append(
        Figure(name: name, medianMilliseconds: search, runs: 21, limitMilliseconds: 16))
    }
    // The Albums tab, a range of 10,000 photos marked, and those 10,000 moved to the Trash
    // (the state's side: out of every view, the Trash effect asked for), in the All grid.
    _ = Reducer.reduce(&state, .showTab(.library))
    while state.library.segment != .all { _ = Reducer.reduce(&state, .nextSegment) }
    let albums = median(runs: 21) {
      _ = Reducer.reduce(&state, .showTab(.albums))
      _ = LibraryView.render(state)
    } between: {
      _ = Reducer.reduce(&state, .showTab(.library))
    }
    figures.append(
      Figure(
        name: "Albums tab shown (reduce + render)", medianMilliseconds: albums, runs: 21,
        limitMilliseconds: 16))
    _ = Reducer.reduce(&state, .showTab(.library))
    let marked = min(10_000, count / 2)
    state.selectedIndex = state.assets.count - 1
    _ = Reducer.reduce(&state, .mark(.toggle))
    state.selectedIndex = state.assets.count - marked
    let unmarked = state
    var range = state
    var markedCount = 0
    let marking = median(runs: 11) {
      _ = Reducer.reduce(&range, .mark(.range))
      _ = LibraryView.render(range)
      markedCount = range.marks.ids.count
    } between: {
      range = unmarked
    }
    precondition(markedCount == marked, "the range marked \(markedCount)")
    _ = Reducer.reduce(&range, .mark(.range))
    figures.append(
      Figure(
        name: "a range of \(marked) photos marked (reduce + render)",
        medianMilliseconds: marking, runs: 11, limitMilliseconds: 16))
    var deleting = range
    var trashed = 0
    let delete = median(runs: 5) {
      _ = Reducer.reduce(&deleting, .edit(.delete))
      _ = Reducer.reduce(&deleting, .answer(true))
      _ = LibraryView.render(deleting)
      trashed = range.library.assets.count - deleting.library.assets.count
    } between: {
      deleting = range
    }
    precondition(trashed == marked, "the delete took \(trashed) photos out")
    figures.append(
      Figure(
        name:
          "\(marked) marked photos moved to the Trash, the state before it kept (as the browser did)",
        medianMilliseconds: delete, runs: 5, limitMilliseconds: nil))
    // The same on a state nothing else holds, as the browser now runs it: the library,
    // loaded and marked anew before each run, shares its storage with no other value.
    var own = markedState(count: count, marked: marked, terminal: terminal)
    let deleteInPlace = median(runs: 5) {
      _ = Reducer.reduce(&own, .edit(.delete))
      _ = Reducer.reduce(&own, .answer(true))
      _ = LibraryView.render(own)
      trashed = count - own.library.assets.count
    } between: {
      own = markedState(count: count, marked: marked, terminal: terminal)
    }
    precondition(trashed == marked, "the delete took \(trashed) photos out")
    figures.append(
      Figure(
        name: "\(marked) marked photos moved to the Trash, in place (reduce + render)",
        medianMilliseconds: deleteInPlace, runs: 5, limitMilliseconds: 50))
    // The same with the oldest 10,000 marked: every photo after them moves up in the list
    // (the newest ones, above, leave the rest where it is).
    own = markedState(count: count, marked: marked, terminal: terminal, oldest: true)
    let deleteOldest = median(runs: 5) {
      _ = Reducer.reduce(&own, .edit(.delete))
      _ = Reducer.reduce(&own, .answer(true))
      _ = LibraryView.render(own)
      trashed = count - own.library.assets.count
    } between: {
      own = markedState(count: count, marked: marked, terminal: terminal, oldest: true)
    }
    precondition(trashed == marked, "the delete took \(trashed) photos out")
    figures.append(
      Figure(
        name: "the oldest \(marked) marked moved to the Trash, in place (reduce + render)",
        medianMilliseconds: deleteOldest, runs: 5, limitMilliseconds: 50))
    figures += burstFigures(count: count, terminal: terminal)
    return Report(
      photos: count, figures: figures, peakRSSMegabytes: peakRSSMegabytes(),
      idleRSSMegabytes: idleRSS, idleRSSWithEXIFMegabytes: idleRSSWithEXIF)
  }
}

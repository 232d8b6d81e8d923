import Catalog
import Foundation
@_spi(Decoders) import Decoders
import LightboxApp
import PhotoModel
import PhotoStore
import TerminalBackend
import TerminalGraphics
import TerminalUI

/// Pictures on screen: the detail view in sixel, paging to a prefetched neighbour, the first
/// tiles of an empty cache from EXIF thumbnails, and a page of tiles scrolled while decodes
/// run behind (`lightbox bench pictures`). Medians, in process; "write" is the picture
/// bytes written to /dev/null, so the terminal's own drawing time is not included.
public enum PictureBenchmark {
  /// The report: figures as in `UIBenchmark`, plus what was measured on.
  public struct Report: Codable, Sendable {
    public var photos: Int
    public var figures: [UIBenchmark.Figure]
    public var notes: [String]
  }

  /// 10×20-pixel cells, as the figures are stated.
  static let cell = PixelSize(width: 10, height: 20)
  static let background = Theme.dark.imageBackground

  /// Measures everything over the photos of `catalogPath` under `roots`.
  public static func run(catalogPath: String, roots: [String], runs: Int = 15) throws -> Report {
    // Opening a catalog that is not there would create an empty one.
    guard FileManager.default.fileExists(atPath: catalogPath) else {
      throw BenchmarkError(
        description:
          "no catalog at \(catalogPath) (make one with `lightbox index LIBRARY --catalog \(catalogPath)`)"
      )
    }
    var notes: [String] = []
    // First, while the process is young: its first run is the browser's cold start.
    let tiles = try firstTiles(catalogPath: catalogPath, roots: roots, runs: runs, notes: &notes)
    let catalog = try Catalog(path: catalogPath)
    let assets = LibraryService.assets(in: catalog, under: roots)
    guard assets.count >= 3 else {
      throw BenchmarkError(
        description:
          "the catalog holds \(assets.count) photos under those folders; 3 or more are needed")
    }
    var figures: [UIBenchmark.Figure] = []
    let sink = FileHandle(forWritingAtPath: "/dev/null")
    defer { try? sink?.close() }
    let format = PictureFormat.sixel(colors: 256, cell: cell)

    // Detail view at 200×60 cells: the photo area (the filmstrip takes its rows).
    let terminal = TerminalSize(columns: 200, rows: 60)
    let area = DetailGeometry.imageArea(terminal: terminal)
    let areaPixels = PixelSize(width: area.width * cell.width, height: area.height * cell.height)
    // The largest photo (the detail view's worst case).
    let newest = assets.indices.max {
      (assets[$0].storedPixelSize?.area ?? 0) < (assets[$1].storedPixelSize?.area ?? 0)
    }!
    // A cached decode: what the decoder keeps for the photo (the covering scale of the area).
    let options = DecodeOptions(
      target: areaPixels, mode: .fit, quality: .best, orientation: assets[newest].orientation,
      background: background)
    let full = try ImageDecoder.decode(path: assets[newest].path, options: options).get()
    var bytes = 0
    let detail = UIBenchmark.median(runs: runs) {
      let fitted = full.fitted(into: areaPixels, mode: .fit)
      guard case .success(.sixel(let image)) = format.picture(of: fitted) else { return }
      bytes = image.bytes.count
      sink?.write(Data(image.bytes))
    }
    figures.append(
      .init(
        name: "detail 200×60 sixel from a cached decode (resize + encode + write)",
        medianMilliseconds: detail, runs: runs, limitMilliseconds: 80))
    notes.append(
      "detail photo \(full.width)×\(full.height) → fit \(areaPixels), sixel \(bytes / 1024) KB")

    // ←/→ to a prefetched neighbour: its picture is in the cache; reduce, render, plan and
    // write what the backend writes.
    let cache = PictureCache()
    var state = AppState(roots: roots, terminal: terminal, cellPixelSize: cell)
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))
    _ = Reducer.reduce(&state, .library(.indexFinished))
    _ = Reducer.reduce(&state, .open)
    for request in state.wantedImages {
      let decoded = ImageDecoder.decode(
        path: request.path,
        options: DecodeOptions(
          target: request.key.size, mode: request.key.fit == .fill ? .fill : .fit,
          quality: request.bestQuality ? .best : .fast, orientation: request.orientation,
          background: background))
      if case .success(let bitmap) = decoded,
        case .success(let picture) = format.picture(of: bitmap)
      {
        cache.insert(picture, for: request.key)
        _ = Reducer.reduce(&state, .image(.loaded(request.key)))
      }
    }
    var shown = LibraryView.render(state)
    let presenter = BytePresenter(sink: sink)
    presenter.present(shown, pictures: cache.picture(for:))
    var direction = Direction.left
    let paging = UIBenchmark.median(runs: runs) {
      // Back and forth between two photos whose pictures are both cached.
      _ = Reducer.reduce(&state, .move(direction))
      direction = direction == .left ? .right : .left
      for key in state.images.keys where state.images[key] != .ready && cache.contains(key) {
        _ = Reducer.reduce(&state, .image(.loaded(key)))
      }
      shown = LibraryView.render(state)
      presenter.present(shown, pictures: cache.picture(for:))
    }
    figures.append(
      .init(
        name: "←/→ to a prefetched neighbour (reduce + render + write)",
        medianMilliseconds: paging, runs: runs, limitMilliseconds: 30))

    figures.append(contentsOf: tiles)
    figures.append(scrolling(assets: assets, runs: runs, sink: sink, notes: &notes))
    return Report(photos: assets.count, figures: figures, notes: notes)
  }

  /// First tiles with an empty cache, from the EXIF thumbnails, on every core, as the decode
  /// pool delivers them, counted from opening the catalog (what the browser does first):
  /// time to the first tile and to the whole first screen.
  static func firstTiles(catalogPath: String, roots: [String], runs: Int, notes: inout [String])
    throws -> [UIBenchmark.Figure]
  {
    let terminal = TerminalSize(columns: 200, rows: 60)
    let format = PictureFormat.halfBlock(.trueColor)
    let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    var first: [Double] = []
    var all: [Double] = []
    var count = 0
    var sinceStart: Double?
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      let catalog = try Catalog(path: catalogPath)
      let assets = LibraryService.filter(
        try catalog.newestAssets(limit: LibraryService.firstScreenLimit), under: roots)
      var state = AppState(roots: roots, terminal: terminal, cellPixelSize: format.cellPixelSize)
      _ = Reducer.reduce(&state, .start)
      _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))
      _ = LibraryView.render(state)
      let requests = state.wantedImages.filter { $0.exifThumbnail != nil }
      guard !requests.isEmpty else {
        notes.append("no photo with an EXIF thumbnail: first-tile figures skipped")
        return []
      }
      count = requests.count
      let firstDone = Atomic()
      DispatchQueue.concurrentPerform(iterations: workers) { worker in
        for i in stride(from: worker, to: requests.count, by: workers) {
          let request = requests[i]
          guard
            case .success(let small) = ExifThumbnail.decode(
              path: request.path, range: request.exifThumbnail!, orientation: request.orientation,
              storedSize: request.storedSize),
            case .success = format.picture(of: small.fitted(into: request.key.size, mode: .fill))
          else { continue }
          firstDone.setOnce(DispatchTime.now().uptimeNanoseconds)
        }
      }
      let end = DispatchTime.now().uptimeNanoseconds
      if sinceStart == nil {
        // The first run is the browser's cold path in this process (10 ms resolution).
        sinceStart =
          UIBenchmark.secondsSinceProcessStart() * 1000 - Double(end &- firstDone.value) / 1e6
      }
      first.append(Double(firstDone.value &- start) / 1e6)
      all.append(Double(end - start) / 1e6)
    }
    first.sort()
    all.sort()
    if let sinceStart {
      notes.append(
        String(format: "first tile of the first run: %.0f ms after process start", sinceStart))
    }
    notes.append(
      "first screen: \(count) tiles from EXIF thumbnails, \(workers) threads, 200×60 half-blocks, "
        + "from opening the catalog")
    return [
      .init(
        name: "open catalog → first tile from its EXIF thumbnail, empty cache",
        medianMilliseconds: first[runs / 2],
        runs: runs, limitMilliseconds: 50),
      .init(
        name: "open catalog → whole first screen (\(count) tiles) from EXIF thumbnails",
        medianMilliseconds: all[runs / 2], runs: runs, limitMilliseconds: nil),
    ]
  }

  /// PgDn over a grid of about 40 sixel tiles, with every core decoding photos behind:
  /// key → reduce, render, plan and write of the pictures at hand.
  static func scrolling(assets: [Asset], runs: Int, sink: FileHandle?, notes: inout [String])
    -> UIBenchmark.Figure
  {
    // 10 columns × 4 rows of 14×7 tiles.
    let terminal = TerminalSize(columns: 152, rows: 36)
    let format = PictureFormat.sixel(colors: 256, cell: cell)
    var state = AppState(roots: ["/"], terminal: terminal, cellPixelSize: cell)
    _ = Reducer.reduce(&state, .start)
    _ = Reducer.reduce(&state, .library(.loaded(assets: assets, problems: [])))
    _ = Reducer.reduce(&state, .move(.first))
    let cache = PictureCache()
    // Tiles for the first pages, made once, so pages show real pictures.
    let tileSize = state.grid.tile
    let pixels = PixelSize(
      width: tileSize.columns * cell.width, height: tileSize.rows * cell.height)
    let sample = assets.prefix(8).compactMap { asset -> TerminalPicture? in
      let options = DecodeOptions(
        target: pixels, mode: .fill, quality: .fast, background: background)
      guard case .success(let bitmap) = ImageDecoder.decode(path: asset.path, options: options),
        case .success(let picture) = format.picture(of: bitmap)
      else { return nil }
      return picture
    }
    let pages = min(runs + 2, max(1, assets.count / max(1, state.grid.tilesPerPage)))
    for (i, asset) in assets.prefix(pages * state.grid.tilesPerPage).enumerated()
    where !sample.isEmpty {
      cache.insert(
        sample[i % sample.count], for: ImageKey(asset: asset.id, size: pixels, fit: .fill))
    }
    // Decodes behind: every core decodes photos until the measurement ends.
    let stop = Atomic()
    let group = DispatchGroup()
    for worker in 0..<max(1, ProcessInfo.processInfo.activeProcessorCount) {
      DispatchQueue.global().async(group: group) {
        var i = worker
        while stop.value == 0 {
          let asset = assets[i % assets.count]
          _ = ImageDecoder.decode(
            path: asset.path,
            options: DecodeOptions(
              target: pixels, mode: .fill, quality: .fast, background: background))
          i += 2
        }
      }
    }
    let presenter = BytePresenter(sink: sink)
    presenter.present(LibraryView.render(state), pictures: cache.picture(for:))
    var down = true
    var sent = 0
    let key = UIBenchmark.median(runs: runs) {
      _ = Reducer.reduce(&state, .move(down ? .pageDown : .pageUp))
      if state.gridTopRow == 0 || state.gridTopRow >= max(0, (pages - 1) * state.grid.visibleRows) {
        down.toggle()
      }
      for key in state.images.keys where cache.contains(key) {
        _ = Reducer.reduce(&state, .image(.loaded(key)))
      }
      sent = presenter.present(LibraryView.render(state), pictures: cache.picture(for:))
    }
    stop.setOnce(1)
    group.wait()
    notes.append(
      "scrolling: \(state.grid.tilesPerPage) tiles a page, \(sent) pictures written per key")
    return .init(
      name: "PgDn over \(state.grid.tilesPerPage) tiles, decodes behind (key → frame written)",
      medianMilliseconds: key, runs: runs, limitMilliseconds: 16)
  }

  /// Why the benchmark cannot run.
  public struct BenchmarkError: Error, CustomStringConvertible {
    public let description: String
  }
}

/// What the curses backend writes for pictures, without a terminal: the repaint plan, then
/// the bytes of the pictures it sends, to a sink.
final class BytePresenter {
  private let sink: FileHandle?
  private var last: Frame?
  private var drawn: [CellRect: ImagePlacement] = [:]

  init(sink: FileHandle?) { self.sink = sink }

  /// Returns how many pictures were written.
  @discardableResult
  func present(_ frame: Frame, pictures: (ImageKey) -> TerminalPicture?) -> Int {
    let plan = PictureRepaint.plan(previous: last, drawn: drawn, frame: frame, textMayScroll: false)
    var bytes: [UInt8] = []
    var now: [CellRect: ImagePlacement] = [:]
    let sending = Set(plan.send)
    var sent = 0
    for placement in frame.images {
      if !sending.contains(placement), drawn[placement.rect] == placement {
        now[placement.rect] = placement
        continue
      }
      guard let picture = pictures(placement.key) else { continue }
      switch picture {
      case .sixel(let image): bytes.append(contentsOf: image.bytes)
      case .halfBlock(let image): for row in image.encodedRows { bytes.append(contentsOf: row) }
      // The benchmark draws in sixel and half-blocks; a kitty picture counts its transmission
      // (what a first draw sends), an iTerm2 picture its one sequence.
      case .kitty(let image): bytes.append(contentsOf: image.transmission)
      case .iTerm2(let image): bytes.append(contentsOf: image.bytes)
      }
      now[placement.rect] = placement
      sent += 1
    }
    sink?.write(Data(bytes))
    drawn = now
    last = frame
    return sent
  }
}

/// A word set once from any thread.
final class Atomic: @unchecked Sendable {
  // @unchecked: guarded by `lock`.
  private let lock = NSLock()
  private var stored: UInt64 = 0

  var value: UInt64 {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  func setOnce(_ value: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    if stored == 0 { stored = value }
  }
}

import Foundation
import Pixels
@_spi(Decoders) import Decoders
@_spi(InProcessDecoding) import DecodeWorker
import LightboxApp
import PhotoModel
import PhotoStore
import TerminalGraphics
import TerminalUI

/// The loupe (`lightbox-bench loupe`): a zoom step on a 24 MP JPEG in a 200×60 sixel view,
/// from the key to the sharp picture written; a pan step with the tile cached; the memory a
/// zoom into a 100 MP JPEG adds; and, for comparison, decoding the whole photo at full size.
public enum LoupeBenchmark {
  /// The report: figures as in `UIBenchmark`, and notes (sizes, memory).
  public struct Report: Codable, Sendable {
    public var figures: [UIBenchmark.Figure]
    public var notes: [String]
  }

  /// 10×20-pixel cells, as the issue's figures are stated.
  static let cell = PixelSize(width: 10, height: 20)

  /// A photo-like JPEG of `width`×`height` at `path` (gradients, seeded noise, edges), made
  /// once and reused.
  static func makePhoto(_ path: String, width: Int, height: Int) throws {
    if FileManager.default.fileExists(atPath: path) { return }
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let noise = UInt8(truncatingIfNeeded: state >> 59)
        let i = (y * width + x) * 4
        let edge = (x / 97 + y / 61) % 7 == 0
        pixels[i] = UInt8(x * 255 / width) &+ noise
        pixels[i + 1] = edge ? 30 : UInt8(y * 255 / height) &+ noise
        pixels[i + 2] = UInt8((x ^ y) & 0xFF) / 2 &+ noise
      }
    }
    let bytes = try JPEGEncoder.encode(
      Bitmap(width: width, height: height, pixels: pixels), quality: 90
    ).get()
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
      throw PictureBenchmark.BenchmarkError(description: "cannot write \(path)")
    }
  }

  /// A detail view at 200×60 cells on the one photo at `path`.
  static func detailState(path: String, size: PixelSize) -> AppState {
    var state = AppState(
      roots: ["/"], terminal: TerminalSize(columns: 200, rows: 60), cellPixelSize: cell)
    let asset = Asset(
      id: AssetID(1), path: path, byteSize: 0, modificationTime: 0, format: .jpeg,
      storedPixelSize: size, orientation: .up,
      captureDate: CaptureDate(year: 2024, month: 1, day: 1, source: .fileModification))
    _ = Reducer.reduce(&state, .library(.loaded(assets: [asset], problems: [])))
    _ = Reducer.reduce(&state, .open)
    return state
  }

  /// Milliseconds spent in each stage of the last `present` calls, for the "of which" lines.
  final class Stages: @unchecked Sendable {
    var part: [Double] = []
    var crop: [Double] = []
    var encode: [Double] = []

    func reset() {
      part = []
      crop = []
      encode = []
    }

    static func median(_ times: [Double]) -> Double {
      times.isEmpty ? 0 : times.sorted()[times.count / 2]
    }
  }

  static let stages = Stages()

  static func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  }

  /// The sharp picture of the current zoomed view: the part (cached or decoded), the crop,
  /// the sixel encode and the write; returns the sixel bytes.
  static func present(
    _ state: AppState, cache: LoupeSourceCache, format: PictureFormat, sink: FileHandle?
  ) throws -> Int {
    guard let key = state.imageKey(forIndex: state.selectedIndex), let region = key.region,
      let request = state.wantedImages.first(where: { $0.key == key })
    else { throw PictureBenchmark.BenchmarkError(description: "the view is not zoomed") }
    let photo = LoupePicture.displaySize(of: request)!
    let scale = LoupePicture.neededScale(for: region, at: key.size)
    var start = DispatchTime.now().uptimeNanoseconds
    let part = try LoupePicture.part(
      request, region: region, scale: scale, photo: photo, cache: cache,
      decoder: PhotoDecoder.inProcess, background: .black
    ).get()
    stages.part.append(milliseconds(since: start))
    start = DispatchTime.now().uptimeNanoseconds
    let picture = LoupePicture.crop(part, region: region, size: key.size)
    stages.crop.append(milliseconds(since: start))
    start = DispatchTime.now().uptimeNanoseconds
    guard case .success(.sixel(let image)) = format.picture(of: picture) else {
      throw PictureBenchmark.BenchmarkError(description: "the sixel encoder failed")
    }
    stages.encode.append(milliseconds(since: start))
    sink?.write(Data(image.bytes))
    return image.bytes.count
  }

  /// The tile around the current zoomed view, decoded into `cache` as the app's background
  /// prefetch does after a region's picture.
  static func prefetch(_ state: AppState, cache: LoupeSourceCache) throws {
    guard let key = state.imageKey(forIndex: state.selectedIndex), let region = key.region,
      let request = state.wantedImages.first(where: { $0.key == key }),
      let photo = LoupePicture.displaySize(of: request)
    else { throw PictureBenchmark.BenchmarkError(description: "the view is not zoomed") }
    LoupePicture.prefetchTile(
      request, region: region, scale: LoupePicture.neededScale(for: region, at: key.size),
      photo: photo, cache: cache)
  }

  /// Measures everything, making the test photos in `work`.
  public static func run(work: String, runs: Int) throws -> Report {
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    let photo24 = (work as NSString).appendingPathComponent("loupe-24mp.jpg")
    let photo100 = (work as NSString).appendingPathComponent("loupe-100mp.jpg")
    let size24 = PixelSize(width: 6000, height: 4000)
    let size100 = PixelSize(width: 12_000, height: 8_400)
    try makePhoto(photo24, width: size24.width, height: size24.height)
    try makePhoto(photo100, width: size100.width, height: size100.height)
    let format = PictureFormat.sixel(colors: 256, cell: cell)
    let sink = FileHandle(forWritingAtPath: "/dev/null")
    defer { try? sink?.close() }
    var figures: [UIBenchmark.Figure] = []
    var notes: [String] = []
    var bytes = 0

    // One zoom step from the fitted photo, nothing cached: the key, the region decode, the
    // crop, the encode and the write.
    var failure: Error?
    stages.reset()
    let step = UIBenchmark.median(runs: runs) {
      var state = detailState(path: photo24, size: size24)
      _ = Reducer.reduce(&state, .detail(.zoomIn))
      do { bytes = try present(state, cache: LoupeSourceCache(), format: format, sink: sink) } catch
      { failure = error }
    }
    if let failure { throw failure }
    figures.append(
      .init(
        name: "zoom step on a 24 MP JPEG, key → sharp sixel written (nothing cached)",
        medianMilliseconds: step, runs: runs, limitMilliseconds: 150))
    figures += stageFigures(of: "the zoom step", runs: runs)
    notes.append("zoom step picture: \(bytes / 1024) KB of sixel")

    // The same step as the app takes it: while the fitted photo is on screen, its first zoom
    // step is decoded ahead in the background (`prefetchFirstZoom`).
    let fitted = detailState(path: photo24, size: size24)
    guard let fittedKey = fitted.fittedKey(forIndex: fitted.selectedIndex),
      let fittedRequest = fitted.wantedImages.first(where: { $0.key == fittedKey })
    else { throw PictureBenchmark.BenchmarkError(description: "no fitted picture asked for") }
    let ahead = UIBenchmark.median(runs: runs) {
      let cache = LoupeSourceCache()
      LoupePicture.prefetchFirstZoom(fittedRequest, cache: cache)
      if cache.byteCount == 0 {
        failure = PictureBenchmark.BenchmarkError(description: "no decode-ahead was made")
      }
    }
    if let failure { throw failure }
    figures.append(
      .init(
        name: "the fitted photo's decode-ahead of its first zoom step (background)",
        medianMilliseconds: ahead, runs: runs, limitMilliseconds: nil))
    var aheadTimes: [Double] = []
    var rushedTimes: [Double] = []
    for _ in 0..<runs {
      // Looked at first (the decode-ahead done), then zoomed.
      var state = fitted
      let cache = LoupeSourceCache()
      LoupePicture.prefetchFirstZoom(fittedRequest, cache: cache)
      _ = Reducer.reduce(&state, .detail(.zoomIn))
      var start = DispatchTime.now().uptimeNanoseconds
      do { _ = try present(state, cache: cache, format: format, sink: sink) } catch {
        failure = error
      }
      aheadTimes.append(milliseconds(since: start))
      // Zoomed the moment the fitted picture is written: the step waits for the decode-ahead
      // under way on the other core.
      state = fitted
      let rushed = LoupeSourceCache()
      let worker = Thread { LoupePicture.prefetchFirstZoom(fittedRequest, cache: rushed) }
      start = DispatchTime.now().uptimeNanoseconds
      worker.start()
      while rushed.byteCount == 0 && !rushed.isDecoding { usleep(50) }
      _ = Reducer.reduce(&state, .detail(.zoomIn))
      do { _ = try present(state, cache: rushed, format: format, sink: sink) } catch {
        failure = error
      }
      rushedTimes.append(milliseconds(since: start))
    }
    if let failure { throw failure }
    figures.append(
      .init(
        name: "zoom step on a 24 MP JPEG, key → sharp sixel written (decode-ahead done)",
        medianMilliseconds: Stages.median(aheadTimes), runs: runs, limitMilliseconds: 150))
    figures.append(
      .init(
        name: "zoom step, key the moment the fitted picture is written (decode-ahead under way)",
        medianMilliseconds: Stages.median(rushedTimes), runs: runs, limitMilliseconds: nil))

    // 1:1 (the deepest common zoom), nothing cached.
    let actual = UIBenchmark.median(runs: runs) {
      var state = detailState(path: photo24, size: size24)
      _ = Reducer.reduce(&state, .detail(.actualSize))
      do { bytes = try present(state, cache: LoupeSourceCache(), format: format, sink: sink) } catch
      { failure = error }
    }
    if let failure { throw failure }
    figures.append(
      .init(
        name: "1:1 on a 24 MP JPEG, key → sharp sixel written (nothing cached)",
        medianMilliseconds: actual, runs: runs, limitMilliseconds: 150))

    // After the picture, off the key's path: the tile around the 1:1 view decoded ahead.
    let tileOnly = UIBenchmark.median(runs: runs) {
      if case .failure(let error) = JPEGRegionDecoder.decode(
        path: photo24, stored: size24, orientation: .up, x: 2000, y: 1200, width: 3000,
        height: 1740, scale: 1)
      {
        failure = error
      }
    }
    if let failure { throw failure }
    figures.append(
      .init(
        name: "after it, in the background: the 1:1 tile (3000×1740) decoded ahead",
        medianMilliseconds: tileOnly, runs: runs, limitMilliseconds: nil))

    // A pan step with the tile cached.
    var panned = detailState(path: photo24, size: size24)
    _ = Reducer.reduce(&panned, .detail(.actualSize))
    let cache = LoupeSourceCache()
    _ = try present(panned, cache: cache, format: format, sink: sink)
    // As the app does once the sharp picture is drawn: the tile around it, off the key's path.
    try prefetch(panned, cache: cache)
    var direction = Direction.right
    stages.reset()
    let pan = UIBenchmark.median(runs: runs) {
      direction = direction == .right ? .left : .right
      _ = Reducer.reduce(&panned, .move(direction))
      do { bytes = try present(panned, cache: cache, format: format, sink: sink) } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    figures.append(
      .init(
        name: "pan step at 1:1 with the tile cached (crop + encode + write)",
        medianMilliseconds: pan, runs: runs, limitMilliseconds: 50))
    figures += stageFigures(of: "the pan step", runs: runs)

    // The peer: the whole photo decoded at full size (what a viewer without region decoding
    // does before it can show a sharp 1:1).
    let options = DecodeOptions(
      target: size24, mode: .fit, quality: .best, orientation: .up, background: .black)
    let whole = UIBenchmark.median(runs: runs) {
      if case .failure(let error) = ImageDecoder.decode(path: photo24, options: options) {
        failure = error
      }
    }
    if let failure { throw failure }
    figures.append(
      .init(
        name: "peer: the whole 24 MP JPEG decoded at full size (no encode)",
        medianMilliseconds: whole, runs: runs, limitMilliseconds: nil))
    notes.append(
      "1:1 sharp picture vs full-size decode: \(String(format: "%.1f", whole / actual))× sooner")

    // Memory: zooming into a 100 MP photo, step by step to 400 %, panning at each step.
    var big = detailState(path: photo100, size: size100)
    let bigCache = LoupeSourceCache()
    var most = 0
    for _ in 0..<16 {
      _ = Reducer.reduce(&big, .detail(.zoomIn))
      guard big.detail.zoom != nil else { continue }
      _ = try present(big, cache: bigCache, format: format, sink: sink)
      try prefetch(big, cache: bigCache)
      most = max(most, bigCache.byteCount)
      _ = Reducer.reduce(&big, .move(.right))
      _ = try present(big, cache: bigCache, format: format, sink: sink)
      try prefetch(big, cache: bigCache)
      most = max(most, bigCache.byteCount)
    }
    notes.append(
      "zooming into a 12000×8400 JPEG up to 400 %: the loupe's parts peaked at "
        + "\(most >> 20) MB (limit 64 MB per the issue; the cache's budget is "
        + "\(bigCache.budgetBytes >> 20) MB)")
    let bigStep = UIBenchmark.median(runs: max(3, runs / 3)) {
      var state = detailState(path: photo100, size: size100)
      _ = Reducer.reduce(&state, .detail(.actualSize))
      do { _ = try present(state, cache: LoupeSourceCache(), format: format, sink: sink) } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    figures.append(
      .init(
        name: "1:1 on a 100 MP JPEG, key → sharp sixel written (nothing cached)",
        medianMilliseconds: bigStep, runs: max(3, runs / 3), limitMilliseconds: nil))
    return Report(figures: figures, notes: notes)
  }

  /// "Of which" lines for the stages of the `present` calls since `stages.reset()`.
  static func stageFigures(of name: String, runs: Int) -> [UIBenchmark.Figure] {
    [
      ("the part (cached or decoded)", stages.part), ("crop and scale to the view", stages.crop),
      ("sixel encode", stages.encode),
    ].map {
      UIBenchmark.Figure(
        name: "of which, in \(name): \($0.0)", medianMilliseconds: Stages.median($0.1),
        runs: runs, limitMilliseconds: nil)
    }
  }
}

import ArgumentParser
import Foundation
@_spi(Decoders) import Decoders
import DecodeWorker
import LightboxApp
import PhotoModel
import PhotoStore
import TerminalGraphics

/// `lightbox-bench playback`: a clip played in the detail view's box through the app's own
/// player (frames streamed by a sandboxed worker, enlarged, encoded for the terminal, paced
/// at the clip's rate, late frames dropped) from start to end in real time, with a consumer
/// thread doing the main thread's part (the picture's bytes for the terminal, written to
/// /dev/null). Reports frames shown per second, frames dropped and bytes per second.
struct BenchPlayback: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "playback",
    abstract: "Play a clip in real time as the detail view does; fps, drops and bytes/s.")

  @Option(help: "The clip.")
  var clip: String

  @Option(help: "Terminal columns of the photo's area.")
  var columns: Int = 120

  @Option(help: "Terminal rows of the photo's area.")
  var rows: Int = 40

  @Option(help: "halfblock or sixel.")
  var graphics: String = "halfblock"

  @Option(help: "Plays (the median is reported).")
  var runs: Int = 3

  func run() throws {
    let format: PictureFormat
    switch graphics {
    case "halfblock": format = .halfBlock(.trueColor)
    case "sixel": format = .sixel(colors: 256, cell: PixelSize(width: 10, height: 20))
    default: throw ValidationError("--graphics is halfblock or sixel")
    }
    let cell = format.cellPixelSize
    let box = PixelSize(width: columns * cell.width, height: rows * cell.height)
    let options = DecodeOptions(target: box, mode: .fit, quality: .fast)
    // Every frame of the clip, counted in process: what a player that drops none shows.
    let reader = try VideoFrameReader.open(path: clip, options: options, start: 0, loops: false)
      .get()
    var total = 0
    while try reader.next().get() != nil { total += 1 }
    guard total > 0, let seconds = reader.duration else {
      throw ValidationError("\(clip): no frames or no duration")
    }
    let host = DecodeWorkerHost(configuration: .init(executable: "/proc/self/exe"))
    var results: [PlaybackRun] = []
    for run in 0..<max(1, runs) {
      let result = try PlaybackRun.play(
        clip: clip, box: box, format: format, host: host, token: run + 1)
      guard result.ended else { throw ValidationError("run \(run + 1): \(result.failure ?? "?")") }
      results.append(result)
    }
    let median = results.sorted { $0.shown < $1.shown }[results.count / 2]
    let dropped = total - median.shown
    print(
      String(
        format:
          "%@ %dx%d cells (%dx%d px), %@: %d frames in %.2f s of clip (%.1f fps)",
        graphics, columns, rows, box.width, box.height, (clip as NSString).lastPathComponent,
        total, seconds, Double(total) / seconds))
    print(
      String(
        format:
          "  shown %d (%.1f fps over %.2f s wall), dropped %d (%.1f %%), drawn %d, %.2f MB/s to the terminal (median of %d)",
        median.shown, Double(median.shown) / median.wall, median.wall, dropped,
        100 * Double(dropped) / Double(total), median.drawn,
        Double(median.bytes) / median.wall / 1e6, results.count))
    print(
      "  runs: "
        + results.map { "\($0.shown) shown/\(String(format: "%.2f", $0.wall)) s" }
        .joined(separator: ", "))
  }
}

/// One real-time play of a clip through `ClipPlayer`.
struct PlaybackRun {
  var shown = 0
  var drawn = 0
  var bytes = 0
  var wall = 0.0
  var ended = false
  var failure: String?

  static func play(
    clip: String, box: PixelSize, format: PictureFormat, host: DecodeWorkerHost, token: Int
  ) throws -> PlaybackRun {
    let cache = PictureCache()
    let key = ImageKey(asset: AssetID(1), size: box, fit: .fit)
    let done = DispatchSemaphore(value: 0)
    let consumer = DispatchQueue(label: "bench-main-thread")
    let state = Locked(PlaybackRun())
    let sink = FileHandle(forWritingAtPath: "/dev/null")!
    let player = ClipPlayer(
      cache: cache, format: format, background: .black, upscale: true,
      decoder: PhotoDecoder(host: host)
    ) { action in
      guard case .detail(let event) = action else { return }
      switch event {
      case .playbackFrame(_, let frame, _):
        state.update { $0.shown += 1 }
        consumer.async {
          var frameKey = key
          frameKey.frame = frame
          guard let picture = cache.picture(for: frameKey) else { return }
          var driver = format.driver
          var bytes: [UInt8] = []
          driver.place(picture, row: 1, column: 0, into: &bytes)
          sink.write(Data(bytes))
          state.update {
            $0.drawn += 1
            $0.bytes += bytes.count
          }
        }
      case .playbackEnded:
        state.update { $0.ended = true }
        done.signal()
      case .playbackFailed(_, let reason):
        state.update { $0.failure = reason }
        done.signal()
      default: break
      }
    }
    let start = DispatchTime.now().uptimeNanoseconds
    player.start(
      PlaybackRequest(token: token, path: clip, key: key, startMilliseconds: 0, loops: false))
    done.wait()
    consumer.sync {}
    var result = state.value
    result.wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    player.stopAll()
    return result
  }
}

/// A value behind a lock, for the player's and the consumer's threads.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value { lock.withLock { stored } }
  func update(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

import ArgumentParser
import Foundation
@_spi(Decoders) import Decoders
import DecodeWorker
import LightboxCommands
import PhotoModel

/// `lightbox-bench worker`: what decoding in the sandboxed worker process costs per file
/// over decoding in process (issue 15: ≤ 2 ms). The same JPEGs at the same size both ways;
/// `lightbox-bench` is its own worker (`lightbox-bench decode-worker` runs the code of
/// `lightbox decode-worker`, built in release like the rest).
struct WorkerBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "worker",
    abstract: "Per-file cost of decoding in the worker process over decoding in process.")

  @Argument(help: "JPEG or PNG files (those that fail to decode are left out).")
  var files: [String] = []

  @Option(help: "Box side in pixels.")
  var side: Int = 256

  @Option(help: "Runs per file and way (median reported).")
  var repeats: Int = 9

  func run() throws {
    let options = DecodeOptions(
      target: PixelSize(width: side, height: side), mode: .fit, quality: .fast)
    let host = DecodeWorkerHost(
      configuration: .init(executable: "/proc/self/exe", maxWorkers: 1))
    let paths = files.map(CommandSupport.absolute)
    // The worker starts on the first request: timed apart, then left out of the figures.
    let spawnStart = DispatchTime.now().uptimeNanoseconds
    _ = host.decode(path: paths.first ?? "/", options: options)
    let spawn = Double(DispatchTime.now().uptimeNanoseconds - spawnStart) / 1e6
    var local: [Double] = []
    var remote: [Double] = []
    var differences: [Double] = []
    var sniffs: [Double] = []
    // What routing costs a JPEG that stays in process (the head read to tell its format).
    let router = PhotoDecoder(host: host)
    for path in paths {
      guard case .success(let expected) = ImageDecoder.decode(path: path, options: options),
        case .success(let got) = host.decode(path: path, options: options)
      else { continue }
      guard got == expected else { throw ValidationError("\(path): pixels differ") }
      // Interleaved so both ways see the same page cache and CPU state.
      var a: [Double] = []
      var b: [Double] = []
      var c: [Double] = []
      for _ in 0..<max(1, repeats) {
        c.append(Self.milliseconds { _ = router.decode(path: path, options: options) })
        a.append(Self.milliseconds { _ = ImageDecoder.decode(path: path, options: options) })
        b.append(Self.milliseconds { _ = host.decode(path: path, options: options) })
      }
      local.append(Self.median(a))
      remote.append(Self.median(b))
      differences.append(Self.median(b) - Self.median(a))
      sniffs.append(Self.median(c) - Self.median(a))
    }
    guard !local.isEmpty else { throw ValidationError("no file decoded") }
    let f = { (v: Double) in String(format: "%.3f", v) }
    print(
      "files\tside\tin_process_ms\tworker_ms\tdifference_ms\tdifference_p90_ms\tspawn_ms"
        + "\trouting_ms")
    let sorted = differences.sorted()
    let p90 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.9))]
    print(
      [
        "\(local.count)", "\(side)", f(Self.median(local)), f(Self.median(remote)),
        f(Self.median(differences)), f(p90), f(spawn), f(Self.median(sniffs)),
      ].joined(separator: "\t"))
  }

  static func milliseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }
}

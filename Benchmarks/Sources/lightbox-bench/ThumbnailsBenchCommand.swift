import ArgumentParser
@_spi(InProcessDecoding) import DecodeWorker
import Foundation
import ThumbnailCache
import LightboxCommands

/// `lightbox-bench thumbnails`: in-process timings for Benchmarks/pipeline.
struct ThumbnailsBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "thumbnails",
    abstract: "Measure the thumbnail pipeline (used by Benchmarks/pipeline/run.sh).")

  @Argument(help: "JPEG files.")
  var files: [String] = []

  @Option(help: "Box side in pixels.")
  var side: Int = 256

  @Option(help: "Runs per measurement (median reported).")
  var repeats: Int = 9

  @Option(help: "Thumbnail this file into --cache and report peak RSS over the base.")
  var rss: String?

  @Option(help: "Thumbnail folder for --rss and --stages.")
  var cache: String?

  @Flag(help: "Time each stage of the pipeline (read, decode, resample, encode, whole).")
  var stages = false

  func run() throws {
    if let rss {
      let root = cache ?? NSTemporaryDirectory() + "lightbox-bench-rss-\(getpid())"
      let base = ThumbnailMeasurements.residentKilobytes()
      let outcome = ThumbnailBatch.thumbnail(
        path: CommandSupport.absolute(rss), cache: ThumbnailDiskCache(root: root), size: .large,
        decoder: .inProcess)
      let after = ThumbnailMeasurements.residentKilobytes()
      print(
        "rss\tbase_kb=\(base.current)\tpeak_kb=\(after.peak)\t"
          + "over_base_kb=\(after.peak - base.current)\toutcome=\(outcome)")
      return
    }
    if stages {
      let root = cache ?? NSTemporaryDirectory() + "lightbox-bench-stages-\(getpid())"
      print(
        "file\tread_ms\tlookups_ms\tmetadata_ms\tdecode_ms\tresample_ms\tencode_ms\tstore_ms"
          + "\tfloor_ms\twhole_ms\twhole_over_floor")
      for file in files {
        switch ThumbnailMeasurements.stageTimes(
          path: CommandSupport.absolute(file), side: side, repeats: repeats, cacheRoot: root)
        {
        case .success(let t):
          let values = [
            t.read, t.lookups, t.metadata, t.decode, t.resample, t.encode, t.store, t.floor,
            t.whole,
          ]
          let ratio = String(format: "%.3f", t.whole / t.floor)
          print(
            ([file] + values.map { String(format: "%.3f", $0) } + [ratio]).joined(separator: "\t"))
        case .failure(let error):
          print("\(file)\terror: \(error.reason)")
        }
      }
      return
    }
    print("file\tprogressive\tall_scans_ms\tpipeline_ms\texif_thumb_ms")
    for file in files {
      switch ThumbnailMeasurements.decodeTimes(path: file, side: side, repeats: repeats) {
      case .success(let t):
        func f(_ v: Double?) -> String { v.map { String(format: "%.3f", $0) } ?? "-" }
        print(
          "\(file)\t\(t.progressive)\t\(f(t.allScans))\t\(f(t.pipeline))\t\(f(t.exifThumbnail))")
      case .failure(let error):
        print("\(file)\terror: \(error.reason)")
      }
    }
  }
}

import Foundation
import Imaging
import PhotoMetadata
import PhotoModel

/// Timings and memory figures for the thumbnail pipeline (`lightbox thumbnails-bench`, used
/// by Benchmarks/pipeline/run.sh): medians of repeated in-process runs, files read once.
public enum ThumbnailMeasurements {
  /// Median milliseconds of each way to get a `target`-sized picture out of one file.
  public struct DecodeTimes: Sendable {
    public var path: String
    public var progressive: Bool
    /// Every scan decoded, TurboJPEG scaled to cover the target.
    public var allScans: Double?
    /// What `ImageDecoder.decode` does (the DC-scan shortcut for progressive files).
    public var pipeline: Double?
    /// The EXIF embedded thumbnail, when the file has one.
    public var exifThumbnail: Double?
  }

  /// Times the decodes of `path` for a `side`-pixel box, `repeats` times each.
  public static func decodeTimes(path: String, side: Int, repeats: Int) -> Result<
    DecodeTimes, ImageError
  > {
    let bytes: [UInt8]
    switch ImageDecoder.readFile(path: path) {
    case .success(let b): bytes = b
    case .failure(let error): return .failure(error)
    }
    let metadata = MetadataReader.read(bytes: bytes)
    let options = DecodeOptions(
      target: PixelSize(width: side, height: side), mode: .fit, quality: .fast,
      orientation: metadata.orientation)
    var result = DecodeTimes(
      path: path, progressive: ProgressiveJPEG.layout(of: bytes)?.isProgressive ?? false)
    result.allScans = median(repeats) { _ = ImageDecoder.decodeAllScans(data: bytes, options: options) }
    result.pipeline = median(repeats) { _ = ImageDecoder.decode(data: bytes, options: options) }
    if let range = metadata.exifThumbnail {
      result.exifThumbnail = median(repeats * 10) {
        _ = ExifThumbnail.decode(
          fileBytes: bytes, range: range, orientation: metadata.orientation,
          storedSize: metadata.pixelSize)
      }
    }
    return .success(result)
  }

  /// Median wall time of `body` in milliseconds over `count` runs (after one warm-up).
  static func median(_ count: Int, _ body: () -> Void) -> Double {
    body()
    var times: [Double] = []
    for _ in 0..<max(1, count) {
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    times.sort()
    return times[times.count / 2]
  }

  /// Resident set size now and at its peak, in kB, from /proc/self/status.
  public static func residentKilobytes() -> (current: Int, peak: Int) {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return (0, 0)
    }
    func value(_ key: String) -> Int {
      for line in text.split(separator: "\n") where line.hasPrefix(key) {
        return Int(line.dropFirst(key.count).filter(\.isNumber)) ?? 0
      }
      return 0
    }
    return (value("VmRSS:"), value("VmHWM:"))
  }
}

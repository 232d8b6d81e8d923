@_spi(InProcessDecoding) import DecodeWorker
import Foundation
import Pixels
@_spi(Decoders) import Decoders
import ThumbnailCache
import PhotoMetadata
import LightboxCommands
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
    result.allScans = median(repeats) {
      _ = ImageDecoder.decodeAllScans(data: bytes, options: options)
    }
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

  /// Median milliseconds of each stage of `lightbox thumbnails` for one file, and of the
  /// whole of it: where the time over the TurboJPEG floor goes.
  public struct StageTimes: Sendable {
    public var path: String
    /// Reading the file into memory (from the page cache).
    public var read: Double
    /// EXIF/metadata parse of the bytes read.
    public var metadata: Double
    /// TurboJPEG alone at the scale `ImageDecoder` picks (no resampling).
    public var decode: Double
    /// Resampling that decode to the thumbnail size.
    public var resample: Double
    /// The cache PNG: filter, deflate, text chunks.
    public var encode: Double
    /// Before any decode: the file's URI and stat, the cache look-ups (thumbnail and failure
    /// entry) and the format check.
    public var lookups: Double
    /// Writing a thumbnail into the cache: its PNG (as `encode`), temporary file, rename.
    public var store: Double
    /// The floor in-process: the file read and decoded at that scale, nothing else (the
    /// file's bytes come fresh from the page cache each time, as in the batch).
    public var floor: Double
    /// `ThumbnailBatch.thumbnail` into an empty cache: every stage, the cache look-ups,
    /// the URI's MD5 and the atomic write (and, unlike the batch, unlinking the thumbnail
    /// the previous run wrote).
    public var whole: Double
  }

  /// Times the stages of thumbnailing `path` into a `side`-pixel box, `repeats` times each;
  /// `cacheRoot` receives (and loses again) the thumbnails of the whole-pipeline runs.
  public static func stageTimes(path: String, side: Int, repeats: Int, cacheRoot: String)
    -> Result<StageTimes, ImageError>
  {
    let bytes: [UInt8]
    switch ImageDecoder.readFile(path: path) {
    case .success(let b): bytes = b
    case .failure(let error): return .failure(error)
    }
    let metadata = MetadataReader.read(bytes: bytes)
    let target = PixelSize(width: side, height: side)
    let options = DecodeOptions(
      target: target, mode: .fit, quality: .fast, orientation: metadata.orientation)
    guard case .success(let thumbnail) = ImageDecoder.decode(data: bytes, options: options),
      let stored = metadata.pixelSize
    else { return .failure(ImageError("not a JPEG this pipeline thumbnails")) }
    // The scaled decode alone: asking for exactly the size TurboJPEG's chosen factor gives
    // leaves nothing to resample.
    let scaled = ImageDecoder.scaledJPEGSize(stored: stored, options: options)
    let decodeOnly = DecodeOptions(target: scaled, mode: .fit, quality: .fast)
    guard case .success(let decoded) = ImageDecoder.decode(data: bytes, options: decodeOnly),
      decoded.size == scaled
    else { return .failure(ImageError("the scaled decode did not give \(scaled)")) }

    let cache = ThumbnailDiskCache(root: cacheRoot)
    guard case .success(let source) = ThumbnailSource.forFile(atPath: path) else {
      return .failure(ImageError("cannot stat \(path)"))
    }
    let made = cache.thumbnailPath(forURI: source.uri, size: .large)
    return .success(
      StageTimes(
        path: path,
        read: median(repeats) { _ = ImageDecoder.readFile(path: path) },
        metadata: median(repeats) { _ = MetadataReader.read(bytes: bytes) },
        decode: median(repeats) { _ = ImageDecoder.decode(data: bytes, options: decodeOnly) },
        resample: median(repeats) { _ = decoded.resized(to: thumbnail.size) },
        encode: median(repeats) { _ = PNGEncoder.encodeFast(thumbnail) },
        lookups: median(repeats) {
          guard case .success(let s) = ThumbnailSource.forFile(atPath: path) else { return }
          _ = cache.hasThumbnail(for: s, size: .large) || cache.hasFailure(for: s)
          _ = ImageDecoder.format(ofFile: path)
        },
        store: median(repeats) {
          unlink(made)
          _ = cache.store(thumbnail, for: source, size: .large, imageSize: stored)
        },
        floor: median(repeats) {
          guard case .success(let fresh) = ImageDecoder.readFile(path: path) else { return }
          _ = ImageDecoder.decode(data: fresh, options: decodeOnly)
        },
        whole: median(repeats) {
          unlink(made)
          _ = ThumbnailBatch.thumbnail(
            path: path, cache: cache, size: .large, decoder: .inProcess)
        }))
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

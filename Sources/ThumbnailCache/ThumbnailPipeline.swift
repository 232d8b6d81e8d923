import DecodeWorker
import Decoders
import Pixels
import PhotoMetadata
import PhotoModel

/// The one way a photo becomes a thumbnail, for the browser's tiles and `lightbox
/// thumbnails` alike: the freedesktop cache entry if a valid one is there, else the embedded
/// preview while the photo decodes (browser only), else a scaled decode that is written back
/// as a spec-complete entry (URI, MTime, Size, Mimetype, image size); a file that cannot be
/// decoded gets a `fail/lightbox-1.0/` entry so it is not tried again until it changes.
///
/// Both callers ask for the same entry the same way, so they write byte-identical files.
public struct ThumbnailPipeline: Sendable {
  /// What the pipeline knows of a photo besides its bytes: from the catalog (browser) or
  /// read from the bytes (batch).
  public struct PhotoFacts: Sendable, Equatable {
    /// EXIF orientation, applied to the pixels.
    public var orientation: Orientation
    /// Stored pixel size (before orientation), when the header gave one.
    public var storedSize: PixelSize?

    public init(orientation: Orientation, storedSize: PixelSize?) {
      self.orientation = orientation
      self.storedSize = storedSize
    }
  }

  /// What became of one request.
  public enum Outcome: Sendable {
    /// A valid entry was there (its pixels when they were asked for).
    case cached(Bitmap?)
    /// The photo was decoded and its entry written (the pixels are the entry's);
    /// `storeProblem` says why the entry could not be written (a full disk), if it was not.
    case made(Bitmap, storeProblem: ImageError?)
    /// A failure entry for this version of the file was there: not tried again.
    case knownFailure
    /// The photo could not be read or decoded (a failure entry was written when the file
    /// itself is at fault).
    case failed(ImageError)
    /// Not a kind of file Lightbox thumbnails, or inside the cache itself.
    case skipped(String)
  }

  /// Transparent pixels of stored entries are composited on this, whoever makes them.
  public static let background = RGB.black

  /// The freedesktop cache the entries live in.
  public let cache: ThumbnailDiskCache
  /// Decodes the photos (risky formats in a worker process when it has a host).
  public let decoder: PhotoDecoder

  public init(cache: ThumbnailDiskCache, decoder: PhotoDecoder) {
    self.cache = cache
    self.decoder = decoder
  }

  /// The `size` thumbnail of the file at `path`: the cached entry (decoded when
  /// `wantsPixels`), or a new one made from the file. `facts` is asked once the file's
  /// bytes are read (the batch reads EXIF from them; the browser answers from the catalog).
  public func thumbnail(
    path: String, size: ThumbnailSize, wantsPixels: Bool,
    facts: ([UInt8]) -> PhotoFacts
  ) -> Outcome {
    if cache.contains(path: path) { return .skipped("inside the thumbnail cache") }
    let source: ThumbnailSource
    switch ThumbnailSource.forFile(atPath: path) {
    case .success(let found): source = found
    case .failure(let error): return .failed(error)
    }
    if let cached = cached(source, size: size, wantsPixels: wantsPixels) { return cached }
    return make(source, size: size, facts: facts)
  }

  /// The valid entry of `source` (or its failure entry), or nil when it must be made.
  public func cached(_ source: ThumbnailSource, size: ThumbnailSize, wantsPixels: Bool)
    -> Outcome?
  {
    if wantsPixels {
      if let bitmap = cache.thumbnail(for: source, size: size, background: Self.background) {
        return .cached(bitmap)
      }
    } else if cache.hasThumbnail(for: source, size: size) {
      return .cached(nil)
    }
    return cache.hasFailure(for: source) ? .knownFailure : nil
  }

  /// The embedded preview (the EXIF thumbnail at `range`), oriented like the photo: shown
  /// while the photo decodes, never stored.
  public func preview(path: String, range: Range<Int>, facts: PhotoFacts) -> Bitmap? {
    guard
      case .success(let small) = ExifThumbnail.decode(
        path: path, range: range, orientation: facts.orientation, storedSize: facts.storedSize)
    else { return nil }
    return small
  }

  /// Decodes the photo at the size class (or fitted into `target`, a smaller box: a card's
  /// cover, see `coverSize`), writes its entry and returns the pixels; a file that cannot be
  /// decoded gets a failure entry.
  public func make(
    _ source: ThumbnailSource, size: ThumbnailSize, target: PixelSize? = nil,
    facts: ([UInt8]) -> PhotoFacts
  ) -> Outcome {
    // The head first: a video or a document is never read whole.
    guard
      case .success(let head) = ImageFile.prefix(atPath: source.path, count: PhotoDecoder.headSize),
      let format = FormatSniffer.format(of: head), attempts(format)
    else { return .skipped("not an image Lightbox decodes") }
    let bytes: [UInt8]
    if format.decodesAsMovie {
      // A poster frame needs only what FFmpeg seeks to; facts come from the head.
      bytes = head
    } else {
      switch ImageDecoder.readFile(path: source.path) {
      case .success(let read): bytes = read
      case .failure(let error): return .failed(error)
      }
    }
    let known = facts(bytes)
    let options = DecodeOptions(
      target: target ?? PixelSize(width: size.pixels, height: size.pixels), mode: .fit,
      quality: .fast, orientation: known.orientation, background: Self.background)
    switch decoder.decode(data: bytes, path: source.path, options: options) {
    case .success(let bitmap):
      return store(bitmap, for: source, size: size, facts: known, format: format, head: head)
    case .failure(let error):
      // A worker's decoder for a format this build does not decode yet answers so; that is
      // not the file's fault. A crash or hang is (like any decode error of a known format).
      guard format.isDecodable || PhotoDecoder.isWorkerFailure(error) else {
        return .skipped(error.reason)
      }
      // Only a file that cannot be decoded gets a failure entry (not a full disk).
      _ = cache.storeFailure(for: source)
      cache.usage?.evictIfOver()
      return .failed(error)
    }
  }

  /// Writes `bitmap` as the `size` entry of `source` (with the photo's displayed size and
  /// MIME type) and keeps the cache under its limit.
  func store(
    _ bitmap: Bitmap, for source: ThumbnailSource, size: ThumbnailSize, facts: PhotoFacts,
    format: MediaFormat, head: [UInt8]
  ) -> Outcome {
    let display = facts.storedSize.map { facts.orientation.displaySize(ofStored: $0) }
    let stored = cache.store(
      bitmap, for: source, size: size, imageSize: display,
      mimeType: Self.mimeType(format, head: head))
    // On this worker thread, never the UI's: a comparison unless the cache is over.
    cache.usage?.evictIfOver()
    if case .failure(let error) = stored { return .made(bitmap, storeProblem: error) }
    return .made(bitmap, storeProblem: nil)
  }

  /// True when the pipeline tries to decode files of `format`: those this build decodes,
  /// and with a worker host the risky ones (whose crashes the worker turns into failures).
  func attempts(_ format: MediaFormat) -> Bool {
    format.isDecodable || decoder.runsOutOfProcess(format)
  }

  /// The MIME type written as `Thumb::Mimetype`; a video's from its container (the ftyp
  /// brand, the Matroska doctype, RIFF AVI).
  static func mimeType(_ format: MediaFormat, head: [UInt8]) -> String {
    format == .video ? videoMimeType(head) : mimeType(format)
  }

  /// The MIME type of a still format.
  static func mimeType(_ format: MediaFormat) -> String {
    switch format {
    case .png: "image/png"
    case .jpeg: "image/jpeg"
    case .gif: "image/gif"
    case .webp: "image/webp"
    case .heic: "image/heif"
    case .avif, .avifSequence: "image/avif"
    case .tiff: "image/tiff"
    case .raw: "image/x-dcraw"
    case .video: "video/mp4"
    }
  }
}

extension ThumbnailPipeline {
  /// video/quicktime, video/3gpp, video/x-m4v, video/webm, video/x-matroska,
  /// video/x-msvideo, else video/mp4.
  static func videoMimeType(_ head: [UInt8]) -> String {
    func text(_ range: Range<Int>) -> String {
      range.upperBound <= head.count ? String(decoding: head[range], as: UTF8.self) : ""
    }
    if text(0..<4) == "RIFF" { return "video/x-msvideo" }
    if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
      let doctype: [UInt8] = Array("webm".utf8)
      let early = head.prefix(64)
      let isWebM = early.indices.contains { i in early[i...].starts(with: doctype) }
      return isWebM ? "video/webm" : "video/x-matroska"
    }
    let brand = text(8..<12)
    if brand == "qt  " || text(4..<8) != "ftyp" { return "video/quicktime" }
    if brand.hasPrefix("3g") { return brand.hasPrefix("3g2") ? "video/3gpp2" : "video/3gpp" }
    if brand.hasPrefix("M4V") { return "video/x-m4v" }
    return "video/mp4"
  }
}

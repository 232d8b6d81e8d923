#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Decoders
import Pixels
import PhotoModel

/// The freedesktop.org thumbnail cache (Thumbnail Managing Standard 0.9): thumbnails shared
/// with file managers and image viewers.
///
/// Layout under `root` (normally `$XDG_CACHE_HOME/thumbnails`):
/// `{normal,large,x-large}/MD5(uri).png` and `fail/lightbox-1.0/MD5(uri).png`. A thumbnail is
/// used only when its `Thumb::URI` and `Thumb::MTime` match the file (and `Thumb::Size`,
/// when present), a failure entry only when it was written by decoders as able as these
/// (`decoderGeneration`); files are written to a temporary name and renamed into place,
/// mode 0600, so a reader never sees half a PNG.
public struct ThumbnailDiskCache: Sendable {
  /// The `thumbnails` folder.
  public let root: String
  /// Subfolder of `fail/` for this program's failure entries.
  public let failureApplication: String
  /// Keeps the cache under its size limit (told of every entry written and read); nil
  /// leaves the cache unbounded.
  public let usage: ThumbnailCacheUsage?

  /// Written into each failure entry (`Lightbox::Decoders`); raised when the decoders learn
  /// files they used to fail on, so that an older entry (or one without the key) is tried
  /// once more instead of leaving the file a warning tile until it changes. 2: AVIF
  /// sequences (issue 33).
  public static let decoderGeneration = 2
  static let decoderGenerationKey = "Lightbox::Decoders"

  public init(
    root: String, failureApplication: String = "lightbox-1.0", usage: ThumbnailCacheUsage? = nil
  ) {
    self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    self.failureApplication = failureApplication
    self.usage = usage
  }

  /// `$XDG_CACHE_HOME/thumbnails`, or `~/.cache/thumbnails` when XDG_CACHE_HOME is unset or
  /// not absolute (as the XDG spec says).
  public static func defaultRoot(environment: [String: String]) -> String {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return cache + "/thumbnails"
    }
    return (environment["HOME"] ?? "/") + "/.cache/thumbnails"
  }

  /// What the cache knows about a file.
  public enum Lookup: Sendable, Equatable {
    /// A valid thumbnail (upright, opaque RGBA).
    case thumbnail(Bitmap)
    /// A valid failure entry: the file could not be thumbnailed at this modification time.
    case failed
    /// Nothing usable.
    case missing
  }

  /// The thumbnail file name for `uri` in `size`'s folder.
  public func thumbnailPath(forURI uri: String, size: ThumbnailSize) -> String {
    "\(root)/\(size.folder)/\(MD5.hex(uri)).png"
  }

  /// The failure entry for `uri`.
  public func failurePath(forURI uri: String) -> String {
    "\(root)/fail/\(failureApplication)/\(MD5.hex(uri)).png"
  }

  /// The valid thumbnail of `source` in `size`, decoded; transparent pixels (thumbnails of
  /// transparent images written by other tools) are composited on `background`.
  public func thumbnail(for source: ThumbnailSource, size: ThumbnailSize, background: RGB = .black)
    -> Bitmap?
  {
    let path = thumbnailPath(forURI: source.uri, size: size)
    guard let bytes = Self.readSmallFile(path), let info = PNGTextReader.read(bytes),
      info.matches(source), info.width > 0, info.height > 0
    else { return nil }
    let options = DecodeOptions(
      target: PixelSize(width: info.width, height: info.height), mode: .fit, quality: .fast,
      background: background, maxPixels: 4 * 1024 * 1024)
    guard case .success(let bitmap) = ImageDecoder.decodeInProcess(data: bytes, options: options)
    else {
      return nil
    }
    usage?.noteUsed(path: path)
    return bitmap
  }

  /// True when a valid thumbnail of `source` exists in `size` (its text chunks are checked;
  /// the pixels are not decoded).
  public func hasThumbnail(for source: ThumbnailSource, size: ThumbnailSize) -> Bool {
    let path = thumbnailPath(forURI: source.uri, size: size)
    guard let bytes = Self.readSmallFile(path), let info = PNGTextReader.read(bytes) else {
      return false
    }
    guard info.matches(source) else { return false }
    usage?.noteUsed(path: path)
    return true
  }

  /// True when a failure entry for `source` at its current modification time exists,
  /// written by this generation of the decoders or a later one.
  public func hasFailure(for source: ThumbnailSource) -> Bool {
    guard let bytes = Self.readSmallFile(failurePath(forURI: source.uri)),
      let info = PNGTextReader.read(bytes)
    else { return false }
    let generation = info.text[Self.decoderGenerationKey].flatMap { Int($0) } ?? 1
    return generation >= Self.decoderGeneration && info.matches(source)
  }

  /// The thumbnail in `size`, else a failure entry, else nothing.
  public func lookup(_ source: ThumbnailSource, size: ThumbnailSize, background: RGB = .black)
    -> Lookup
  {
    if let bitmap = thumbnail(for: source, size: size, background: background) {
      return .thumbnail(bitmap)
    }
    return hasFailure(for: source) ? .failed : .missing
  }

  /// Writes `thumbnail` (already fitted to `size`) for `source`; `imageSize` is the
  /// original's upright size, recorded as `Thumb::Image::Width/Height` when known.
  /// Returns the path written.
  @discardableResult
  public func store(
    _ thumbnail: Bitmap, for source: ThumbnailSource, size: ThumbnailSize,
    imageSize: PixelSize? = nil, mimeType: String? = nil
  ) -> Result<String, ImageError> {
    var text = Self.baseText(for: source)
    if let imageSize {
      text.append(("Thumb::Image::Width", String(imageSize.width)))
      text.append(("Thumb::Image::Height", String(imageSize.height)))
    }
    if let mimeType { text.append(("Thumb::Mimetype", mimeType)) }
    text.append(("Software", "Lightbox"))
    let png: [UInt8]
    switch PNGEncoder.encodeFast(thumbnail, text: text) {
    case .success(let bytes): png = bytes
    case .failure(let error): return .failure(error)
    }
    let path = thumbnailPath(forURI: source.uri, size: size)
    return AtomicFile.write(png, to: path, directory: "\(root)/\(size.folder)", root: root)
      .map {
        usage?.noteStored(path: path, bytes: png.count)
        return path
      }
  }

  /// Records that `source` cannot be thumbnailed (a 1×1 PNG with its URI and MTime), so
  /// that it is not tried again until the file changes.
  @discardableResult
  public func storeFailure(for source: ThumbnailSource) -> Result<String, ImageError> {
    let png: [UInt8]
    let pixel = Bitmap(width: 1, height: 1, fill: .black, alpha: 0)
    let text =
      Self.baseText(for: source) + [
        ("Software", "Lightbox"), (Self.decoderGenerationKey, String(Self.decoderGeneration)),
      ]
    switch PNGEncoder.encode(pixel, text: text) {
    case .success(let bytes): png = bytes
    case .failure(let error): return .failure(error)
    }
    let path = failurePath(forURI: source.uri)
    return AtomicFile.write(
      png, to: path, directory: "\(root)/fail/\(failureApplication)", root: root
    ).map {
      usage?.noteStored(path: path, bytes: png.count)
      return path
    }
  }

  /// True when `path` lies inside the cache (thumbnails of thumbnails are never made).
  public func contains(path: String) -> Bool {
    let normalized = ThumbnailSource.normalized(path)
    return normalized.hasPrefix(root + "/")
  }

  private static func baseText(for source: ThumbnailSource) -> [(key: String, value: String)] {
    [
      ("Thumb::URI", source.uri),
      ("Thumb::MTime", String(source.modificationTime)),
      ("Thumb::Size", String(source.byteSize)),
    ]
  }

  /// A thumbnail is small; anything over 16 MB is not one of ours to read.
  static func readSmallFile(_ path: String) -> [UInt8]? {
    guard case .success(let bytes) = ImageFile.prefix(atPath: path, count: 16 << 20) else {
      return nil
    }
    return bytes.isEmpty ? nil : bytes
  }
}

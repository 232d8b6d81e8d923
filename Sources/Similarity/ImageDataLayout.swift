import PhotoMetadata
import PhotoModel

/// Where a file's image data lies: the byte ranges hashed for exact duplicates, so that
/// two files differing only in metadata (a date fixed, EXIF stripped without re-encoding)
/// hash alike.
///
/// JPEG: every segment but APPn and COM (the tables, frame and scan headers) and the
/// entropy-coded data up to EOI. PNG: IHDR, PLTE, tRNS and the animation chunks, and the
/// IDAT data (not the chunking). HEIF/AVIF: every coded item (not Exif or XMP). Any other
/// format: the whole file. Parsing is bounds-checked throughout: a malformed file gives an
/// `ImageDataError`, never a trap (`FuzzImageData` checks).
public struct ImageDataLayout: Equatable, Sendable {
  /// How the ranges were found.
  public enum Kind: String, Sendable {
    case jpeg, png, heif
    /// Not a format with metadata apart from its pixels (or one not parsed here).
    case wholeFile = "file"
  }

  public var kind: Kind
  /// The ranges to hash, in file order, within the file.
  public var ranges: [Range<Int>]

  public init(kind: Kind, ranges: [Range<Int>]) {
    self.kind = kind
    self.ranges = ranges
  }

  /// The layout of a file whose bytes are `bytes`.
  public static func of(_ bytes: UnsafeRawBufferPointer) -> Result<ImageDataLayout, ImageDataError>
  {
    guard !bytes.isEmpty else { return .failure(ImageDataError("empty file")) }
    switch FormatSniffer.format(of: UnsafeRawBufferPointer(rebasing: bytes.prefix(4096))) {
    case .jpeg: return jpeg(bytes)
    case .png: return png(bytes)
    case .heic, .avif: return heif(bytes)
    default: return .success(ImageDataLayout(kind: .wholeFile, ranges: [0..<bytes.count]))
    }
  }

  /// The layout of `bytes` (an array).
  public static func of(_ bytes: [UInt8]) -> Result<ImageDataLayout, ImageDataError> {
    bytes.withUnsafeBytes { of($0) }
  }

  /// Adds `range`, joined to the last one when they touch (fewer, longer hash updates).
  mutating func append(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    if let last = ranges.last, last.upperBound == range.lowerBound {
      ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
    } else {
      ranges.append(range)
    }
  }
}

import PhotoModel

/// Reads format, size, EXIF and PNG metadata from the head of a file, and past it where
/// the file's own offsets lead (see `read(bytes:loadingItems:)`).
///
/// The parsers work on the bytes in place with bounds-checked index arithmetic: no
/// allocation per byte, no trap on hostile offsets or counts, and every loop advances.
public enum MetadataReader {
  /// The head every read starts from; anything further is read through the file's own
  /// offsets, within `RandomAccessSource`'s budget.
  public static let maxHeaderBytes = 128 * 1024

  /// Reads the metadata of the bytes of a file's head (hostile input never traps).
  public static func read(bytes: [UInt8]) -> PhotoMetadata {
    bytes.withUnsafeBytes { read(buffer: $0) }
  }

  /// Reads the metadata of a file's head held in `buffer`.
  public static func read(buffer: UnsafeRawBufferPointer) -> PhotoMetadata {
    let b = ByteView(buffer)
    var metadata = PhotoMetadata()
    metadata.format = FormatSniffer.format(of: b)
    switch metadata.format {
    case .jpeg:
      let found = JPEGScanner.scan(b)
      metadata.pixelSize = found.size
      if let exif = found.exif { apply(exif, to: &metadata) }
      metadata.captureDate = embeddedDate(exif: found.exif, xmp: found.xmp)
      if metadata.gps == nil { metadata.gps = found.xmp?.gps }
    case .png:
      let found = PNGScanner.scan(b)
      metadata.pixelSize = found.size
      if let exif = found.exif { apply(exif, to: &metadata) }
      // The PNG's own eXIf chunk counts as PNG metadata (CaptureDateSource.pngText).
      metadata.captureDate = embeddedDate(
        exif: found.exif, exifSource: .pngText, pngCreation: found.creation, xmp: found.xmp)
      if metadata.gps == nil { metadata.gps = found.xmp?.gps }
    case .gif:
      if let w = b.u16le(6), let h = b.u16le(8) {
        metadata.pixelSize = PixelSize(width: w, height: h)
      }
    case .webp:
      let found = WebPScanner.scan(b)
      metadata.pixelSize = found.size
      if let exif = found.exif { apply(exif, to: &metadata) }
      metadata.captureDate = embeddedDate(exif: found.exif, xmp: found.xmp)
      if metadata.gps == nil { metadata.gps = found.xmp?.gps }
    case .heic, .avif, .avifSequence:
      let found = HEIFScanner.scan(b)
      metadata.pixelSize = found.size
      if let exif = found.exif { apply(exif, to: &metadata) }
      metadata.captureDate = embeddedDate(exif: found.exif, xmp: found.xmp)
      if metadata.gps == nil { metadata.gps = found.xmp?.gps }
      if metadata.format == .avifSequence {
        addMovie(head: Array(buffer), to: &metadata) { _ in nil }
      }
    case .tiff:
      if b.u8(2) == 43 || b.u8(3) == 43 {
        var source = RandomAccessSource(head: b)
        readBigTIFF(&source, into: &metadata)
      } else {
        readTIFF(b, into: &metadata)
      }
    case .raw:
      readRAW(b, into: &metadata)
    case .video:
      readVideo(head: Array(buffer), into: &metadata) { _ in nil }
    case nil:
      break
    }
    return metadata
  }

  /// A TIFF or TIFF-based RAW file: the whole head is one TIFF structure.
  static func readTIFF(_ b: ByteView, into metadata: inout PhotoMetadata) {
    guard let tiff = TIFFBlock(bytes: b, start: 0, end: b.count, truncated: true) else { return }
    let exif = ExifParser.parse(tiff)
    apply(exif, to: &metadata)
    metadata.captureDate = embeddedDate(exif: exif)
    // IFD0 is the main image unless it is flagged as a reduced-resolution preview (DNG, NEF).
    if let w = exif.imageWidth, let h = exif.imageHeight, (exif.subfileType ?? 0) == 0 {
      metadata.pixelSize = PixelSize(width: w, height: h)
    } else if let w = exif.pixelXDimension, let h = exif.pixelYDimension {
      metadata.pixelSize = PixelSize(width: w, height: h)
    }
  }

  /// Copies the EXIF fields other than the capture date (see `embeddedDate`).
  static func apply(_ exif: ExifFields, to metadata: inout PhotoMetadata) {
    metadata.exifOrientation = exif.orientation
    metadata.dateTimeOriginal = exif.dateTimeOriginal
    metadata.cameraMake = exif.make
    metadata.cameraModel = exif.model
    metadata.lensModel = exif.lensModel
    metadata.contentIdentifier = exif.contentIdentifier
    metadata.exifThumbnail = exif.thumbnail
    metadata.exposure = exif.exposure.isEmpty ? nil : exif.exposure
    metadata.gps = exif.gps
  }
}

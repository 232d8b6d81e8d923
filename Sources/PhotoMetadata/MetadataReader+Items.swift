import PhotoModel

extension MetadataReader {
  /// The most bytes read for one metadata item stored after the head.
  public static let maxItemBytes = 256 * 1024

  /// `read(bytes:)`, plus the metadata items a HEIF file stores after its head (phones put
  /// the Exif and XMP items at the end of the file, beyond `maxHeaderBytes`), and a video's
  /// or an AVIF sequence's movie box past the head.
  ///
  /// `load(range)` returns the file's bytes in `range` (nil when they cannot be read); it is
  /// called only for what starts past the head: HEIF items (each at most `maxItemBytes`),
  /// movie boxes, RAW previews' headers.
  public static func read(bytes head: [UInt8], loadingItems load: (Range<Int>) -> [UInt8]?)
    -> PhotoMetadata
  {
    let metadata = read(bytes: head)
    switch metadata.format {
    case .video:
      var video = metadata
      readVideo(head: head, into: &video, load: load)
      return video
    case .raw:
      return withPreviewSize(metadata, head: head, load: load)
    case .heic, .avif:
      return withHEIFItems(metadata, head: head, load: load)
    case .avifSequence:
      // The HEIF items (EXIF, XMP) first: their date wins over the movie header's.
      var sequence = withHEIFItems(metadata, head: head, load: load)
      addMovie(head: head, to: &sequence, load: load)
      return sequence
    default:
      return metadata
    }
  }

  /// `metadata` with the Exif and XMP items of a HEIF file that lie past its head.
  private static func withHEIFItems(
    _ metadata: PhotoMetadata, head: [UInt8], load: (Range<Int>) -> [UInt8]?
  ) -> PhotoMetadata {
    var metadata = metadata
    var items = head.withUnsafeBytes { HEIFScanner.locate(ByteView($0)) }
    if !items.hasMeta,
      let range = head.withUnsafeBytes({ HEIFScanner.farMetaRange(head: ByteView($0), load: load) }
      ),
      range.count <= 4 * maxItemBytes, let meta = load(range), meta.count == range.count
    {
      // The box alone is a valid top level: its item offsets are file offsets still.
      items = meta.withUnsafeBytes { HEIFScanner.locate(ByteView($0)) }
      metadata.pixelSize = items.size
    }
    func outside(_ range: Range<Int>?) -> Range<Int>? {
      guard let range, range.upperBound > head.count, !range.isEmpty else { return nil }
      return range.lowerBound..<min(range.upperBound, range.lowerBound + maxItemBytes)
    }
    let exifRange = outside(items.exif)
    let xmpRange = outside(items.xmp)
    guard exifRange != nil || xmpRange != nil else { return metadata }

    var exif: ExifFields?
    if let exifRange, let bytes = load(exifRange) {
      exif = bytes.withUnsafeBytes { HEIFScanner.exif(ByteView($0), extent: 0..<bytes.count) }
    } else {
      exif = head.withUnsafeBytes { buffer in
        items.exif.flatMap { HEIFScanner.exif(ByteView(buffer), extent: $0) }
      }
    }
    var xmp: XMPDates?
    if let xmpRange, let bytes = load(xmpRange) {
      xmp = bytes.withUnsafeBytes { XMPDates(ByteView($0), 0..<bytes.count) }
    } else if let range = items.xmp {
      xmp = head.withUnsafeBytes { XMPDates(ByteView($0), range) }
    }
    if let exif, exifRange != nil {
      let thumbnail = metadata.exifThumbnail
      apply(exif, to: &metadata)
      // Offsets in the loaded item are not file offsets: no thumbnail range from it.
      metadata.exifThumbnail = thumbnail
    }
    metadata.captureDate = embeddedDate(exif: exif, xmp: xmp)
    return metadata
  }

  /// The RAW's displayed size from its largest preview, reading the frame header of
  /// previews that start past the head (NEF and ARW keep them megabytes in).
  private static func withPreviewSize(
    _ metadata: PhotoMetadata, head: [UInt8], load: (Range<Int>) -> [UInt8]?
  ) -> PhotoMetadata {
    var metadata = metadata
    var best: PixelSize? = metadata.pixelSize
    let unknown = RAWPreviews.candidates(in: head, fileSize: Int.max).filter { $0.size == nil }
    for preview in unknown.prefix(3) {
      let range =
        preview.range.lowerBound..<min(preview.range.upperBound, preview.range.lowerBound + 65_536)
      guard let bytes = load(range) else { continue }
      let size = bytes.withUnsafeBytes {
        RAWPreviews.frameSize(ByteView($0), 0..<bytes.count)
      }
      if let size, best.map({ size.area > $0.area }) ?? true { best = size }
    }
    metadata.pixelSize = best
    return metadata
  }
}

import PhotoModel

extension MetadataReader {
  /// The most bytes read for one metadata item stored after the head.
  public static let maxItemBytes = 256 * 1024

  /// `read(bytes:)`, plus what a file keeps past its head: the metadata items of a HEIF
  /// (phones put the Exif and XMP items at the end of the file), a TIFF's IFDs written
  /// after the image data, a WebP's EXIF and XMP chunks after the image chunk, a JPEG's
  /// frame header after large APP segments, a video's header, a RAW's previews.
  ///
  /// `load(range)` returns the file's bytes in `range` (fewer at its end, nil when they
  /// cannot be read); it is called only for ranges past the head. For stills every read
  /// goes through a `RandomAccessSource`, whose budget caps the bytes and reads per file.
  public static func read(bytes head: [UInt8], loadingItems load: (Range<Int>) -> [UInt8]?)
    -> PhotoMetadata
  {
    var metadata = read(bytes: head)
    switch metadata.format {
    case .video:
      readVideo(head: head, into: &metadata, load: load)
      return metadata
    case .raw:
      return withPreviewSize(metadata, head: head, load: load)
    case .heic, .avif, .avifSequence, .tiff, .webp, .jpeg:
      let isHEIF = [.heic, .avif, .avifSequence].contains(metadata.format)
      withoutActuallyEscaping(load) { load in
        head.withUnsafeBytes { raw in
          var source = RandomAccessSource(head: ByteView(raw), load: load)
          if isHEIF {
            readHEIFItems(head: head, into: &metadata) { source.bytes($0) }
          } else {
            readPastHead(&source, into: &metadata)
          }
        }
      }
      if metadata.format == .avifSequence {
        // The HEIF items (EXIF, XMP) first: their date wins over the movie header's.
        addMovie(head: head, to: &metadata, load: load)
      }
      return metadata
    case .png, .gif, nil:
      return metadata
    }
  }

  /// The HEIF metadata items past the head, and its `meta` box when the head does not hold
  /// all of it.
  private static func readHEIFItems(
    head: [UInt8], into metadata: inout PhotoMetadata, load: (Range<Int>) -> [UInt8]?
  ) {
    var items = head.withUnsafeBytes { HEIFScanner.locate(ByteView($0)) }
    if let range = head.withUnsafeBytes({ HEIFScanner.metaRange(head: ByteView($0), load: load) }),
      range.upperBound > head.count, range.count <= 4 * maxItemBytes, let meta = load(range),
      meta.count == range.count
    {
      // The box alone is a valid top level: its item offsets are file offsets still. The
      // head's part of a box cut by its end may have lacked iloc, iinf or the sizes.
      items = meta.withUnsafeBytes { HEIFScanner.locate(ByteView($0)) }
      metadata.pixelSize = items.size
    }
    func outside(_ range: Range<Int>?) -> Range<Int>? {
      guard let range, range.upperBound > head.count, !range.isEmpty else { return nil }
      return range.lowerBound..<min(range.upperBound, range.lowerBound + maxItemBytes)
    }
    let exifRange = outside(items.exif)
    let xmpRange = outside(items.xmp)
    guard exifRange != nil || xmpRange != nil else { return }

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

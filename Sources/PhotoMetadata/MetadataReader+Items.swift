import PhotoModel

extension MetadataReader {
  /// The most bytes read for one metadata item stored after the head.
  public static let maxItemBytes = 256 * 1024

  /// `read(bytes:)`, plus the metadata items a HEIF file stores after its head (phones put
  /// the Exif and XMP items at the end of the file, beyond `maxHeaderBytes`).
  ///
  /// `load(range)` returns the file's bytes in `range` (nil when they cannot be read); it is
  /// called only for HEIF items that start past the head, each at most `maxItemBytes`.
  public static func read(bytes head: [UInt8], loadingItems load: (Range<Int>) -> [UInt8]?)
    -> PhotoMetadata
  {
    var metadata = read(bytes: head)
    guard metadata.format == .heic else { return metadata }
    let items = head.withUnsafeBytes { HEIFScanner.locate(ByteView($0)) }
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
}

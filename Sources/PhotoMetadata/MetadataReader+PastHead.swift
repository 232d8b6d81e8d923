import PhotoModel

extension MetadataReader {
  /// What a TIFF, WebP or JPEG keeps past its head, found by following the file's own
  /// offsets through `source`: a TIFF's IFDs written after the image data, a WebP's EXIF
  /// and XMP chunks after a large image chunk, a JPEG's frame header after large APP
  /// segments (Photoshop's CMYK ICC profile is 557 KB).
  static func readPastHead(_ source: inout RandomAccessSource, into metadata: inout PhotoMetadata) {
    let b = source.head
    switch metadata.format {
    case .tiff:
      if b.u8(2) == 43 || b.u8(3) == 43 {
        if metadata.pixelSize == nil { readBigTIFF(&source, into: &metadata) }
      } else if let gathered = TIFFGather.gather(&source) {
        var found = PhotoMetadata()
        found.format = metadata.format
        gathered.withUnsafeBytes { readTIFF(ByteView($0), into: &found) }
        // Offsets in the gathered copy are not file offsets; the head's thumbnail is.
        found.exifThumbnail = metadata.exifThumbnail
        metadata = found
      }
    case .webp:
      // The head's walk found all there is to show: no second walk (indexing reads many).
      guard metadata.pixelSize == nil || metadata.captureDate == nil else { return }
      let found = WebPScanner.scan(&source)
      metadata.pixelSize = found.size
      if let exif = found.exif { apply(exif, to: &metadata) }
      metadata.captureDate = embeddedDate(exif: found.exif, xmp: found.xmp)
    case .jpeg:
      // Almost every JPEG has its frame header in the head: scanned once only.
      guard metadata.pixelSize == nil else { return }
      let found = JPEGScanner.scan(b)
      guard found.size == nil, let resume = found.resume else { return }
      let far = JPEGScanner.scanPastHead(&source, from: resume, wantsExif: found.exif == nil)
      metadata.pixelSize = far.size
      if let exif = far.exif {
        apply(exif, to: &metadata)
        metadata.captureDate = embeddedDate(exif: exif, xmp: found.xmp)
      }
    default:
      break
    }
  }
}

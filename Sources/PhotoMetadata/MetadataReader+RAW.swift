import PhotoModel

extension MetadataReader {
  /// A camera RAW file: its EXIF from where each layout keeps it (TIFF-structured RAWs:
  /// the file's own IFDs; CR3: the CMT1 and CMT2 boxes; RAF: the preview JPEG's APP1), and
  /// as pixel size the largest embedded preview's, which is what a browser shows.
  static func readRAW(_ b: ByteView, into metadata: inout PhotoMetadata) {
    if b.matches("FUJIFILMCCD-RAW", at: 0) {
      if let offset = b.u32be(84), offset + 4 <= b.count {
        let jpeg = ByteView(UnsafeRawBufferPointer(rebasing: b.buffer[offset...]))
        let found = JPEGScanner.scan(jpeg)
        if let exif = found.exif {
          apply(exif, to: &metadata)
          // Offsets in the preview's EXIF are not file offsets.
          metadata.exifThumbnail = nil
        }
        metadata.captureDate = embeddedDate(exif: found.exif, xmp: found.xmp)
      }
    } else if b.matches("ftyp", at: 4) {
      let exif = canonCR3Exif(b)
      apply(exif, to: &metadata)
      metadata.exifThumbnail = nil
      metadata.captureDate = embeddedDate(exif: exif)
    } else {
      readTIFF(b, into: &metadata)
    }
    if let largest = RAWPreviews.candidates(b, fileSize: Int.max).first?.size {
      metadata.pixelSize = largest
    }
  }

  /// The EXIF of a Canon CR3: CMT1 is IFD0 (make, model, orientation) and CMT2 the Exif IFD
  /// (dates), each a TIFF structure of its own, in the `uuid` box inside `moov`.
  private static func canonCR3Exif(_ b: ByteView) -> ExifFields {
    var fields = ExifFields()
    var budget = 256
    func walk(_ range: Range<Int>, depth: Int) {
      HEIFScanner.forEachBox(b, in: range) { type, content in
        budget -= 1
        guard budget > 0 else { return false }
        switch type {
        case fourCC("moov") where depth == 0:
          walk(content, depth: 1)
        case fourCC("uuid") where depth == 1:
          walk(min(content.lowerBound + 16, content.upperBound)..<content.upperBound, depth: 2)
        case fourCC("CMT1"):
          if let tiff = TIFFBlock(
            bytes: b, start: content.lowerBound, end: content.upperBound, truncated: false)
          {
            let ifd0 = ExifParser.parse(tiff)
            fields.make = ifd0.make
            fields.model = ifd0.model
            fields.orientation = ifd0.orientation
            fields.modifyDate = ifd0.modifyDate
          }
        case fourCC("CMT2"):
          if let tiff = TIFFBlock(
            bytes: b, start: content.lowerBound, end: content.upperBound, truncated: false),
            let ifd = tiff.firstIFDOffset
          {
            ExifParser.readExifIFD(tiff, at: ifd, into: &fields)
          }
        default: break
        }
        return true
      }
    }
    walk(0..<b.count, depth: 0)
    return fields
  }
}

import PhotoModel

extension JPEGScanner {
  /// The most segments walked past the head. Photoshop's CMYK profile alone is nine APP2
  /// segments; the source's read budget stops a file of tiny segments earlier anyway.
  static let maxSegmentsPastHead = 256

  /// The frame size, and the EXIF when the head had none, from the segments that start at
  /// `start` (where `scan` left off at the end of the head), read through `source`.
  ///
  /// Only segment headers are read, and the body of an APP1 "Exif" segment when `exif` is
  /// still wanted. Fill bytes are skipped; anything else that is not a marker ends the
  /// walk (djpeg would skip it, but past the head the structure is taken as lost).
  static func scanPastHead(
    _ source: inout RandomAccessSource, from start: Int, wantsExif: Bool
  ) -> (size: PixelSize?, exif: ExifFields?) {
    var exif: ExifFields?
    var pos = start
    for _ in 0..<maxSegmentsPastHead {
      // Marker, length and the first five bytes of a frame header: precision, height, width.
      guard let header = source.bytes(pos..<(pos + 9)), header.count >= 2, header[0] == 0xFF
      else { break }
      let marker = Int(header[1])
      switch marker {
      case 0xFF:
        pos += 1  // a fill byte
        continue
      case 0x00, 0x01, 0xD0...0xD8:
        pos += 2
        continue
      case 0xD9, 0xDA:
        return (nil, exif)
      default:
        break
      }
      guard header.count >= 4 else { break }
      let length = Int(header[2]) << 8 | Int(header[3])
      guard length >= 2 else { break }
      if isStartOfFrame(marker) {
        guard header.count >= 9 else { break }
        let height = Int(header[5]) << 8 | Int(header[6])
        let width = Int(header[7]) << 8 | Int(header[8])
        return (PixelSize(width: width, height: height), exif)
      }
      if wantsExif, exif == nil, marker == 0xE1,
        let body = source.bytes((pos + 4)..<(pos + 2 + length))
      {
        exif = body.withUnsafeBytes { raw in
          let b = ByteView(raw)
          guard b.matches("Exif\0", at: 0),
            let tiff = TIFFBlock(bytes: b, start: 6, end: b.count, truncated: false)
          else { return nil }
          var fields = ExifParser.parse(tiff)
          fields.thumbnail = nil  // offsets in the segment's copy are not file offsets
          return fields
        }
      }
      pos += 2 + length
    }
    return (nil, exif)
  }
}

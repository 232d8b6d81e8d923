import PhotoModel

/// Walks the markers of a JPEG up to the first scan: the frame size from the first SOFn,
/// the EXIF of the first APP1 "Exif" segment and the dates of the first APP1 XMP packet.
enum JPEGScanner {
  /// The APP1 signature of an XMP packet (NUL included).
  static let xmpSignatureLength = 29

  /// The size, EXIF and XMP dates found in `b`, and `resume`: where the next marker is
  /// expected when the walk ran off the end of `b` before the first scan (a 600 KB ICC
  /// profile in APP2 segments puts a CMYK JPEG's frame header past the head), else nil.
  static func scan(_ b: ByteView)
    -> (size: PixelSize?, exif: ExifFields?, xmp: XMPDates?, resume: Int?)
  {
    var size: PixelSize?
    var exif: ExifFields?
    var xmp: XMPDates?
    var resume: Int?
    var pos = 2  // after SOI
    scanning: while true {
      let next = pos
      // Like djpeg, skip extraneous bytes before a marker, then any 0xFF fill bytes.
      while pos < b.count, b.byte(pos) != 0xFF { pos += 1 }
      while pos + 1 < b.count, b.byte(pos + 1) == 0xFF { pos += 1 }
      guard pos + 1 < b.count else {
        resume = next
        break
      }
      let marker = b.byte(pos + 1)
      pos += 2
      switch marker {
      case 0x00, 0x01, 0xD0...0xD8:
        continue  // stuffed zero, TEM, RSTn, SOI: no length field
      case 0xD9, 0xDA:
        break scanning  // EOI, or SOS: the entropy-coded data starts, metadata is over
      default:
        // A length below 2 cannot even cover itself: the structure is lost.
        guard let length = b.u16be(pos), length >= 2 else { break scanning }
        let body = pos + 2
        let end = pos + length
        if size == nil, isStartOfFrame(marker), let height = b.u16be(body + 1),
          let width = b.u16be(body + 3)
        {
          size = PixelSize(width: width, height: height)
        }
        if exif == nil, marker == 0xE1, b.matches("Exif\0", at: body),
          let tiff = TIFFBlock(
            bytes: b, start: body + 6, end: min(end, b.count), truncated: end > b.count)
        {
          exif = ExifParser.parse(tiff)
        }
        if xmp == nil, marker == 0xE1, b.matches("http://ns.adobe.com/xap/1.0/\0", at: body) {
          xmp = XMPDates(b, (body + xmpSignatureLength)..<end)
        }
        pos = end
      }
    }
    return (size, exif, xmp, resume)
  }

  /// SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC): baseline, extended, progressive,
  /// lossless, hierarchical and arithmetic frames all carry the size the same way.
  static func isStartOfFrame(_ marker: Int) -> Bool {
    (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
  }
}

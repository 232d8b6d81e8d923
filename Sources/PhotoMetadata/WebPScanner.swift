import PhotoModel

/// Walks the RIFF chunks of a WebP: canvas size (VP8X, else the VP8/VP8L frame), EXIF and
/// the dates of the XMP chunk.
enum WebPScanner {
  static func scan(_ b: ByteView) -> (size: PixelSize?, exif: ExifFields?, xmp: XMPDates?) {
    var size: PixelSize?
    var exif: ExifFields?
    var xmp: XMPDates?
    var pos = 12  // after "RIFF", the RIFF size and "WEBP"
    while let type = b.fourCC(pos), let length = b.u32le(pos + 4) {
      let data = pos + 8
      let end = data + length
      switch type {
      case fourCC("VP8X"):
        if size == nil, let w = b.u24le(data + 4), let h = b.u24le(data + 7) {
          size = PixelSize(width: w + 1, height: h + 1)
        }
      case fourCC("VP8 "):
        // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height.
        if size == nil, b.u8(data + 3) == 0x9D, b.u8(data + 4) == 0x01, b.u8(data + 5) == 0x2A,
          let w = b.u16le(data + 6), let h = b.u16le(data + 8)
        {
          size = PixelSize(width: w & 0x3FFF, height: h & 0x3FFF)
        }
      case fourCC("VP8L"):
        // Signature 0x2F, then width-1 and height-1 in 14 bits each, little-endian.
        if size == nil, b.u8(data) == 0x2F, let bits = b.u32le(data + 1) {
          size = PixelSize(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
        }
      case fourCC("EXIF"):
        let start = b.matches("Exif\0\0", at: data) ? data + 6 : data
        if exif == nil,
          let tiff = TIFFBlock(
            bytes: b, start: start, end: min(end, b.count), truncated: end > b.count)
        {
          exif = ExifParser.parse(tiff)
        }
      case fourCC("XMP "):
        if xmp == nil { xmp = XMPDates(b, data..<end) }
      default:
        break
      }
      pos = end + (length & 1)  // chunks are padded to an even size
    }
    return (size, exif, xmp)
  }
}

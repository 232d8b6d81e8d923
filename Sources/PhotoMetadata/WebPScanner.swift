import PhotoModel

/// Walks the RIFF chunks of a WebP: canvas size (VP8X, else the VP8/VP8L frame), EXIF and
/// the dates of the XMP chunk.
///
/// `webpmux` and `cwebp -metadata` write the EXIF and XMP chunks after the image chunk, so
/// a large picture puts them past the head: the walk follows the chunk sizes through a
/// `RandomAccessSource`, reading only chunk headers and the metadata chunks.
enum WebPScanner {
  /// The most bytes of one EXIF or XMP chunk read past the head.
  static let maxMetadataChunkBytes = 256 * 1024

  static func scan(_ b: ByteView) -> (size: PixelSize?, exif: ExifFields?, xmp: XMPDates?) {
    var source = RandomAccessSource(head: b)
    return scan(&source)
  }

  static func scan(_ source: inout RandomAccessSource)
    -> (size: PixelSize?, exif: ExifFields?, xmp: XMPDates?)
  {
    var size: PixelSize?
    var exif: ExifFields?
    var xmp: XMPDates?
    // VP8X flags: which metadata chunks to look for past the head (nil: no VP8X seen).
    var flags: Int?
    var pos = 12  // after "RIFF", the RIFF size and "WEBP"
    while true {
      if !source.inHead(pos..<(pos + 8)) {
        // Past the head, go on only for what the file says it has and was not found yet.
        let wantsExif = (flags ?? 0) & 0x08 != 0 && exif == nil
        let wantsXMP = (flags ?? 0) & 0x04 != 0 && xmp == nil
        guard size == nil || wantsExif || wantsXMP else { break }
      }
      // The chunk header and the frame header bytes the size needs.
      guard let header = source.bytes(pos..<(pos + 18)), header.count >= 8 else { break }
      let (type, length) = header.withUnsafeBytes { raw in
        (ByteView(raw).fourCC(0), ByteView(raw).u32le(4))
      }
      guard let type, let length else { break }
      let data = pos + 8
      let end = data + length
      header.withUnsafeBytes { raw in
        let h = ByteView(raw)
        switch type {
        case fourCC("VP8X"):
          flags = h.u8(8).map(Int.init)
          if size == nil, let w = h.u24le(12), let h = h.u24le(15) {
            size = PixelSize(width: w + 1, height: h + 1)
          }
        case fourCC("VP8 "):
          // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height.
          if size == nil, h.u8(11) == 0x9D, h.u8(12) == 0x01, h.u8(13) == 0x2A,
            let w = h.u16le(14), let h = h.u16le(16)
          {
            size = PixelSize(width: w & 0x3FFF, height: h & 0x3FFF)
          }
        case fourCC("VP8L"):
          // Signature 0x2F, then width-1 and height-1 in 14 bits each, little-endian.
          if size == nil, h.u8(8) == 0x2F, let bits = h.u32le(9) {
            size = PixelSize(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
          }
        default:
          break
        }
      }
      if type == fourCC("EXIF"), exif == nil {
        exif = exifChunk(&source, data..<end)
      } else if type == fourCC("XMP "), xmp == nil {
        xmp = xmpChunk(&source, data..<end)
      }
      pos = end + (length & 1)  // chunks are padded to an even size
    }
    return (size, exif, xmp)
  }

  /// The EXIF of the chunk whose data is `range`: parsed in place when it starts in the
  /// head (its thumbnail offsets are then file offsets), else from a read of it.
  private static func exifChunk(_ source: inout RandomAccessSource, _ range: Range<Int>)
    -> ExifFields?
  {
    let b = source.head
    if range.lowerBound < b.count {
      let start =
        b.matches("Exif\0\0", at: range.lowerBound) ? range.lowerBound + 6 : range.lowerBound
      let end = range.upperBound
      guard
        let tiff = TIFFBlock(
          bytes: b, start: start, end: min(end, b.count), truncated: end > b.count)
      else { return nil }
      return ExifParser.parse(tiff)
    }
    let wanted = range.lowerBound..<min(range.upperBound, range.lowerBound + maxMetadataChunkBytes)
    guard let bytes = source.bytes(wanted) else { return nil }
    return bytes.withUnsafeBytes { raw in
      let c = ByteView(raw)
      let start = c.matches("Exif\0\0", at: 0) ? 6 : 0
      guard
        let tiff = TIFFBlock(bytes: c, start: start, end: c.count, truncated: c.count < range.count)
      else { return nil }
      var fields = ExifParser.parse(tiff)
      fields.thumbnail = nil  // offsets in the chunk's copy are not file offsets
      return fields
    }
  }

  /// The dates of the XMP chunk whose data is `range`, in place or from a read of it.
  private static func xmpChunk(_ source: inout RandomAccessSource, _ range: Range<Int>)
    -> XMPDates?
  {
    if range.lowerBound < source.head.count { return XMPDates(source.head, range) }
    let wanted = range.lowerBound..<min(range.upperBound, range.lowerBound + maxMetadataChunkBytes)
    guard let bytes = source.bytes(wanted) else { return nil }
    return bytes.withUnsafeBytes { XMPDates(ByteView($0), 0..<$0.count) }
  }
}

/// Finds the date and time-zone fields of a JPEG's, a TIFF's or a HEIF's EXIF (its Exif item),
/// with where their text lies in the file, for rewriting them in place.
///
/// Only fields whose value is stored in the file at full length are returned (a date of 19
/// characters and a NUL, a zone of 6 and a NUL): a new value of the same length then changes
/// those bytes and nothing else (no offset moves, no IFD grows).
public enum ExifDateLocator {
  /// The fields of the file `bytes` (a whole JPEG, TIFF or HEIF), or nil when the file has no
  /// EXIF this can find (another format, no APP1 "Exif" segment before the first scan, an
  /// Exif item kept in `idat` or in pieces).
  public static func fields(in bytes: [UInt8]) -> [ExifDateField]? {
    bytes.withUnsafeBytes { raw in
      let b = ByteView(raw)
      guard let tiff = tiffBlock(b) else { return nil }
      return fields(tiff)
    }
  }

  /// The TIFF structure holding the EXIF: a JPEG's first APP1 "Exif" segment, a HEIF's Exif
  /// item, or a TIFF file.
  static func tiffBlock(_ b: ByteView) -> TIFFBlock? {
    if b.matches("ftyp", at: 4) {
      // The item's first extent, by file offset; it starts with the offset of its TIFF
      // header after that 4-byte field (usually 6: "Exif\0\0").
      guard let extent = HEIFScanner.locate(b).exif, extent.upperBound <= b.count,
        let headerOffset = b.u32be(extent.lowerBound)
      else { return nil }
      return TIFFBlock(
        bytes: b, start: extent.lowerBound + 4 + headerOffset, end: extent.upperBound,
        truncated: false)
    }
    if b.u8(0) == 0xFF, b.u8(1) == 0xD8 {
      var pos = 2
      while pos + 3 < b.count {
        guard b.byte(pos) == 0xFF else { return nil }
        let marker = b.byte(pos + 1)
        if marker == 0xFF {
          pos += 1
          continue
        }
        if marker == 0xD9 || marker == 0xDA { return nil }
        guard let length = b.u16be(pos + 2), length >= 2 else { return nil }
        let body = pos + 4
        let end = pos + 2 + length
        guard end <= b.count else { return nil }
        if marker == 0xE1, b.matches("Exif\0", at: body) {
          return TIFFBlock(bytes: b, start: body + 6, end: end, truncated: false)
        }
        pos = end
      }
      return nil
    }
    return TIFFBlock(bytes: b, start: 0, end: b.count, truncated: false)
  }

  /// The date fields of IFD0 and the Exif IFD.
  static func fields(_ tiff: TIFFBlock) -> [ExifDateField] {
    var found: [ExifDateField] = []
    var exifPointer: Int?
    func take(_ entry: TIFFBlock.Entry) {
      guard let kind = ExifDateField.Kind.allCases.first(where: { $0.tag == entry.tag }),
        entry.type == 2, entry.count == kind.textLength + 1, entry.valueOffset >= 0
      else { return }
      let first = tiff.start + entry.valueOffset
      let range = first..<(first + kind.textLength)
      // Printable ASCII then the NUL: anything else is not a field to rewrite.
      guard tiff.bytes.buffer[range.upperBound] == 0,
        range.allSatisfy({ (0x20...0x7E).contains(tiff.bytes.buffer[$0]) })
      else { return }
      found.append(ExifDateField(kind: kind, range: range, text: tiff.bytes.string(range)))
    }
    guard let ifd0 = tiff.firstIFDOffset else { return [] }
    _ = tiff.walkIFD(at: ifd0) { entry in
      if entry.tag == 0x8769 {
        exifPointer = tiff.ifdPointer(entry)
      } else if entry.tag == ExifDateField.Kind.modifyDate.tag {
        take(entry)
      }
    }
    if let exif = exifPointer, exif != ifd0 {
      _ = tiff.walkIFD(at: exif) { entry in
        if entry.tag != ExifDateField.Kind.modifyDate.tag { take(entry) }
      }
    }
    return found
  }
}

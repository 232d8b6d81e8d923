/// Apple's MakerNote (EXIF 0x927C in an iPhone's JPEG or HEIF): "Apple iOS\0", a version,
/// the byte order ("MM"), then an IFD at offset 14 whose value offsets count from the
/// note's first byte (exiftool's Apple.pm layout).
enum AppleMakerNote {
  static let signature = Array("Apple iOS".utf8) + [0]

  /// Tag 0x0011, ContentIdentifier: the UUID a Live Photo's still shares with its movie.
  static func contentIdentifier(_ tiff: TIFFBlock, _ entry: TIFFBlock.Entry) -> String? {
    guard entry.valueOffset >= 0, entry.type == 7, entry.count >= 16 + 2 else { return nil }
    let first = tiff.start + entry.valueOffset
    let buffer = tiff.bytes.buffer
    guard first + entry.count <= buffer.count,
      signature.indices.allSatisfy({ buffer[first + $0] == signature[$0] })
    else { return nil }
    let littleEndian: Bool
    switch (buffer[first + 12], buffer[first + 13]) {
    case (0x4D, 0x4D): littleEndian = false
    case (0x49, 0x49): littleEndian = true
    default: return nil
    }
    guard
      let note = TIFFBlock(
        bytes: tiff.bytes, start: first, length: entry.count, littleEndian: littleEndian)
    else { return nil }
    var identifier: String?
    _ = note.walkIFD(at: 14) { field in
      if field.tag == 0x0011, field.type == 2 {
        identifier = note.string(field, trimSpaces: true)
      }
    }
    // An identifier is a UUID: printable ASCII only, so nothing odd reaches the catalog.
    guard let identifier, (1...64).contains(identifier.utf8.count),
      identifier.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
    else { return nil }
    return identifier
  }
}

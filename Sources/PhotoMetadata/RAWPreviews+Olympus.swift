extension RAWPreviews {
  /// The preview JPEG an Olympus maker note names, as a file range, or nil.
  ///
  /// Olympus ORF files keep their large preview (1280×960, or full size on later bodies) in
  /// the maker note, not in an IFD of the file: ExifIFD → MakerNote (0x927C) → CameraSettings
  /// (0x2020) → PreviewImageStart/Length (0x0101/0x0102). Two maker-note kinds exist:
  /// - "OLYMPUS\0" + byte order + version (E-M10, E-M1, PEN…): its IFD starts 12 bytes in,
  ///   and every offset in it counts from the note's first byte.
  /// - "OLYMP\0" + version (E-500 and older): its IFD starts 8 bytes in, and offsets count
  ///   from the file's own TIFF header.
  static func olympusPreview(_ tiff: TIFFBlock, exifIFD: Int) -> Range<Int>? {
    var note: (offset: Int, count: Int)?
    _ = tiff.walkIFD(at: exifIFD) { entry in
      if entry.tag == 0x927C, entry.valueOffset >= 0 {
        note = (entry.valueOffset, entry.count)
      }
    }
    guard let note, note.count >= 16 else { return nil }
    let b = tiff.bytes
    let first = tiff.start + note.offset
    let noteBlock: TIFFBlock
    let ifd: Int
    if b.matches("OLYMPUS\0", at: first) {
      let order = (b.u8(first + 8), b.u8(first + 9))
      guard order == (0x49, 0x49) || order == (0x4D, 0x4D) else { return nil }
      // The note's offsets may point past its own bytes (the preview lies after it), so the
      // block runs to the end of the file's TIFF block.
      guard
        let block = TIFFBlock(
          bytes: b, start: first, end: tiff.start + tiff.length,
          littleEndian: order.0 == 0x49, truncated: tiff.truncated)
      else { return nil }
      noteBlock = block
      ifd = 12
    } else if b.matches("OLYMP\0", at: first) {
      noteBlock = tiff
      ifd = note.offset + 8
    } else {
      return nil
    }
    var settings: Int?
    _ = noteBlock.walkIFD(at: ifd) { entry in
      if entry.tag == 0x2020 { settings = noteBlock.ifdPointer(entry) }
    }
    guard let settings else { return nil }
    var start: Int?
    var length: Int?
    _ = noteBlock.walkIFD(at: settings) { entry in
      switch entry.tag {
      case 0x0101: start = noteBlock.integer(entry)
      case 0x0102: length = noteBlock.integer(entry)
      default: break
      }
    }
    guard let start, let length, start > 0, length > 0 else { return nil }
    return (noteBlock.start + start)..<(noteBlock.start + start + length)
  }
}

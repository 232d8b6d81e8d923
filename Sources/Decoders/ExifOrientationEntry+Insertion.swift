extension ExifOrientationEntry {
  /// `jpeg` given an IFD0 Orientation entry of value 1 (upright, what a file without one
  /// means), so that a JPEG `tjTransform` cannot turn (partial MCUs) and that has no entry
  /// can still be turned by the tag. Nil when it already has one (of a type that cannot be
  /// rewritten), its Exif segment is damaged, or the segment would pass 64 KB.
  ///
  /// With an Exif segment, a copy of IFD0 with the entry added (tags stay in ascending
  /// order) is appended to the segment and the TIFF header points to it: nothing already in
  /// the segment moves, so no offset in it (a maker note's own included) changes; the old
  /// IFD0 stays as unused bytes. Without one, a minimal Exif segment is added after SOI (and
  /// after a JFIF APP0, which must come first).
  static func adding(to jpeg: [UInt8]) -> [UInt8]? {
    guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return nil }
    guard exifSegment(in: jpeg) != nil else { return insertingSegment(into: jpeg) }
    guard let layout = ExifSegmentLayout(in: jpeg) else { return nil }
    let tags = layout.ifd0Tags(jpeg)
    guard !tags.contains(0x0112) else { return nil }
    let entry =
      layout.bytes(0x0112, count: 2) + layout.bytes(3, count: 2) + layout.bytes(1, count: 4)
      + layout.bytes(1, count: 2) + [0, 0]
    let at = tags.firstIndex { $0 > 0x0112 } ?? tags.count
    let entries = layout.ifd0 + 2
    var ifd = layout.bytes(tags.count + 1, count: 2)
    ifd += jpeg[entries..<(entries + 12 * at)]
    ifd += entry
    ifd += jpeg[(entries + 12 * at)..<(layout.nextPointer + 4)]
    guard let (out, offset) = layout.appending(ifd, to: jpeg) else { return nil }
    var pointed = out
    layout.put32(offset, at: layout.tiff + 4, in: &pointed)
    return pointed
  }

  /// `jpeg` with a new APP1 segment holding "Exif\0\0" and a big-endian TIFF structure whose
  /// IFD0 is one Orientation entry of value 1.
  private static func insertingSegment(into jpeg: [UInt8]) -> [UInt8] {
    let tiff: [UInt8] =
      [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]  // header, IFD0 at 8
      + [0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 1, 0, 0]  // one entry: Orientation = 1
      + [0, 0, 0, 0]  // no IFD1
    let body = Array("Exif".utf8) + [0, 0] + tiff
    let segment = [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
    var at = 2
    // A JFIF APP0 right after SOI stays first, as JFIF requires.
    if jpeg.count >= 11, jpeg[2] == 0xFF, jpeg[3] == 0xE0,
      Array(jpeg[6..<11]) == Array("JFIF".utf8) + [0]
    {
      let length = Int(jpeg[4]) << 8 | Int(jpeg[5])
      if 4 + length <= jpeg.count { at = 4 + length }
    }
    var out = jpeg
    out.insert(contentsOf: segment, at: at)
    return out
  }
}

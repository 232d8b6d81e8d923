import PhotoModel

extension MetadataReader {
  /// Size and orientation from IFD0 of a BigTIFF (magic 43: 8-byte offsets and counts,
  /// 20-byte entries), whose values fit in their entries. Scanners and microscopes write
  /// these; no camera does, so nothing else (EXIF, dates) is looked for.
  ///
  /// IFD0 is read through `source`: writers that stream the image data first put it at the
  /// end of the file, past the head.
  static func readBigTIFF(_ source: inout RandomAccessSource, into metadata: inout PhotoMetadata) {
    let b = source.head
    let little = b.matches("II", at: 0)
    guard little ? b.u16le(4) == 8 : b.u16be(4) == 8, let ifd = u64(b, 8, little),
      let countBytes = source.bytes(ifd..<(ifd + 8)),
      let count = countBytes.withUnsafeBytes({ u64(ByteView($0), 0, little) })
    else { return }
    let entries = min(count, 512)
    guard entries > 0, let table = source.bytes((ifd + 8)..<(ifd + 8 + entries * 20)) else {
      return
    }
    table.withUnsafeBytes { raw in
      let t = ByteView(raw)
      func u16(_ at: Int) -> Int? { little ? t.u16le(at) : t.u16be(at) }
      var width: Int?
      var height: Int?
      for index in 0..<(t.count / 20) {
        let at = index * 20
        guard let tag = u16(at), let type = u16(at + 2) else { break }
        // SHORT, LONG or LONG8 values, stored in the entry itself.
        let value: Int? =
          switch type {
          case 3: u16(at + 12)
          case 4: little ? t.u32le(at + 12) : t.u32be(at + 12)
          case 16: u64(t, at + 12, little)
          default: nil
          }
        switch tag {
        case 0x0100: width = value
        case 0x0101: height = value
        case 0x0112: metadata.exifOrientation = value
        default: break
        }
      }
      if let width, let height { metadata.pixelSize = PixelSize(width: width, height: height) }
    }
  }

  /// An 8-byte BigTIFF value below 2³² (offsets and sizes past that are not followed).
  private static func u64(_ b: ByteView, _ at: Int, _ little: Bool) -> Int? {
    guard let low = little ? b.u32le(at) : b.u32be(at + 4),
      let high = little ? b.u32le(at + 4) : b.u32be(at), high == 0
    else { return nil }
    return low
  }
}

import PhotoModel

extension MetadataReader {
  /// Size and orientation from IFD0 of a BigTIFF (magic 43: 8-byte offsets and counts,
  /// 20-byte entries), whose values fit in their entries. Scanners and microscopes write
  /// these; no camera does, so nothing else (EXIF, dates) is looked for.
  static func readBigTIFF(_ b: ByteView, into metadata: inout PhotoMetadata) {
    let little = b.matches("II", at: 0)
    func u16(_ at: Int) -> Int? { little ? b.u16le(at) : b.u16be(at) }
    func u64(_ at: Int) -> Int? {
      guard let low = little ? b.u32le(at) : b.u32be(at + 4),
        let high = little ? b.u32le(at + 4) : b.u32be(at), high == 0
      else { return nil }
      return low
    }
    guard u16(4) == 8, let ifd = u64(8), let count = u64(ifd) else { return }
    var width: Int?
    var height: Int?
    for index in 0..<min(count, 512) {
      let at = ifd + 8 + index * 20
      guard let tag = u16(at), let type = u16(at + 2) else { break }
      // SHORT, LONG or LONG8 values, stored in the entry itself.
      let value: Int? =
        switch type {
        case 3: u16(at + 12)
        case 4: little ? b.u32le(at + 12) : b.u32be(at + 12)
        case 16: u64(at + 12)
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

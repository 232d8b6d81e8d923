extension ImageDataLayout {
  /// Chunks that say what the pixels are (type and data hashed): the header, the palette and
  /// its transparency, and APNG's frames.
  static let pngPictureChunks: Set<String> = ["IHDR", "PLTE", "tRNS", "acTL", "fcTL", "fdAT"]

  /// A PNG's image data: the picture chunks (`pngPictureChunks`) and the data of the IDAT
  /// chunks — their zlib stream, not how it is cut into chunks, so a file re-chunked by an
  /// optimiser that kept the stream still matches. Text, EXIF, time and colour chunks are
  /// metadata here.
  static func png(_ b: UnsafeRawBufferPointer) -> Result<ImageDataLayout, ImageDataError> {
    let r = ByteReader(b)
    var layout = ImageDataLayout(kind: .png, ranges: [])
    var p = 8
    var first = true
    while true {
      guard let length = r.u32(p), p + 8 <= b.count else {
        return .failure(ImageDataError("PNG: ends at byte \(p) before its IEND chunk (truncated)"))
      }
      let type = r.tag(p + 4)
      let dataStart = p + 8
      guard length <= 0x7FFF_FFFF, dataStart + length + 4 <= b.count else {
        return .failure(
          ImageDataError("PNG: chunk \(type) at byte \(p) runs past the end of the file"))
      }
      if first, type != "IHDR" {
        return .failure(ImageDataError("PNG: first chunk is \(type), not IHDR"))
      }
      first = false
      if type == "IEND" { return .success(layout) }
      if type == "IDAT" {
        layout.append(dataStart..<(dataStart + length))
      } else if pngPictureChunks.contains(type) {
        layout.append((p + 4)..<(dataStart + length))
      }
      p = dataStart + length + 4
    }
  }
}

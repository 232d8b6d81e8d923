#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ImageDataLayout {
  /// A JPEG's image data: every marker segment but APPn (EXIF, XMP, ICC, maker data) and COM,
  /// and the entropy-coded data of every scan, up to and with EOI. What follows EOI (a
  /// phone's trailer, MPF's second pictures) is left out.
  static func jpeg(_ b: UnsafeRawBufferPointer) -> Result<ImageDataLayout, ImageDataError> {
    let r = ByteReader(b)
    var layout = ImageDataLayout(kind: .jpeg, ranges: [])
    let n = b.count
    func truncated(_ at: Int) -> ImageDataError {
      ImageDataError("JPEG: ends at byte \(at) before its EOI marker (truncated)")
    }
    var p = 2  // after SOI
    var inScan = false
    while true {
      if inScan {
        // Entropy-coded data: up to the next marker that is neither a stuffed 0xFF00 nor a
        // restart marker. memchr finds the 0xFF bytes (about one byte in 200 of a scan).
        let start = p
        var q = p
        while true {
          guard q < n, let base = b.baseAddress,
            let found = memchr(base + q, 0xFF, n - q)
          else { return .failure(truncated(n)) }
          q = base.distance(to: UnsafeRawPointer(found)) + 1
          while q < n, b[q] == 0xFF { q += 1 }  // fill bytes
          guard q < n else { return .failure(truncated(n)) }
          let m = b[q]
          if m == 0x00 || (0xD0...0xD7).contains(m) {
            q += 1
            continue
          }
          break
        }
        layout.append(start..<(q - 1))
        p = q - 1
        inScan = false
      }
      guard p < n else { return .failure(truncated(n)) }
      guard b[p] == 0xFF else {
        return .failure(
          ImageDataError("JPEG: no marker at byte \(p) (0x\(String(b[p], radix: 16)))"))
      }
      var q = p + 1
      while q < n, b[q] == 0xFF { q += 1 }  // fill bytes before a marker
      guard q < n else { return .failure(truncated(n)) }
      let marker = b[q]
      let markerAt = q - 1
      if marker == 0xD9 {
        layout.append(markerAt..<(q + 1))
        return .success(layout)
      }
      // Markers without a length: TEM, RSTn, a second SOI.
      if marker == 0x01 || marker == 0xD8 || (0xD0...0xD7).contains(marker) {
        p = q + 1
        continue
      }
      guard let length = r.u16(q + 1) else { return .failure(truncated(n)) }
      let end = q + 1 + length
      guard length >= 2 else {
        return .failure(ImageDataError("JPEG: segment at byte \(markerAt) has length \(length)"))
      }
      guard end <= n else {
        return .failure(
          ImageDataError("JPEG: segment at byte \(markerAt) runs past the end of the file"))
      }
      let isMetadata = (0xE0...0xEF).contains(marker) || marker == 0xFE
      if !isMetadata { layout.append(markerAt..<end) }
      p = end
      if marker == 0xDA { inScan = true }
    }
  }
}

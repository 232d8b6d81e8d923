/// What a walk over a JPEG's marker segments (up to the first scan) finds; used where
/// TurboJPEG's own header reader says too little.
struct JPEGMarkers {
  /// From the first SOFn segment, when there is one.
  var width = 0
  var height = 0
  var components = 0
  var hasFrame = false
  /// An APP14 "Adobe" segment: Adobe applications store CMYK inverted (0 = full ink),
  /// which is what almost every CMYK JPEG is.
  var hasAdobe = false

  /// Walks the segments of `data` (which starts with SOI) up to SOS or EOI, skipping junk
  /// between segments. Every read is bounds-checked.
  init(_ data: UnsafeBufferPointer<UInt8>) {
    var i = 2
    while i + 4 <= data.count {
      guard data[i] == 0xFF else {
        i += 1  // Junk between segments: libjpeg skips it with a warning, and so do we.
        continue
      }
      let marker = data[i + 1]
      if marker == 0xFF {
        i += 1  // Fill byte before a marker.
        continue
      }
      if marker == 0xDA || marker == 0xD9 { return }
      if marker == 0x01 || (0xD0...0xD7).contains(marker) {
        i += 2  // Markers without a length.
        continue
      }
      let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
      guard length >= 2 else { return }
      let body = i + 4
      // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC).
      let isFrame =
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8
        && marker != 0xCC
      if isFrame && !hasFrame && length >= 8 && body + 6 <= data.count {
        height = Int(data[body + 1]) << 8 | Int(data[body + 2])
        width = Int(data[body + 3]) << 8 | Int(data[body + 4])
        components = Int(data[body + 5])
        hasFrame = true
      }
      if marker == 0xEE && length >= 7 && body + 5 <= data.count {
        let id: [UInt8] = [0x41, 0x64, 0x6F, 0x62, 0x65]  // "Adobe"
        if (0..<5).allSatisfy({ data[body + $0] == id[$0] }) { hasAdobe = true }
      }
      i += 2 + length
    }
  }
}

import Pixels

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
  /// A progressive frame (SOF2, SOF6, SOF10, SOF14).
  var isProgressive = false
  /// Each component's horizontal and vertical sampling factor, from the frame.
  var sampling: [(h: Int, v: Int)] = []
  /// Components in the first scan, when the walk reached one.
  var firstScanComponents: Int?

  /// True when libjpeg must hold every DCT coefficient of the image before it can output
  /// a pixel: progressive files, and sequential ones whose first scan leaves components out.
  var buffersWholeImage: Bool {
    isProgressive || (firstScanComponents.map { $0 < components } ?? false)
  }

  /// Bytes of the whole-image coefficient arrays libjpeg allocates for such a file (64
  /// 16-bit coefficients per 8×8 block of each component, at its sampling), or nil when the
  /// frame does not say.
  var coefficientBytes: Int? {
    guard hasFrame, !sampling.isEmpty, sampling.count == components else { return nil }
    let hMax = sampling.map(\.h).max() ?? 1
    let vMax = sampling.map(\.v).max() ?? 1
    guard hMax > 0, vMax > 0 else { return nil }
    var total = 0
    for factor in sampling {
      // The component's size in blocks, padded to whole MCUs as libjpeg pads it.
      let mcuWidth = (width + 8 * hMax - 1) / (8 * hMax)
      let mcuHeight = (height + 8 * vMax - 1) / (8 * vMax)
      total += mcuWidth * factor.h * mcuHeight * factor.v * 128
    }
    return total
  }

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
      if marker == 0xDA {
        if i + 4 < data.count { firstScanComponents = Int(data[i + 4]) }
        return
      }
      if marker == 0xD9 { return }
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
        isProgressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(marker)
        for k in 0..<components where body + 6 + 3 * k + 1 < data.count {
          let factors = data[body + 6 + 3 * k + 1]
          sampling.append((h: Int(factors >> 4), v: Int(factors & 0x0F)))
        }
      }
      if marker == 0xEE && length >= 7 && body + 5 <= data.count {
        let id: [UInt8] = [0x41, 0x64, 0x6F, 0x62, 0x65]  // "Adobe"
        if (0..<5).allSatisfy({ data[body + $0] == id[$0] }) { hasAdobe = true }
      }
      i += 2 + length
    }
  }
}

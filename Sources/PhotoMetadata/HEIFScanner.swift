import PhotoModel

/// Reads the image size of a HEIF/AVIF file from its `ispe` properties
/// (meta → iprp → ipco → ispe). Best effort: the largest one is the primary image (the others
/// are grid tiles and thumbnails), and nothing is found when `meta` is beyond the head.
enum HEIFScanner {
  static func scan(_ b: ByteView) -> PixelSize? {
    var best: PixelSize?
    forEachBox(b, in: 0..<b.count) { type, content in
      guard type == fourCC("meta") else { return true }
      // meta is a full box: version and flags come first.
      let children = min(content.lowerBound + 4, content.upperBound)..<content.upperBound
      forEachBox(b, in: children) { type, content in
        guard type == fourCC("iprp") else { return true }
        forEachBox(b, in: content) { type, content in
          guard type == fourCC("ipco") else { return true }
          forEachBox(b, in: content) { type, content in
            if type == fourCC("ispe"), let w = b.u32be(content.lowerBound + 4),
              let h = b.u32be(content.lowerBound + 8), content.count >= 12
            {
              let size = PixelSize(width: w, height: h)
              if best.map({ size.area > $0.area }) ?? true { best = size }
            }
            return true
          }
          return false
        }
        return false
      }
      return false
    }
    return best
  }

  /// Calls `body` with the type and content range (clamped to `range`) of each box in
  /// `range` until it returns false or the boxes run out.
  static func forEachBox(
    _ b: ByteView, in range: Range<Int>, _ body: (UInt32, Range<Int>) -> Bool
  ) {
    var pos = range.lowerBound
    while pos <= range.upperBound - 8, let size32 = b.u32be(pos), let type = b.fourCC(pos + 4) {
      var header = 8
      var size = size32
      if size32 == 1 {
        guard let large = b.u64be(pos + 8), large <= UInt64(Int32.max) else { return }
        header = 16
        size = Int(large)
      } else if size32 == 0 {
        size = range.upperBound - pos  // extends to the end of the enclosing box
      }
      guard size >= header else { return }
      let end = pos + size
      let contentStart = min(pos + header, range.upperBound)
      guard body(type, contentStart..<max(contentStart, min(end, range.upperBound))) else {
        return
      }
      pos = end
    }
  }
}

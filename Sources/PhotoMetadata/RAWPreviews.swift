import PhotoModel

/// Finds the JPEG previews a camera RAW file carries, so a browser shows RAW files the way
/// cameras and photo apps do: through the largest embedded preview, never by demosaicing.
///
/// Layouts walked (each a real camera's):
/// - TIFF-structured RAWs (Canon CR2, Nikon NEF, Sony ARW, Adobe DNG, Pentax PEF, Olympus
///   ORF, Panasonic RW2): every IFD of the IFD0 chain and their SubIFDs (0x014A), with
///   JPEGInterchangeFormat/Length (0x0201/0x0202), or a single JPEG-compressed strip
///   (Compression 6/7 with a baseline or progressive frame, not DNG's lossless raw data),
///   and RW2's JpgFromRaw (0x002E, the whole JPEG inline).
/// - Canon CR3 (ISO-BMFF): the `PRVW` box of the preview `uuid` box and the `THMB` box.
/// - Olympus ORF: also the preview in the maker note's CameraSettings IFD
///   (`RAWPreviews+Olympus.swift`), the only full-size one such files carry.
/// - Fujifilm RAF: the JPEG offset and length of the header (bytes 84 and 88).
///
/// A candidate whose range runs past the end of the file is dropped (a truncated file
/// falls back to the next smaller preview). Bounded work on hostile input.
public enum RAWPreviews {
  /// One embedded JPEG: its file range and, when its frame was in the bytes, its size.
  public struct Preview: Sendable, Equatable {
    public var range: Range<Int>
    public var size: PixelSize?
  }

  /// The previews in `bytes` (the whole file, or its head with `fileSize` the full length),
  /// largest first (unknown sizes last, longer ranges first among them).
  public static func candidates(in bytes: [UInt8], fileSize: Int? = nil) -> [Preview] {
    bytes.withUnsafeBytes { candidates(ByteView($0), fileSize: fileSize ?? bytes.count) }
  }

  static func candidates(_ b: ByteView, fileSize: Int) -> [Preview] {
    var ranges: [Range<Int>] = []
    if b.matches("FUJIFILMCCD-RAW", at: 0) {
      if let offset = b.u32be(84), let length = b.u32be(88), length > 0 {
        ranges.append(offset..<(offset + length))
      }
    } else if b.matches("ftyp", at: 4) {
      ranges += canonCR3(b)
    } else if let tiff = TIFFBlock(bytes: b, start: 0, end: b.count, truncated: true) {
      ranges += tiffPreviews(tiff)
    }
    // A preview's own EXIF thumbnail counts too: pruned sample files (and some cameras)
    // keep a tiny preview whose IFD1 thumbnail is the larger picture.
    for range in ranges {
      if let thumbnail = exifThumbnail(b, jpeg: range) { ranges.append(thumbnail) }
    }
    var previews: [Preview] = []
    for range in ranges where range.lowerBound >= 8 && range.upperBound <= fileSize {
      guard !previews.contains(where: { $0.range == range }) else { continue }
      // Only ranges that start a JPEG count when their start is in the bytes at hand.
      if range.lowerBound + 3 <= b.count {
        guard b.byte(range.lowerBound) == 0xFF, b.byte(range.lowerBound + 1) == 0xD8 else {
          continue
        }
      }
      let frame = self.frame(b, range)
      if frame.isLossless { continue }
      previews.append(Preview(range: range, size: frame.size))
    }
    return previews.sorted { a, b in
      switch (a.size, b.size) {
      case (let x?, let y?): return x.area > y.area
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return a.range.count > b.range.count
      }
    }
  }

  /// The frame size of the JPEG at `range`, from the bytes at hand; nil when the frame is
  /// not among them, or when it is a lossless (raw data) frame.
  static func frameSize(_ b: ByteView, _ range: Range<Int>) -> PixelSize? {
    frame(b, range).size
  }

  /// The JPEG frame at `range`: its size when found, and whether it is lossless (SOF3:
  /// DNG's and CR2's raw data, not a picture TurboJPEG can show).
  static func frame(_ b: ByteView, _ range: Range<Int>) -> (size: PixelSize?, isLossless: Bool) {
    guard let (marker, size) = startOfFrame(b, range) else { return (nil, false) }
    return marker == 0xC3 ? (nil, true) : (size, false)
  }

  private static func startOfFrame(_ b: ByteView, _ range: Range<Int>) -> (Int, PixelSize?)? {
    guard range.lowerBound >= 0, range.lowerBound + 4 <= b.count else { return nil }
    let end = min(range.upperBound, b.count)
    var pos = range.lowerBound + 2
    var budget = 256
    while pos + 4 <= end, budget > 0 {
      budget -= 1
      guard b.byte(pos) == 0xFF else { return nil }
      let marker = b.byte(pos + 1)
      if marker == 0xFF {
        pos += 1
        continue
      }
      guard let length = b.u16be(pos + 2), length >= 2 else { return nil }
      if JPEGScanner.isStartOfFrame(marker) {
        guard let h = b.u16be(pos + 5), let w = b.u16be(pos + 7), w > 0, h > 0 else {
          return (marker, nil)
        }
        return (marker, PixelSize(width: w, height: h))
      }
      if marker == 0xDA { return nil }
      pos += 2 + length
    }
    return nil
  }

  /// The IFD1 thumbnail of the JPEG at `range`, from its APP1 Exif segment.
  private static func exifThumbnail(_ b: ByteView, jpeg range: Range<Int>) -> Range<Int>? {
    // A signed (SLONG, SSHORT) JPEGInterchangeFormat gives a range before the file: the
    // walk below reads `b.byte` unchecked, so it starts only inside the bytes (found by
    // `scripts/fuzz tiff` with ASan).
    guard range.lowerBound >= 0 else { return nil }
    var pos = range.lowerBound + 2
    var budget = 32
    while pos + 10 <= min(range.upperBound, b.count), budget > 0, b.byte(pos) == 0xFF {
      budget -= 1
      let marker = b.byte(pos + 1)
      guard marker != 0xDA, let length = b.u16be(pos + 2), length >= 2 else { return nil }
      let end = min(pos + 2 + length, b.count)
      if marker == 0xE1, b.matches("Exif\0", at: pos + 4),
        let tiff = TIFFBlock(bytes: b, start: pos + 10, end: end, truncated: false)
      {
        return ExifParser.parse(tiff).thumbnail
      }
      pos += 2 + length
    }
    return nil
  }

  /// The most IFDs `tiffPreviews` reads, IFDs it queues and ranges it returns: a camera's
  /// RAW has a handful of each.
  static let maxIFDs = 32
  static let maxQueuedIFDs = 64
  static let maxRanges = 64

  /// JPEG ranges named by the IFDs of a TIFF-structured RAW.
  ///
  /// Linear in the bytes at hand: an IFD's Exif pointer is followed once, after its walk
  /// (a table of thousands of 0x8769 entries made a walk per entry, seconds for a 128 KB
  /// head), and the queues of IFDs and ranges are capped.
  private static func tiffPreviews(_ tiff: TIFFBlock) -> [Range<Int>] {
    var work = PreviewWalk()
    return tiffPreviews(tiff, work: &work)
  }

  /// What one `tiffPreviews` read: IFDs walked, Exif IFDs walked for a maker note, IFDs
  /// queued. Its bounds are tested by these counts, not by a clock.
  struct PreviewWalk {
    var ifds = 0
    var exifWalks = 0
    var queued = 0
  }

  /// `tiffPreviews`, counting its work in `work`.
  static func tiffPreviews(_ tiff: TIFFBlock, work: inout PreviewWalk) -> [Range<Int>] {
    var found: [Range<Int>] = []
    var queue: [Int] = tiff.firstIFDOffset.map { [$0] } ?? []
    var visited: Set<Int> = []
    var next = 0
    while next < queue.count, visited.count < maxIFDs, found.count < maxRanges {
      let offset = queue[next]
      next += 1
      guard visited.insert(offset).inserted else { continue }
      work.ifds += 1
      var jpegOffset: Int?
      var jpegLength: Int?
      var compression: Int?
      var stripOffset: Int?
      var stripLength: Int?
      var stripCount = 0
      var exifIFD: Int?
      let following = tiff.walkIFD(at: offset) { entry in
        switch entry.tag {
        case 0x0201: jpegOffset = tiff.integer(entry)
        case 0x0202: jpegLength = tiff.integer(entry)
        case 0x0103: compression = tiff.integer(entry)
        case 0x0111:
          stripCount = entry.count
          stripOffset = tiff.integer(entry)
        case 0x0117: stripLength = tiff.integer(entry)
        case 0x002E:
          // Panasonic JpgFromRaw: the JPEG itself is the value (UNDEFINED bytes).
          if entry.valueOffset >= 0, entry.count > 4, found.count < maxRanges {
            let start = tiff.start + entry.valueOffset
            found.append(start..<(start + entry.count))
          }
        case 0x8769:
          if exifIFD == nil { exifIFD = tiff.ifdPointer(entry) }
        case 0x014A:
          for index in 0..<min(entry.count, 8) where queue.count < maxQueuedIFDs {
            if let sub = tiff.integer(entry, index: index), entry.type == 4 || entry.type == 13 {
              queue.append(sub)
            }
          }
        default: break
        }
      }
      if let exifIFD {
        work.exifWalks += 1
        if let preview = olympusPreview(tiff, exifIFD: exifIFD) { found.append(preview) }
      }
      if let start = jpegOffset, let length = jpegLength, length > 0 {
        found.append((tiff.start + start)..<(tiff.start + start + length))
      }
      if compression == 6 || compression == 7, stripCount == 1, let start = stripOffset,
        let length = stripLength, length > 0
      {
        found.append((tiff.start + start)..<(tiff.start + start + length))
      }
      if let following, following > 0, queue.count < maxQueuedIFDs { queue.append(following) }
    }
    work.queued = queue.count
    return found
  }

  /// The PRVW and THMB JPEGs of a Canon CR3.
  private static func canonCR3(_ b: ByteView) -> [Range<Int>] {
    var found: [Range<Int>] = []
    var budget = 512
    func walk(_ range: Range<Int>, depth: Int) {
      HEIFScanner.forEachBox(b, in: range) { type, content in
        budget -= 1
        guard budget > 0 else { return false }
        switch type {
        case fourCC("moov"):
          walk(content, depth: depth + 1)
        case fourCC("uuid") where depth < 3:
          // The 16-byte extended type first; the preview uuid has 8 bytes of header more.
          let children = content.lowerBound + 16
          let skip = b.fourCC(children + 12) == fourCC("PRVW") ? 8 : 0
          walk(min(children + skip, content.upperBound)..<content.upperBound, depth: depth + 1)
        case fourCC("PRVW"), fourCC("THMB"):
          if let jpeg = cr3JPEG(b, in: content) { found.append(jpeg) }
        default: break
        }
        return true
      }
    }
    walk(0..<b.count, depth: 0)
    return found
  }

  /// The JPEG inside a PRVW/THMB box: the SOI within 32 bytes of the box's start, its
  /// length the u32 4 bytes before it (PRVW: 4 unknown, u16 1, width, height, u16 1,
  /// length) or 8 bytes before it (THMB: version and flags, width, height, length, 4
  /// unknown). A length past the box (a truncated file) drops the preview.
  private static func cr3JPEG(_ b: ByteView, in content: Range<Int>) -> Range<Int>? {
    var at = content.lowerBound + 4
    while at + 2 <= min(content.lowerBound + 32, b.count) {
      if b.byte(at) == 0xFF, b.byte(at + 1) == 0xD8 {
        for lengthAt in [at - 4, at - 8] where lengthAt >= content.lowerBound {
          // A box cut short by the bytes at hand (the head) may still hold it whole in the
          // file: `candidates` checks the range against the file's size.
          let boxEnd = content.upperBound == b.count ? Int.max : content.upperBound
          if let length = b.u32be(lengthAt), length > 2, at + length <= boxEnd {
            return at..<(at + length)
          }
        }
        return nil
      }
      at += 1
    }
    return nil
  }
}

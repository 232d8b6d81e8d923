import PhotoModel

/// Reads a HEIF/AVIF file's image size from its `ispe` properties (meta → iprp → ipco →
/// ispe), its EXIF from the `Exif` item (meta → iinf names it, iloc locates it) and the
/// dates of its XMP packet from the `mime` item of type application/rdf+xml.
///
/// Best effort: the largest `ispe` is the primary image (the others are grid tiles and
/// thumbnails). Items stored after the head are read by the caller (see
/// `MetadataReader.read(bytes:loadingItems:)`); nothing is found when `meta` is beyond it.
enum HEIFScanner {
  /// Where the metadata items of a HEIF file are, in file offsets.
  struct Items {
    var size: PixelSize?
    var exif: Range<Int>?
    var xmp: Range<Int>?
  }

  /// The primary size and the file ranges of the Exif and XMP items, from `meta` in `b`.
  static func locate(_ b: ByteView) -> Items {
    var meta: Range<Int>?
    forEachBox(b, in: 0..<b.count) { type, content in
      guard type == fourCC("meta") else { return true }
      // meta is a full box: version and flags come first.
      meta = min(content.lowerBound + 4, content.upperBound)..<content.upperBound
      return false
    }
    var items = Items()
    guard let meta else { return items }
    var exifItem: Int?
    var xmpItem: Int?
    var iloc: Range<Int>?
    forEachBox(b, in: meta) { type, content in
      switch type {
      case fourCC("iprp"): items.size = largestImageSize(b, iprp: content)
      case fourCC("iinf"):
        exifItem = itemID(b, iinf: content, type: fourCC("Exif"))
        xmpItem = itemID(
          b, iinf: content, type: fourCC("mime"), contentType: "application/rdf+xml")
      case fourCC("iloc"): iloc = content
      default: break
      }
      return true
    }
    guard let iloc else { return items }
    items.exif = exifItem.flatMap { firstExtent(b, iloc: iloc, item: $0) }
    items.xmp = xmpItem.flatMap { firstExtent(b, iloc: iloc, item: $0) }
    return items
  }

  static func scan(_ b: ByteView) -> (size: PixelSize?, exif: ExifFields?, xmp: XMPDates?) {
    let items = locate(b)
    return (
      items.size, items.exif.flatMap { exif(b, extent: $0) }, items.xmp.map { XMPDates(b, $0) }
    )
  }

  /// The EXIF of an Exif item whose bytes lie at `extent` in `b` (truncated at its end).
  static func exif(_ b: ByteView, extent: Range<Int>) -> ExifFields? {
    guard let headerOffset = b.u32be(extent.lowerBound) else { return nil }
    // The Exif item starts with the offset of the TIFF header after this 4-byte field.
    let end = min(extent.upperBound, b.count)
    guard
      let tiff = TIFFBlock(
        bytes: b, start: extent.lowerBound + 4 + headerOffset, end: end,
        truncated: extent.upperBound > b.count)
    else { return nil }
    return ExifParser.parse(tiff)
  }

  private static func largestImageSize(_ b: ByteView, iprp: Range<Int>) -> PixelSize? {
    var best: PixelSize?
    forEachBox(b, in: iprp) { type, content in
      guard type == fourCC("ipco") else { return true }
      forEachBox(b, in: content) { type, content in
        if type == fourCC("ispe"), content.count >= 12, let w = b.u32be(content.lowerBound + 4),
          let h = b.u32be(content.lowerBound + 8)
        {
          let size = PixelSize(width: w, height: h)
          if best.map({ size.area > $0.area }) ?? true { best = size }
        }
        return true
      }
      return false
    }
    return best
  }

  /// The item ID of the first `infe` entry of item type `type` (and, for `mime` items,
  /// of content type `contentType`).
  private static func itemID(
    _ b: ByteView, iinf: Range<Int>, type wanted: UInt32, contentType: String? = nil
  ) -> Int? {
    guard let version = b.u8(iinf.lowerBound) else { return nil }
    let entries = iinf.lowerBound + 4 + (version == 0 ? 2 : 4)
    guard entries <= iinf.upperBound else { return nil }
    var found: Int?
    forEachBox(b, in: entries..<iinf.upperBound) { type, content in
      // Only infe version 2 and 3 carry an item type.
      guard type == fourCC("infe"), let v = b.u8(content.lowerBound), v == 2 || v == 3 else {
        return true
      }
      let at = content.lowerBound + 4
      let id = v == 2 ? b.u16be(at) : b.u32be(at)
      let typeAt = at + (v == 2 ? 2 : 4) + 2  // after the protection index
      guard let id, typeAt + 4 <= content.upperBound, b.fourCC(typeAt) == wanted else {
        return true
      }
      if let contentType {
        // item_name NUL, then content_type NUL.
        var p = typeAt + 4
        while p < content.upperBound, b.byte(p) != 0 { p += 1 }
        let start = p + 1
        var end = start
        while end < content.upperBound, b.byte(end) != 0 { end += 1 }
        guard start <= end, end <= content.upperBound, b.string(start..<end) == contentType else {
          return true
        }
      }
      found = id
      return false
    }
    return found
  }

  /// The file range of the first extent of `item` in an `iloc` box (construction method 0,
  /// file offsets only).
  private static func firstExtent(_ b: ByteView, iloc: Range<Int>, item: Int) -> Range<Int>? {
    guard let version = b.u8(iloc.lowerBound), version <= 2,
      let sizes = b.u8(iloc.lowerBound + 4), let sizes2 = b.u8(iloc.lowerBound + 5)
    else { return nil }
    let offsetSize = Int(sizes >> 4)
    let lengthSize = Int(sizes & 0xF)
    let baseOffsetSize = Int(sizes2 >> 4)
    let indexSize = version == 0 ? 0 : Int(sizes2 & 0xF)
    var p = iloc.lowerBound + 6

    /// A 0-, 2-, 4- or 8-byte big-endian field; nil for other sizes or values beyond 2^31.
    func field(_ size: Int) -> Int? {
      defer { p += size }
      guard p + size <= iloc.upperBound else { return nil }
      switch size {
      case 0: return 0
      case 2: return b.u16be(p)
      case 4: return b.u32be(p)
      case 8: return b.u64be(p).flatMap { $0 <= UInt64(Int32.max) ? Int($0) : nil }
      default: return nil
      }
    }

    let idSize = version < 2 ? 2 : 4
    guard let itemCount = field(idSize) else { return nil }
    // Zero-sized fields make extents take no room: bound the work, not just the bytes.
    var budget = 65_536
    for _ in 0..<min(itemCount, 4096) {
      guard let id = field(idSize) else { return nil }
      var method = 0
      if version >= 1 {
        guard let value = field(2) else { return nil }
        method = value & 0xF
      }
      guard field(2) != nil,  // data reference index
        let base = field(baseOffsetSize), let extentCount = field(2)
      else { return nil }
      for index in 0..<extentCount {
        budget -= 1
        guard budget > 0, field(indexSize) != nil, let offset = field(offsetSize),
          let length = field(lengthSize)
        else { return nil }
        guard id == item, index == 0 else { continue }
        guard method == 0 else { return nil }  // data in idat or another item: not handled
        let start = base + offset
        // A length of 0 means "to the end of the file".
        return start..<(length == 0 ? max(start, b.count) : start + length)
      }
    }
    return nil
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

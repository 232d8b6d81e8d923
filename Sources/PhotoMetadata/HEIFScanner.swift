import PhotoModel

/// Reads a HEIF/AVIF file's image size from its `ispe` properties (meta → iprp → ipco →
/// ispe), its EXIF from the `Exif` item (meta → iinf names it, iloc locates it) and the
/// dates of its XMP packet from the `mime` item of type application/rdf+xml.
///
/// Best effort: the largest `ispe` is the primary image (the others are grid tiles and
/// thumbnails). Items stored after the head, and a `meta` box that is not all in it, are
/// read by the caller (see `MetadataReader.read(bytes:loadingItems:)`).
enum HEIFScanner {
  /// Where the metadata items of a HEIF file are, in file offsets.
  struct Items {
    var size: PixelSize?
    var exif: Range<Int>?
    var xmp: Range<Int>?
  }

  /// The file range of the top-level `meta` box as its header declares it, found by
  /// hopping over the top-level boxes (`load` reads each header past the head); nil when it
  /// cannot be found within a few boxes. Samsung writes it after `mdat`; a large one may
  /// start in the head and end past it.
  static func metaRange(head: ByteView, load: (Range<Int>) -> [UInt8]?) -> Range<Int>? {
    var pos = 0
    for _ in 0..<16 {
      var header: [UInt8]
      if pos + 16 <= head.count {
        header = (0..<16).map { UInt8(head.byte(pos + $0)) }
      } else {
        guard let loaded = load(pos..<(pos + 16)), loaded.count >= 8 else { return nil }
        header = loaded
      }
      let (size, type) = header.withUnsafeBytes { raw -> (Int?, UInt32?) in
        let b = ByteView(raw)
        guard let size32 = b.u32be(0) else { return (nil, nil) }
        if size32 == 1 {
          return (b.u64be(8).flatMap { $0 <= UInt64(Int32.max) ? Int($0) : nil }, b.fourCC(4))
        }
        return (size32 >= 8 ? size32 : nil, b.fourCC(4))
      }
      guard let size, let type else { return nil }
      if type == fourCC("meta") { return pos..<(pos + size) }
      pos += size
    }
    return nil
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
    var iprp: Range<Int>?
    var primary: Int?
    forEachBox(b, in: meta) { type, content in
      switch type {
      case fourCC("pitm"):
        primary =
          b.u8(content.lowerBound) == 0
          ? b.u16be(content.lowerBound + 4) : b.u32be(content.lowerBound + 4)
      case fourCC("iprp"): iprp = content
      case fourCC("iinf"):
        exifItem = itemID(b, iinf: content, type: fourCC("Exif"))
        xmpItem = itemID(
          b, iinf: content, type: fourCC("mime"), contentType: "application/rdf+xml")
      case fourCC("iloc"): iloc = content
      default: break
      }
      return true
    }
    if let iprp { items.size = primaryImageSize(b, iprp: iprp, primary: primary) }
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

  /// The displayed size of the primary image: its `ispe`, cropped by its `clap` and turned
  /// by its `irot` of 90° or 270°, as libheif shows it (properties found through `ipma` for
  /// the `pitm` item). Without `pitm`/`ipma`, the largest `ispe` and no transformation.
  private static func primaryImageSize(_ b: ByteView, iprp: Range<Int>, primary: Int?)
    -> PixelSize?
  {
    var properties: [(type: UInt32, content: Range<Int>)] = []
    var associated: [Int]?
    forEachBox(b, in: iprp) { type, content in
      if type == fourCC("ipco") {
        forEachBox(b, in: content) { type, content in
          properties.append((type, content))
          return properties.count < 4096
        }
      } else if type == fourCC("ipma"), let primary {
        associated = associations(b, ipma: content, item: primary)
      }
      return true
    }
    guard let associated else {
      return properties.filter { $0.type == fourCC("ispe") }.compactMap { ispe(b, $0.content) }
        .max { $0.area < $1.area }
    }
    var size: PixelSize?
    var quarterTurn = false
    // Transformations apply in the order they are listed; only the size matters here.
    for index in associated where index >= 1 && index <= properties.count {
      let (type, content) = properties[index - 1]
      switch type {
      case fourCC("ispe"): size = ispe(b, content)
      case fourCC("irot"):
        if let angle = b.u8(content.lowerBound), angle & 1 == 1 { quarterTurn.toggle() }
      case fourCC("clap"):
        // Width and height as fractions N/D; the offsets do not change the size.
        if let wn = b.u32be(content.lowerBound), let wd = b.u32be(content.lowerBound + 4),
          let hn = b.u32be(content.lowerBound + 8), let hd = b.u32be(content.lowerBound + 12),
          wd > 0, hd > 0, let current = size
        {
          let crop = PixelSize(width: wn / wd, height: hn / hd)
          let box = quarterTurn ? current.transposed : current
          if crop.width > 0, crop.height > 0, crop.width <= box.width, crop.height <= box.height {
            size = quarterTurn ? crop.transposed : crop
          }
        }
      default: break
      }
    }
    return quarterTurn ? size?.transposed : size
  }

  private static func ispe(_ b: ByteView, _ content: Range<Int>) -> PixelSize? {
    guard content.count >= 12, let w = b.u32be(content.lowerBound + 4),
      let h = b.u32be(content.lowerBound + 8)
    else { return nil }
    return PixelSize(width: w, height: h)
  }

  /// The 1-based `ipco` indices associated with `item` in an `ipma` box.
  private static func associations(_ b: ByteView, ipma: Range<Int>, item: Int) -> [Int]? {
    guard let version = b.u8(ipma.lowerBound), let flags = b.u8(ipma.lowerBound + 3),
      let count = b.u32be(ipma.lowerBound + 4)
    else { return nil }
    var p = ipma.lowerBound + 8
    for _ in 0..<min(count, 65_536) {
      let id = version < 1 ? b.u16be(p) : b.u32be(p)
      p += version < 1 ? 2 : 4
      guard let id, let n = b.u8(p), p < ipma.upperBound else { return nil }
      p += 1
      var indices: [Int] = []
      for _ in 0..<Int(n) {
        if flags & 1 == 1 {
          guard let value = b.u16be(p) else { return nil }
          indices.append(value & 0x7FFF)
          p += 2
        } else {
          guard let value = b.u8(p) else { return nil }
          indices.append(Int(value & 0x7F))
          p += 1
        }
      }
      if id == item { return indices }
    }
    return nil
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

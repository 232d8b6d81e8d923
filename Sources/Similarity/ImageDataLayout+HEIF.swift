extension ImageDataLayout {
  /// Item types that hold metadata, not pictures: EXIF, XMP (and other MIME items), URIs.
  static let heifMetadataItems: Set<String> = ["Exif", "mime", "uri "]

  /// A HEIF or AVIF file's image data: the extents of every item that is not metadata (the
  /// coded tiles and the grid or overlay that joins them, the thumbnails, auxiliary alpha and
  /// depth) in item order, from the top-level `meta` box's `iinf` and `iloc`. An iPhone's
  /// primary item is a grid of tiles, so "the primary item" alone would be a few bytes of
  /// grid description; every picture item is what a metadata-only edit leaves alone.
  static func heif(_ b: UnsafeRawBufferPointer) -> Result<ImageDataLayout, ImageDataError> {
    let r = ByteReader(b)
    guard let meta = boxes(r, in: 0..<b.count).first(where: { $0.type == "meta" }) else {
      return .failure(ImageDataError("HEIF: no meta box"))
    }
    // meta is a full box: a version and flags before its children.
    let children = boxes(
      r, in: min(meta.content.lowerBound + 4, meta.content.upperBound)..<meta.content.upperBound)
    guard let iloc = children.first(where: { $0.type == "iloc" }) else {
      return .failure(ImageDataError("HEIF: no iloc box"))
    }
    let types = children.first { $0.type == "iinf" }.map { itemTypes(r, iinf: $0.content) } ?? [:]
    let idat = children.first { $0.type == "idat" }?.content
    let items: [HEIFItem]
    switch locations(r, iloc: iloc.content) {
    case .success(let found): items = found
    case .failure(let error): return .failure(error)
    }
    var layout = ImageDataLayout(kind: .heif, ranges: [])
    var hashed = 0
    for item in items.sorted(by: { $0.id < $1.id }) {
      if let type = types[item.id], heifMetadataItems.contains(type) { continue }
      for extent in item.extents {
        // Bounds as plain numbers first: a Range whose ends are the wrong way round traps.
        let lower: Int
        let upper: Int
        let limit: Int
        switch item.method {
        case 0:
          // A length of 0 means "to the end of the file".
          lower = extent.offset
          upper = extent.length == 0 ? b.count : extent.offset + extent.length
          limit = b.count
        case 1:
          guard let idat else {
            return .failure(ImageDataError("HEIF: item \(item.id) is in an idat box it lacks"))
          }
          lower = idat.lowerBound + extent.offset
          upper = extent.length == 0 ? idat.upperBound : lower + extent.length
          limit = idat.upperBound
        default:
          continue  // data in another item, hashed with that item
        }
        guard lower <= upper, upper <= limit else {
          return .failure(
            ImageDataError("HEIF: item \(item.id) lies past the end of its data (truncated)"))
        }
        let range = lower..<upper
        layout.ranges.append(range)
        // Items whose data add up to more than the file overlap: a crafted file can point a
        // thousand items at the same megabytes and make one hash read gigabytes (the fuzz
        // target found a 5 KB file hashed for 150 ms). Such a file is hashed whole, once.
        hashed += range.count
        if hashed > b.count {
          return .success(ImageDataLayout(kind: .wholeFile, ranges: [0..<b.count]))
        }
      }
    }
    guard !layout.ranges.isEmpty else { return .failure(ImageDataError("HEIF: no picture items")) }
    return .success(layout)
  }

  /// One box: its type and its content's range (clamped to the enclosing range).
  struct Box {
    var type: String
    var content: Range<Int>
  }

  /// The boxes in `range`, as far as their headers are sound (at most 4,096 of them).
  static func boxes(_ r: ByteReader, in range: Range<Int>) -> [Box] {
    var found: [Box] = []
    var p = range.lowerBound
    while p <= range.upperBound - 8, found.count < 4096, let size32 = r.u32(p) {
      var header = 8
      var size = size32
      if size32 == 1 {
        guard let large = r.u64(p + 8) else { break }
        header = 16
        size = large
      } else if size32 == 0 {
        size = range.upperBound - p  // to the end of the enclosing box
      }
      guard size >= header, size <= range.upperBound - p else { break }
      found.append(Box(type: r.tag(p + 4), content: (p + header)..<(p + size)))
      p += size
    }
    return found
  }

  /// Item IDs to item types, from the `infe` entries (versions 2 and 3) of an `iinf` box.
  static func itemTypes(_ r: ByteReader, iinf: Range<Int>) -> [Int: String] {
    guard let version = r.u8(iinf.lowerBound) else { return [:] }
    let entries = iinf.lowerBound + 4 + (version == 0 ? 2 : 4)
    guard entries <= iinf.upperBound else { return [:] }
    var types: [Int: String] = [:]
    for box in boxes(r, in: entries..<iinf.upperBound) where box.type == "infe" {
      guard let v = r.u8(box.content.lowerBound), v == 2 || v == 3 else { continue }
      let at = box.content.lowerBound + 4
      let id = v == 2 ? r.u16(at) : r.u32(at)
      let typeAt = at + (v == 2 ? 2 : 4) + 2  // after the protection index
      guard let id, typeAt + 4 <= box.content.upperBound else { continue }
      types[id] = r.tag(typeAt)
    }
    return types
  }

  /// One item's place: construction method (0 file offsets, 1 in `idat`, 2 another item)
  /// and its extents, the base offset added.
  struct HEIFItem {
    var id: Int
    var method: Int
    var extents: [(offset: Int, length: Int)]
  }

  /// Every item of an `iloc` box (versions 0–2).
  static func locations(_ r: ByteReader, iloc: Range<Int>) -> Result<[HEIFItem], ImageDataError> {
    let broken = ImageDataError("HEIF: iloc box is malformed")
    guard let version = r.u8(iloc.lowerBound), version <= 2,
      let sizes = r.u8(iloc.lowerBound + 4), let sizes2 = r.u8(iloc.lowerBound + 5)
    else { return .failure(broken) }
    let offsetSize = sizes >> 4
    let lengthSize = sizes & 0xF
    let baseOffsetSize = sizes2 >> 4
    let indexSize = version == 0 ? 0 : sizes2 & 0xF
    var p = iloc.lowerBound + 6
    /// The next field of `size` bytes, within the box.
    func next(_ size: Int) -> Int? {
      guard p + size <= iloc.upperBound, let value = r.field(p, size: size) else { return nil }
      p += size
      return value
    }
    let idSize = version < 2 ? 2 : 4
    guard let count = next(idSize) else { return .failure(broken) }
    var items: [HEIFItem] = []
    // Zero-sized fields make extents take no room: the work is bounded, not just the bytes.
    var budget = 1 << 16
    for _ in 0..<min(count, 1 << 16) {
      guard let id = next(idSize) else { return .failure(broken) }
      var method = 0
      if version >= 1 {
        guard let value = next(2) else { return .failure(broken) }
        method = value & 0xF
      }
      guard next(2) != nil,  // data reference index
        let base = next(baseOffsetSize), let extentCount = next(2)
      else { return .failure(broken) }
      var item = HEIFItem(id: id, method: method, extents: [])
      for _ in 0..<extentCount {
        budget -= 1
        guard budget > 0, next(indexSize) != nil, let offset = next(offsetSize),
          let length = next(lengthSize), base <= Int.max / 4, offset <= Int.max / 4
        else { return .failure(broken) }
        item.extents.append((base + offset, length))
      }
      items.append(item)
    }
    return .success(items)
  }
}

/// The parts of a HEIF/AVIF file that writing its XMP item touches, read strictly: the
/// top-level boxes, the `meta` box's children, every `infe` of `iinf` and every `iloc` entry
/// with the file position of each of its fields.
///
/// Strict where the readers are lenient: any box that does not fit its parent exactly, a
/// field size the specification does not allow, or a count that disagrees with what follows
/// is a refusal (`XMPWriteError`), because a writer that guesses can break a file a reader
/// merely misreads.
struct HEIFMetaLayout {
  /// One box: its type, where it starts, its header's length and where it ends.
  struct Box {
    var type: String
    var start: Int
    var header: Int
    var end: Int
    var content: Range<Int> { (start + header)..<end }
  }

  /// One `infe`: its item ID, type (versions 2 and 3; "" before) and, for a `mime` item, its
  /// content type and content encoding.
  struct ItemInfo {
    var id: Int
    var type: String
    var contentType = ""
    var contentEncoding = ""
  }

  /// A field of an `iloc` entry: its file position, its length in bytes (0, 4 or 8) and value.
  struct Field {
    var at: Int
    var size: Int
    var value: Int
  }

  /// One `iloc` entry, its bytes at `range`.
  struct Location {
    var id: Int
    var range: Range<Int>
    /// 0 file offsets, 1 `idat`, 2 another item.
    var method: Int
    var dataReference: Int
    var base: Field
    var extents: [(offset: Field, length: Field)]
  }

  var bytes: [UInt8]
  var top: [Box] = []
  var meta: Box
  /// `meta`'s children, in order.
  var children: [Box] = []
  var items: [ItemInfo] = []
  var iinfVersion = 0
  var ilocVersion = 0
  /// The `iloc` field lengths: offset, length, base offset, extent index.
  var offsetSize = 0
  var lengthSize = 0
  var baseSize = 0
  var indexSize = 0
  var locations: [Location] = []
  /// Where the last `iloc` entry ends (bytes after it, up to the box's end, are kept).
  var locationsEnd = 0
  var primary: Int?
  /// The items each item describes (its `cdsc` references).
  var describes: [Int: [Int]] = [:]
  /// The items each derived item is made from, in order (its `dimg` references: a grid's
  /// tiles), and the items each auxiliary image belongs to (`auxl`).
  var derivedFrom: [Int: [Int]] = [:]
  var auxiliaryOf: [Int: [Int]] = [:]
  /// The boxes of `ipco`, and each item's properties as indices into them (from 0) with
  /// whether each is essential; empty when `iprp` is missing or damaged (read leniently: a
  /// writer of XMP does not need them).
  var properties: [Box] = []
  var associations: [Int: [(index: Int, essential: Bool)]] = [:]

  /// Reads the layout of the HEIF `bytes`, or says in one line why it will not be written.
  static func read(_ bytes: [UInt8]) -> Result<HEIFMetaLayout, XMPWriteError> {
    guard let top = boxes(bytes, in: 0..<bytes.count) else {
      return refusal("its top-level boxes do not fill the file exactly (damaged or truncated)")
    }
    if top.contains(where: { $0.type == "moov" }) {
      return refusal("an image sequence (moov box)")
    }
    let metas = top.filter { $0.type == "meta" }
    guard metas.count == 1, let meta = metas.first else {
      return refusal(metas.isEmpty ? "no meta box at the top level" : "two meta boxes")
    }
    guard meta.header == 8 else { return refusal("its meta box has a 64-bit size") }
    guard meta.content.count >= 4, bytes[meta.start + 8] == 0,
      let children = boxes(bytes, in: (meta.start + 12)..<meta.end)
    else { return refusal("its meta box is damaged") }
    var layout = HEIFMetaLayout(bytes: bytes, top: top, meta: meta, children: children)
    for type in ["iinf", "iloc", "iref", "pitm", "idat"]
    where children.filter({ $0.type == type }).count > 1 {
      return refusal("two \(type) boxes")
    }
    for type in ["iinf", "iloc", "iref"] {
      if let box = layout.child(type), box.header != 8 {
        return refusal("its \(type) box has a 64-bit size")
      }
    }
    guard let iinf = layout.child("iinf"), let iloc = layout.child("iloc") else {
      return refusal("no iinf or iloc box")
    }
    if let problem = layout.readItems(iinf) ?? layout.readLocations(iloc) {
      return refusal(problem)
    }
    if let pitm = layout.child("pitm") {
      guard pitm.content.count >= 6 else { return refusal("its pitm box is damaged") }
      let version = bytes[pitm.content.lowerBound]
      layout.primary = layout.number(at: pitm.content.lowerBound + 4, size: version == 0 ? 2 : 4)
      guard version <= 1, layout.primary != nil else { return refusal("its pitm box is damaged") }
    }
    if let iref = layout.child("iref"), !layout.readReferences(iref) {
      return refusal("its iref box is damaged")
    }
    if let iprp = layout.child("iprp") { layout.readProperties(iprp) }
    return .success(layout)
  }

  /// The child of `meta` of type `type`.
  func child(_ type: String) -> Box? { children.first { $0.type == type } }

  /// The big-endian number of `size` (0, 1, 2, 4 or 8) bytes at `at`, nil past the end or
  /// beyond `Int.max`.
  func number(at: Int, size: Int) -> Int? {
    guard at >= 0, size >= 0, at <= bytes.count - size else { return nil }
    var value: UInt64 = 0
    for index in 0..<size { value = value << 8 | UInt64(bytes[at + index]) }
    return value <= UInt64(Int.max) ? Int(value) : nil
  }

  /// Reads the `cdsc` references of `iref`; false when it is damaged.
  private mutating func readReferences(_ iref: Box) -> Bool {
    guard iref.content.count >= 4, bytes[iref.content.lowerBound] <= 1,
      let references = Self.boxes(bytes, in: (iref.content.lowerBound + 4)..<iref.end)
    else { return false }
    let width = bytes[iref.content.lowerBound] == 0 ? 2 : 4
    for reference in references where ["cdsc", "dimg", "auxl"].contains(reference.type) {
      let at = reference.content.lowerBound
      guard let from = number(at: at, size: width),
        let count = number(at: at + width, size: 2),
        at + width + 2 + count * width <= reference.end
      else {
        // Only a damaged `cdsc` is a refusal (the XMP writer's concern); the others are
        // left out.
        if reference.type == "cdsc" { return false }
        continue
      }
      let to = (0..<count).compactMap { number(at: at + width + 2 + $0 * width, size: width) }
      switch reference.type {
      case "cdsc": describes[from, default: []] += to
      case "dimg": derivedFrom[from, default: []] += to
      default: auxiliaryOf[from, default: []] += to
      }
    }
    return true
  }

  /// Reads `ipco`'s boxes and `ipma`'s associations, leaving both empty when either is
  /// damaged.
  private mutating func readProperties(_ iprp: Box) {
    guard let children = Self.boxes(bytes, in: iprp.content),
      let ipco = children.first(where: { $0.type == "ipco" }),
      let found = Self.boxes(bytes, in: ipco.content)
    else { return }
    var associated: [Int: [(index: Int, essential: Bool)]] = [:]
    for ipma in children where ipma.type == "ipma" {
      let content = ipma.content
      guard content.count >= 8 else { return }
      let version = Int(bytes[content.lowerBound])
      let wide = bytes[content.lowerBound + 3] & 1 == 1
      guard version <= 1, let count = number(at: content.lowerBound + 4, size: 4) else { return }
      var p = content.lowerBound + 8
      for _ in 0..<count {
        let idSize = version == 0 ? 2 : 4
        guard let id = number(at: p, size: idSize), p + idSize < ipma.end else { return }
        let entries = Int(bytes[p + idSize])
        p += idSize + 1
        let entrySize = wide ? 2 : 1
        guard p + entries * entrySize <= ipma.end else { return }
        for _ in 0..<entries {
          let value = wide ? Int(bytes[p]) << 8 | Int(bytes[p + 1]) : Int(bytes[p])
          let essential = value & (wide ? 0x8000 : 0x80) != 0
          let index = value & (wide ? 0x7FFF : 0x7F)
          // Index 0 means "no property".
          if index > 0 { associated[id, default: []].append((index - 1, essential)) }
          p += entrySize
        }
      }
    }
    properties = found
    associations = associated
  }

  /// Reads the `infe` entries; a problem in one line, nil when all is well.
  private mutating func readItems(_ iinf: Box) -> String? {
    let content = iinf.content
    guard content.count >= 6 else { return "its iinf box is damaged" }
    iinfVersion = Int(bytes[content.lowerBound])
    // Version 1 counts its entries in 4 bytes: a 6-byte box ends inside its count (a range
    // past the box's end trapped; fuzz finding of 2026-11-29, `heif-grid`).
    guard iinfVersion <= 1, content.count >= (iinfVersion == 0 ? 6 : 8),
      let count = number(at: content.lowerBound + 4, size: iinfVersion == 0 ? 2 : 4),
      let entries = Self.boxes(
        bytes, in: (content.lowerBound + 4 + (iinfVersion == 0 ? 2 : 4))..<iinf.end)
    else { return "its iinf box is damaged" }
    guard entries.count == count, entries.allSatisfy({ $0.type == "infe" }) else {
      return "its iinf box's count does not match its entries"
    }
    for entry in entries {
      let at = entry.content.lowerBound
      guard entry.content.count >= 8 else { return "an infe box is damaged" }
      let version = Int(bytes[at])
      guard version <= 3 else { return "an infe box of version \(version)" }
      guard let id = number(at: at + 4, size: version == 3 ? 4 : 2) else {
        return "an infe box is damaged"
      }
      var info = ItemInfo(id: id, type: "")
      if version >= 2 {
        let typeAt = at + (version == 3 ? 10 : 8)
        guard typeAt + 4 <= entry.end else { return "an infe box is damaged" }
        info.type = String(decoding: bytes[typeAt..<(typeAt + 4)], as: UTF8.self)
        if info.type == "mime" {
          // item_name, content_type, then an optional content_encoding, each NUL-ended.
          let strings = Self.strings(bytes, (typeAt + 4)..<entry.end)
          guard strings.count >= 2 else { return "a mime infe box is damaged" }
          info.contentType = strings[1]
          info.contentEncoding = strings.count > 2 ? strings[2] : ""
        }
      }
      items.append(info)
    }
    return nil
  }

  /// Reads every `iloc` entry with its fields' positions; a problem in one line, or nil.
  private mutating func readLocations(_ iloc: Box) -> String? {
    let content = iloc.content
    guard content.count >= 8 else { return "its iloc box is damaged" }
    ilocVersion = Int(bytes[content.lowerBound])
    guard ilocVersion <= 2 else { return "an iloc box of version \(ilocVersion)" }
    let sizes = bytes[content.lowerBound + 4]
    let sizes2 = bytes[content.lowerBound + 5]
    offsetSize = Int(sizes >> 4)
    lengthSize = Int(sizes & 0xF)
    baseSize = Int(sizes2 >> 4)
    indexSize = ilocVersion == 0 ? 0 : Int(sizes2 & 0xF)
    for size in [offsetSize, lengthSize, baseSize, indexSize] where ![0, 4, 8].contains(size) {
      return "its iloc box has a field of \(size) bytes"
    }
    let idSize = ilocVersion < 2 ? 2 : 4
    var p = content.lowerBound + 6
    func field(_ size: Int) -> Field? {
      guard p + size <= iloc.end, let value = number(at: p, size: size) else { return nil }
      defer { p += size }
      return Field(at: p, size: size, value: value)
    }
    guard let count = field(idSize)?.value else { return "its iloc box is damaged" }
    // Each entry takes at least 6 bytes: a count past what the box holds is damage.
    guard count <= content.count / 6 else { return "its iloc box is damaged" }
    for _ in 0..<count {
      let start = p
      guard let id = field(idSize)?.value else { return "its iloc box is damaged" }
      var method = 0
      if ilocVersion >= 1 {
        guard let value = field(2)?.value else { return "its iloc box is damaged" }
        method = value & 0xF
      }
      guard let reference = field(2)?.value, let base = field(baseSize),
        let extentCount = field(2)?.value
      else { return "its iloc box is damaged" }
      var extents: [(offset: Field, length: Field)] = []
      for _ in 0..<extentCount {
        guard field(indexSize) != nil, let offset = field(offsetSize),
          let length = field(lengthSize)
        else { return "its iloc box is damaged" }
        extents.append((offset, length))
      }
      locations.append(
        Location(
          id: id, range: start..<p, method: method, dataReference: reference, base: base,
          extents: extents))
    }
    locationsEnd = p
    return nil
  }

  /// The boxes that fill `range` exactly, nil when one does not fit. A size of 0 ("to the end
  /// of the file") is refused too: a box appended after it would be inside it.
  static func boxes(_ bytes: [UInt8], in range: Range<Int>) -> [Box]? {
    var found: [Box] = []
    var p = range.lowerBound
    while p < range.upperBound {
      guard p <= range.upperBound - 8, found.count < 100_000 else { return nil }
      var size = Int(bytes[p]) << 24 | Int(bytes[p + 1]) << 16 | Int(bytes[p + 2]) << 8
      size |= Int(bytes[p + 3])
      var header = 8
      if size == 1 {
        guard p <= range.upperBound - 16 else { return nil }
        var large: UInt64 = 0
        for index in 8..<16 { large = large << 8 | UInt64(bytes[p + index]) }
        guard large <= UInt64(range.upperBound - p) else { return nil }
        size = Int(large)
        header = 16
      }
      guard size >= header, size <= range.upperBound - p else { return nil }
      let type = String(decoding: bytes[(p + 4)..<(p + 8)], as: UTF8.self)
      found.append(Box(type: type, start: p, header: header, end: p + size))
      p += size
    }
    return found
  }

  /// The NUL-ended strings in `range` (a last one without its NUL is dropped).
  private static func strings(_ bytes: [UInt8], _ range: Range<Int>) -> [String] {
    var found: [String] = []
    var start = range.lowerBound
    for index in range where bytes[index] == 0 {
      found.append(String(decoding: bytes[start..<index], as: UTF8.self))
      start = index + 1
    }
    return found
  }

  private static func refusal(_ reason: String) -> Result<HEIFMetaLayout, XMPWriteError> {
    .failure(XMPWriteError(reason))
  }
}

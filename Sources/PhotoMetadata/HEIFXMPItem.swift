/// A HEIF or AVIF still's XMP item (`infe` of type `mime`, content type
/// `application/rdf+xml`), read and replaced as bytes: what `xmp-write = embedded` edits, every
/// byte of the image data kept.
///
/// The new packet goes into a new `mdat` box after the file's last `mdat` or `meta` box (the
/// end of the file, unless a trailer such as Samsung's `sefd`, which readers find from the
/// file's end, follows), and the item's `iloc` entry points there; a file without an XMP item
/// gets one: an `infe` at the end of `iinf`, an `iloc` entry and an `iref` `cdsc` reference to
/// the primary item, as exiftool adds it. Only `meta` changes size, so the `iloc` offsets of
/// every item stored after it move by as much (and by the new box too, for data after it).
/// A file Lightbox does not understand well enough to do that safely is refused with a
/// one-line reason rather than written: an image sequence (`moov`), two XMP items, a 64-bit
/// box size where a size changes, an offset that would not fit its field, item data inside
/// `meta`, running to the end of the file or past it.
public enum HEIFXMPItem {
  /// The XMP content type.
  static let contentType = "application/rdf+xml"

  /// The XMP packet of the HEIF `bytes`, without the NULs Apple and others end it with (a C
  /// string's): nil when it has no XMP item, or why it cannot be read for writing.
  public static func packet(in bytes: [UInt8]) -> Result<[UInt8]?, XMPWriteError> {
    HEIFMetaLayout.read(bytes).flatMap { layout in
      xmpItem(layout).flatMap { item -> Result<[UInt8]?, XMPWriteError> in
        guard let item else { return .success(nil) }
        return data(of: item.id, layout).map { data in
          var packet = data
          while packet.last == 0 { packet.removeLast() }
          return packet
        }
      }
    }
  }

  /// The HEIF `bytes` with its XMP item's data replaced by `packet` (the item added when it
  /// has none); every byte of every other item's data the same.
  public static func replacingPacket(in bytes: [UInt8], with packet: [UInt8])
    -> Result<[UInt8], XMPWriteError>
  {
    edit(bytes, packet).map(\.bytes)
  }

  /// What one write did: the new file, and where its new `mdat` box went in the old file's
  /// terms, which the undo needs.
  struct Written {
    var bytes: [UInt8]
    /// The old file's offset the new `mdat` box was inserted at.
    var insertion: Int
    /// The new `mdat` box's length.
    var inserted: Int
  }

  static func edit(_ bytes: [UInt8], _ packet: [UInt8]) -> Result<Written, XMPWriteError> {
    let layout: HEIFMetaLayout
    switch HEIFMetaLayout.read(bytes) {
    case .success(let found): layout = found
    case .failure(let error): return .failure(error)
    }
    let existing: HEIFMetaLayout.ItemInfo?
    switch xmpItem(layout) {
    case .success(let found): existing = found
    case .failure(let error): return .failure(error)
    }
    guard layout.locations.filter({ $0.id == existing?.id }).count <= 1 else {
      return refuse("its XMP item has two iloc entries")
    }
    let mdatSize = 8 + packet.count
    guard mdatSize <= Int(UInt32.max) else { return refuse("the XMP is over 4 GB") }
    // After the last mdat or meta box: trailers after them (Samsung's sefd) stay last.
    let insertion =
      layout.top.last { $0.type == "mdat" || $0.type == "meta" }?.end ?? bytes.count
    var plan = Plan(
      layout: layout, packet: packet, id: 0, adding: existing == nil, insertion: insertion,
      inserted: mdatSize)
    if let existing {
      plan.id = existing.id
    } else {
      guard let primary = layout.primary else { return refuse("it has no primary item (pitm)") }
      let ids = layout.items.map(\.id) + layout.locations.map(\.id) + [primary]
      plan.id = (ids.max() ?? 0) + 1
    }
    // Built once to learn how much meta grows (no field's length depends on the values),
    // then again with the offsets moved by that much.
    let growth: Int
    switch plan.meta() {
    case .success(let meta): growth = meta.count - layout.meta.end + layout.meta.start
    case .failure(let error): return .failure(error)
    }
    plan.growth = growth
    let meta: [UInt8]
    switch plan.meta() {
    case .success(let built): meta = built
    case .failure(let error): return .failure(error)
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + growth + mdatSize)
    out += bytes[..<layout.meta.start]
    out += meta
    out += bytes[layout.meta.end..<insertion]
    out += Plan.be(mdatSize, 4) + Array("mdat".utf8) + packet
    out += bytes[insertion...]
    return .success(Written(bytes: out, insertion: insertion, inserted: mdatSize))
  }

  /// The XMP item's `infe`, nil when there is none; refused when there are two, or it is
  /// compressed.
  static func xmpItem(_ layout: HEIFMetaLayout) -> Result<HEIFMetaLayout.ItemInfo?, XMPWriteError> {
    let found = layout.items.filter { $0.type == "mime" && $0.contentType == contentType }
    // Samsung adds its gain map's XMP as a second item; the primary image's (the one it
    // describes) is the one written, when it is also the first, which readers take.
    let primary = found.filter { layout.describes[$0.id]?.contains(layout.primary ?? -1) == true }
    guard found.count <= 1 || (primary.count == 1 && primary.first?.id == found.first?.id) else {
      return refuse("it has two XMP items")
    }
    if found.count == 1, let item = found.first, let described = layout.describes[item.id],
      !described.isEmpty, !described.contains(layout.primary ?? -1)
    {
      return refuse("its XMP item describes another image than the primary")
    }
    if let item = found.first, !item.contentEncoding.isEmpty {
      // The encoding's name comes from the file: printable ASCII only reaches the note.
      let encoding = item.contentEncoding.unicodeScalars.prefix(20)
        .filter { $0.value >= 0x20 && $0.value < 0x7F }
      return refuse("its XMP item is encoded (\(String(String.UnicodeScalarView(encoding))))")
    }
    return .success(found.first)
  }

  /// The data of item `id`: its extents, in the file (method 0) or in `idat` (1).
  static func data(of id: Int, _ layout: HEIFMetaLayout) -> Result<[UInt8], XMPWriteError> {
    guard let location = layout.locations.first(where: { $0.id == id }) else {
      return .success([])
    }
    var area = 0..<layout.bytes.count
    if location.method == 1 {
      guard let idat = layout.child("idat") else { return refuse("its XMP item's idat is missing") }
      area = idat.content
    } else if location.method != 0 || location.dataReference != 0 {
      return refuse("its XMP item's data is not in the file")
    }
    var out: [UInt8] = []
    for extent in location.extents {
      let (start, overflow) = location.base.value.addingReportingOverflow(extent.offset.value)
      let lower = area.lowerBound + start
      let length = extent.length.value == 0 ? area.upperBound - lower : extent.length.value
      guard !overflow, start <= area.count, length >= 0, length <= area.upperBound - lower else {
        return refuse("its XMP item lies past the end of the file")
      }
      out += layout.bytes[lower..<(lower + length)]
    }
    return .success(out)
  }

  static func refuse<T>(_ reason: String) -> Result<T, XMPWriteError> {
    .failure(XMPWriteError(reason))
  }
}

extension HEIFXMPItem {
  /// One write being made: the new `meta` box, built from the old one's children, its
  /// `iinf`, `iref` and `iloc` changed and every other child copied.
  struct Plan {
    var layout: HEIFMetaLayout
    var packet: [UInt8]
    /// The XMP item's ID (a new one when `adding`).
    var id: Int
    var adding: Bool
    /// The old file's offset the new `mdat` box goes at, and that box's length.
    var insertion: Int
    var inserted: Int
    /// How much `meta` grows (0 while it is measured).
    var growth = 0

    private var bytes: [UInt8] { layout.bytes }

    /// Where the packet starts in the new file: past the new `mdat` box's header.
    private var packetOffset: Int { insertion + growth + 8 }

    /// The new `meta` box.
    func meta() -> Result<[UInt8], XMPWriteError> {
      do {
        return .success(try build())
      } catch {
        return .failure(error)
      }
    }

    private func build() throws(XMPWriteError) -> [UInt8] {
      let start = layout.meta.start
      var body = Array(bytes[(start + 8)..<(start + 12)])
      for child in layout.children {
        switch child.type {
        case "iinf" where adding:
          body += try iinf(child)
          if layout.child("iref") == nil { body += try newIref() }
        case "iref" where adding: body += try iref(child)
        case "iloc": body += try iloc(child)
        default: body += bytes[child.start..<child.end]
        }
      }
      return try box("meta", body)
    }

    /// `iinf` with the XMP item's `infe` at its end, its count one more.
    private func iinf(_ iinf: HEIFMetaLayout.Box) throws(XMPWriteError) -> [UInt8] {
      let countSize = layout.iinfVersion == 0 ? 2 : 4
      var out = Array(bytes[(iinf.start + 8)..<iinf.end])
      let count = (layout.number(at: iinf.start + 12, size: countSize) ?? 0) + 1
      out.replaceSubrange(4..<(4 + countSize), with: try Self.field(count, countSize, "items"))
      // Version 2 holds a 16-bit ID; flags 1 hides the item, as exiftool writes it.
      let wide = id > 0xFFFF
      var infe: [UInt8] = [wide ? 3 : 2, 0, 0, 1] + Self.be(id, wide ? 4 : 2) + [0, 0]
      infe += Array("mime".utf8) + [0] + Array(contentType.utf8) + [0]
      return try box("iinf", out + box("infe", infe))
    }

    /// An `iref` holding only the XMP item's `cdsc` reference to the primary item.
    private func newIref() throws(XMPWriteError) -> [UInt8] {
      let primary = layout.primary ?? 0
      let version: UInt8 = id <= 0xFFFF && primary <= 0xFFFF ? 0 : 1
      return try box("iref", [version, 0, 0, 0] + cdsc(width: version == 0 ? 2 : 4))
    }

    /// The old `iref` with the XMP item's `cdsc` reference after its own, in its ID width.
    private func iref(_ iref: HEIFMetaLayout.Box) throws(XMPWriteError) -> [UInt8] {
      let width = bytes[iref.content.lowerBound] == 0 ? 2 : 4
      return try box("iref", Array(bytes[iref.content]) + cdsc(width: width))
    }

    private func cdsc(width: Int) throws(XMPWriteError) -> [UInt8] {
      let from = try Self.field(id, width, "item IDs")
      let to = try Self.field(layout.primary ?? 0, width, "item IDs")
      return try box("cdsc", from + Self.be(1, 2) + to)
    }

    /// `iloc` with the XMP item's entry pointing at the new `mdat` and every other item's
    /// file offsets moved where its data now is.
    private func iloc(_ iloc: HEIFMetaLayout.Box) throws(XMPWriteError) -> [UInt8] {
      let first = layout.locations.first?.range.lowerBound ?? layout.locationsEnd
      var out = Array(bytes[(iloc.start + 8)..<first])
      var placed = false
      for location in layout.locations {
        if location.id == id {
          out += try xmpEntry()
          placed = true
        } else {
          out += try moved(location)
        }
      }
      if !placed {
        out += try xmpEntry()
        let idSize = layout.ilocVersion < 2 ? 2 : 4
        let count = try Self.field(layout.locations.count + 1, idSize, "items")
        out.replaceSubrange(6..<(6 + idSize), with: count)
      }
      out += bytes[layout.locationsEnd..<iloc.end]
      return try box("iloc", out)
    }

    /// The XMP item's `iloc` entry: one extent, the packet in the new `mdat`.
    private func xmpEntry() throws(XMPWriteError) -> [UInt8] {
      guard layout.lengthSize > 0 else { throw XMPWriteError("its iloc box holds no lengths") }
      guard layout.offsetSize > 0 || layout.baseSize > 0 else {
        throw XMPWriteError("its iloc box holds no offsets")
      }
      var out = try Self.field(id, layout.ilocVersion < 2 ? 2 : 4, "item IDs")
      if layout.ilocVersion >= 1 { out += [0, 0] }  // construction method 0: file offsets
      out += [0, 0]  // data reference 0: this file
      let offsets = "offsets (the XMP would lie past 4 GB)"
      out += try Self.field(layout.offsetSize == 0 ? packetOffset : 0, layout.baseSize, offsets)
      out += Self.be(1, 2)
      if layout.ilocVersion >= 1 { out += [UInt8](repeating: 0, count: layout.indexSize) }
      out += try Self.field(layout.offsetSize == 0 ? 0 : packetOffset, layout.offsetSize, offsets)
      out += try Self.field(packet.count, layout.lengthSize, "lengths")
      return out
    }

    /// An item's `iloc` entry with its file offsets moved by what moved before its data.
    private func moved(_ location: HEIFMetaLayout.Location) throws(XMPWriteError) -> [UInt8] {
      var out = Array(bytes[location.range])
      // idat (1) offsets are inside meta's own idat, which does not change; 2 is an item.
      guard location.method == 0 else { return out }
      let name = "item \(location.id)'s data"
      guard location.dataReference == 0 else { throw XMPWriteError("\(name) is in another file") }
      var shifts: [Int] = []
      for extent in location.extents {
        guard extent.length.value > 0 else {
          throw XMPWriteError("\(name) runs to the end of the file")
        }
        let (start, overflow) = location.base.value.addingReportingOverflow(extent.offset.value)
        guard !overflow, start <= bytes.count, extent.length.value <= bytes.count - start else {
          throw XMPWriteError("\(name) lies past the end of the file")
        }
        shifts.append(try shift(start, start + extent.length.value, name))
      }
      func set(_ field: HEIFMetaLayout.Field, by shift: Int) throws(XMPWriteError) {
        guard field.size > 0 else { throw XMPWriteError("\(name) cannot be moved") }
        let value = try Self.field(field.value + shift, field.size, "offsets")
        let at = field.at - location.range.lowerBound
        out.replaceSubrange(at..<(at + field.size), with: value)
      }
      guard shifts.contains(where: { $0 != 0 }) else { return out }
      if let shift = shifts.first, shifts.allSatisfy({ $0 == shift }), location.base.size > 0,
        location.base.value != 0 || layout.offsetSize == 0
      {
        try set(location.base, by: shift)
      } else {
        for (extent, shift) in zip(location.extents, shifts) where shift != 0 {
          try set(extent.offset, by: shift)
        }
      }
      return out
    }

    /// How far data at `start..<end` of the old file moves: not at all before `meta`, by
    /// `growth` after it, and by the new `mdat` box too past its insertion.
    private func shift(_ start: Int, _ end: Int, _ name: String) throws(XMPWriteError) -> Int {
      if end <= layout.meta.start { return 0 }
      guard start >= layout.meta.end else { throw XMPWriteError("\(name) lies inside meta") }
      if start >= insertion { return growth + inserted }
      guard end <= insertion else { throw XMPWriteError("\(name) spans two boxes") }
      return growth
    }

    /// A box of `type` around `body`, refused past a 32-bit size.
    private func box(_ type: String, _ body: [UInt8]) throws(XMPWriteError) -> [UInt8] {
      guard body.count <= Int(UInt32.max) - 8 else {
        throw XMPWriteError("its \(type) box would be over 4 GB")
      }
      return Self.be(8 + body.count, 4) + Array(type.utf8) + body
    }

    /// `value` in a field of `size` bytes (0 holds only 0), or a refusal naming `what`.
    static func field(_ value: Int, _ size: Int, _ what: String) throws(XMPWriteError) -> [UInt8] {
      let fits = value >= 0 && (size >= 8 || value >> (8 * size) == 0)
      guard fits else { throw XMPWriteError("a value would not fit its field (\(what))") }
      return be(value, size)
    }

    /// `value` big-endian in `size` bytes.
    static func be(_ value: Int, _ size: Int) -> [UInt8] {
      (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    }
  }
}

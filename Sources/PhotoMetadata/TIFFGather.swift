/// Copies the IFDs of a TIFF whose head does not hold them into one small TIFF that
/// `ExifParser` reads as it reads a head.
///
/// libtiff and many scanners write IFD0 after the image data, at the end of the file. IFD0,
/// the Exif IFD and the GPS IFD are read through a `RandomAccessSource` with the values
/// they point to, laid out one after the other, and their offsets rewritten for the new
/// places. IFD1 (a TIFF's next page, not a thumbnail) is left out.
enum TIFFGather {
  /// The most entries copied from one IFD.
  static let maxEntries = 512
  /// Values larger than this (strip offsets, ICC profiles, XMP packets) are left out with
  /// their entries: the reader wants numbers and short strings.
  static let maxValueBytes = 4096

  /// One IFD entry as read: its 12 bytes with the value copied when it is out of line.
  private struct Entry {
    var field: [UInt8]
    var tag: Int
    var value: [UInt8]?
    /// The IFD this entry points to (Exif or GPS IFD), as an index in `directories`.
    var child: Int?
  }

  /// A small TIFF holding IFD0 and its Exif and GPS IFDs, or nil when the structure cannot
  /// be read or when the head holds all of it (the head's own parse is then complete).
  static func gather(_ source: inout RandomAccessSource) -> [UInt8]? {
    let head = source.head
    guard let little = littleEndian(head), let ifd0 = u32(head, 4, little) else { return nil }
    let readsBefore = source.reads
    var directories: [[Entry]] = []
    var visited: [Int] = []
    guard read(ifd0, &source, little, &directories, &visited) != nil else { return nil }
    guard source.reads > readsBefore else { return nil }
    return layout(directories, little: little)
  }

  /// Reads the IFD at `offset` and the Exif and GPS IFDs it points to; returns its index.
  private static func read(
    _ offset: Int, _ source: inout RandomAccessSource, _ little: Bool,
    _ directories: inout [[Entry]], _ visited: inout [Int]
  ) -> Int? {
    // A pointer back to a visited IFD is a loop; three IFDs is all the reader wants.
    guard offset >= 8, !visited.contains(offset), visited.count < 3,
      let countBytes = source.bytes(offset..<(offset + 2)), countBytes.count == 2,
      let declared = u16(countBytes, 0, little)
    else { return nil }
    visited.append(offset)
    let count = min(declared, maxEntries)
    guard count > 0, let table = source.bytes((offset + 2)..<(offset + 2 + count * 12)) else {
      return nil
    }
    var entries: [Entry] = []
    for at in stride(from: 0, through: table.count - 12, by: 12) {
      let field = Array(table[at..<(at + 12)])
      guard let tag = u16(field, 0, little), let type = u16(field, 2, little),
        let n = u32(field, 4, little), let unit = TIFFBlock.unitSize(ofType: type)
      else { continue }
      let (size, overflow) = n.multipliedReportingOverflow(by: unit)
      guard !overflow, size > 0 else { continue }
      var entry = Entry(field: field, tag: tag)
      if size > 4 {
        guard size <= maxValueBytes, let pointer = u32(field, 8, little),
          let value = source.bytes(pointer..<(pointer + size)), value.count == size
        else { continue }
        entry.value = value
      }
      entries.append(entry)
    }
    let index = directories.count
    directories.append(entries)
    // Children after the parent is stored: their entries are filled in by index.
    for i in entries.indices where [0x8769, 0x8825].contains(entries[i].tag) {
      guard entries[i].value == nil, let pointer = u32(entries[i].field, 8, little),
        let child = read(pointer, &source, little, &directories, &visited)
      else { continue }
      directories[index][i].child = child
    }
    return index
  }

  /// The directories as one TIFF: header, then each IFD followed by its values.
  private static func layout(_ directories: [[Entry]], little: Bool) -> [UInt8] {
    func bytes16(_ v: Int) -> [UInt8] {
      let b = [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)]
      return little ? b : b.reversed()
    }
    func bytes32(_ v: Int) -> [UInt8] {
      let b = (0..<4).map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) }
      return little ? b : b.reversed()
    }
    // Where each IFD starts: every one takes its table, next pointer and even-padded values.
    var starts: [Int] = []
    var position = 8
    for entries in directories {
      starts.append(position)
      position += 2 + entries.count * 12 + 4
      for entry in entries { position += padded(entry.value?.count ?? 0) }
    }
    var out = (little ? [0x49, 0x49, 42, 0] : [0x4D, 0x4D, 0, 42]) + bytes32(8)
    for (index, entries) in directories.enumerated() {
      var data: [UInt8] = []
      let dataStart = starts[index] + 2 + entries.count * 12 + 4
      out += bytes16(entries.count)
      for entry in entries {
        var field = entry.field
        if let child = entry.child {
          field.replaceSubrange(8..<12, with: bytes32(starts[child]))
        } else if let value = entry.value {
          field.replaceSubrange(8..<12, with: bytes32(dataStart + data.count))
          data += value
          if value.count % 2 == 1 { data.append(0) }
        } else if [0x8769, 0x8825].contains(entry.tag) {
          field.replaceSubrange(8..<12, with: bytes32(0))  // an IFD that could not be read
        }
        out += field
      }
      out += bytes32(0) + data  // no next IFD: IFD1 is a TIFF's next page
    }
    return out
  }

  private static func padded(_ count: Int) -> Int { count + count % 2 }

  private static func littleEndian(_ b: ByteView) -> Bool? {
    if b.matches("II", at: 0) { return true }
    if b.matches("MM", at: 0) { return false }
    return nil
  }

  private static func u16(_ b: [UInt8], _ at: Int, _ little: Bool) -> Int? {
    b.withUnsafeBytes { little ? ByteView($0).u16le(at) : ByteView($0).u16be(at) }
  }

  private static func u32(_ b: [UInt8], _ at: Int, _ little: Bool) -> Int? {
    b.withUnsafeBytes { little ? ByteView($0).u32le(at) : ByteView($0).u32be(at) }
  }

  private static func u32(_ b: ByteView, _ at: Int, _ little: Bool) -> Int? {
    little ? b.u32le(at) : b.u32be(at)
  }
}

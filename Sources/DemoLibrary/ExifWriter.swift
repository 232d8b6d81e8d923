/// A small TIFF writer for EXIF blocks: IFD0, the Exif sub-IFD, an optional GPS sub-IFD and
/// an optional IFD1 carrying a JPEG thumbnail, in either byte order.
///
/// The output starts with "II*\0" or "MM\0*" and is what `JPEGEncoder` wraps in APP1.
public struct ExifWriter: Sendable, Equatable {
  /// TIFF byte order.
  public enum ByteOrder: Sendable, Equatable {
    case littleEndian
    case bigEndian
  }

  /// An unsigned TIFF RATIONAL.
  public struct Rational: Sendable, Equatable {
    public var numerator: UInt32
    public var denominator: UInt32
    public init(_ numerator: UInt32, _ denominator: UInt32) {
      self.numerator = numerator
      self.denominator = denominator
    }
  }

  /// A TIFF field value (type and count follow from the case).
  public enum Value: Sendable, Equatable {
    case byte([UInt8])
    /// Written NUL-terminated; must be ASCII.
    case ascii(String)
    case short([UInt16])
    case long([UInt32])
    case rational([Rational])
    case undefined([UInt8])

    var type: UInt16 {
      switch self {
      case .byte: return 1
      case .ascii: return 2
      case .short: return 3
      case .long: return 4
      case .rational: return 5
      case .undefined: return 7
      }
    }

    var count: Int {
      switch self {
      case .byte(let v), .undefined(let v): return v.count
      case .ascii(let s): return s.utf8.count + 1
      case .short(let v): return v.count
      case .long(let v): return v.count
      case .rational(let v): return v.count
      }
    }

    var byteCount: Int {
      switch self {
      case .byte, .undefined, .ascii: return count
      case .short: return count * 2
      case .long: return count * 4
      case .rational: return count * 8
      }
    }
  }

  /// One IFD entry.
  public struct Entry: Sendable, Equatable {
    public var tag: UInt16
    public var value: Value
    public init(_ tag: UInt16, _ value: Value) {
      self.tag = tag
      self.value = value
    }
  }

  /// Tags the writer fills in itself (sub-IFD pointers and thumbnail location).
  public enum Tag {
    public static let exifIFD: UInt16 = 0x8769
    public static let gpsIFD: UInt16 = 0x8825
    public static let thumbnailOffset: UInt16 = 0x0201
    public static let thumbnailLength: UInt16 = 0x0202
  }

  public var byteOrder: ByteOrder
  public var ifd0: [Entry]
  public var exif: [Entry]
  public var gps: [Entry]
  /// A baseline JPEG for IFD1 (Compression 6), or nil for no IFD1.
  public var thumbnailJPEG: [UInt8]?

  public init(
    byteOrder: ByteOrder, ifd0: [Entry], exif: [Entry] = [], gps: [Entry] = [],
    thumbnailJPEG: [UInt8]? = nil
  ) {
    self.byteOrder = byteOrder
    self.ifd0 = ifd0
    self.exif = exif
    self.gps = gps
    self.thumbnailJPEG = thumbnailJPEG
  }

  /// The TIFF structure.
  public func build() -> [UInt8] {
    var ifd0Entries = ifd0.filter { $0.tag != Tag.exifIFD && $0.tag != Tag.gpsIFD }
    if !exif.isEmpty { ifd0Entries.append(Entry(Tag.exifIFD, .long([0]))) }
    if !gps.isEmpty { ifd0Entries.append(Entry(Tag.gpsIFD, .long([0]))) }
    var ifd1Entries: [Entry] = []
    if let thumbnailJPEG {
      ifd1Entries = [
        Entry(0x0103, .short([6])),
        Entry(0x011A, .rational([Rational(72, 1)])),
        Entry(0x011B, .rational([Rational(72, 1)])),
        Entry(0x0128, .short([2])),
        Entry(Tag.thumbnailOffset, .long([0])),
        Entry(Tag.thumbnailLength, .long([UInt32(thumbnailJPEG.count)])),
      ]
    }
    // Sizes do not depend on the pointer values (LONGs fit inline), so lay out first.
    let offset0 = 8
    let offsetExif = offset0 + Self.size(of: ifd0Entries)
    let offsetGPS = offsetExif + (exif.isEmpty ? 0 : Self.size(of: exif))
    let offset1 = offsetGPS + (gps.isEmpty ? 0 : Self.size(of: gps))
    let offsetThumb = offset1 + (ifd1Entries.isEmpty ? 0 : Self.size(of: ifd1Entries))

    for i in ifd0Entries.indices {
      if ifd0Entries[i].tag == Tag.exifIFD { ifd0Entries[i].value = .long([UInt32(offsetExif)]) }
      if ifd0Entries[i].tag == Tag.gpsIFD { ifd0Entries[i].value = .long([UInt32(offsetGPS)]) }
    }
    for i in ifd1Entries.indices where ifd1Entries[i].tag == Tag.thumbnailOffset {
      ifd1Entries[i].value = .long([UInt32(offsetThumb)])
    }

    var out: [UInt8] = byteOrder == .littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
    append16(42, to: &out)
    append32(UInt32(offset0), to: &out)
    writeIFD(ifd0Entries, at: offset0, next: ifd1Entries.isEmpty ? 0 : offset1, into: &out)
    if !exif.isEmpty { writeIFD(exif, at: offsetExif, next: 0, into: &out) }
    if !gps.isEmpty { writeIFD(gps, at: offsetGPS, next: 0, into: &out) }
    if let thumbnailJPEG {
      writeIFD(ifd1Entries, at: offset1, next: 0, into: &out)
      out += thumbnailJPEG
    }
    return out
  }

  /// Bytes an IFD takes: count, entries, next pointer, then out-of-line values (even-aligned).
  static func size(of entries: [Entry]) -> Int {
    var size = 2 + 12 * entries.count + 4
    for e in entries where e.value.byteCount > 4 { size += (e.value.byteCount + 1) & ~1 }
    return size
  }

  private func writeIFD(_ unsorted: [Entry], at offset: Int, next: Int, into out: inout [UInt8]) {
    // TIFF requires entries in ascending tag order.
    let entries = unsorted.sorted { $0.tag < $1.tag }
    var dataOffset = offset + 2 + 12 * entries.count + 4
    var data: [UInt8] = []
    append16(UInt16(entries.count), to: &out)
    for e in entries {
      append16(e.tag, to: &out)
      append16(e.value.type, to: &out)
      append32(UInt32(e.value.count), to: &out)
      var bytes: [UInt8] = []
      serialize(e.value, into: &bytes)
      if bytes.count <= 4 {
        out += bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
      } else {
        append32(UInt32(dataOffset), to: &out)
        data += bytes
        if bytes.count & 1 == 1 { data.append(0) }
        dataOffset += (bytes.count + 1) & ~1
      }
    }
    append32(UInt32(next), to: &out)
    out += data
  }

  private func serialize(_ value: Value, into out: inout [UInt8]) {
    switch value {
    case .byte(let v), .undefined(let v): out += v
    case .ascii(let s):
      out += s.utf8
      out.append(0)
    case .short(let v): for x in v { append16(x, to: &out) }
    case .long(let v): for x in v { append32(x, to: &out) }
    case .rational(let v):
      for r in v {
        append32(r.numerator, to: &out)
        append32(r.denominator, to: &out)
      }
    }
  }

  private func append16(_ v: UInt16, to out: inout [UInt8]) {
    if byteOrder == .littleEndian {
      out += [UInt8(v & 0xFF), UInt8(v >> 8)]
    } else {
      out += [UInt8(v >> 8), UInt8(v & 0xFF)]
    }
  }

  private func append32(_ v: UInt32, to out: inout [UInt8]) {
    if byteOrder == .littleEndian {
      out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
    } else {
      out += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
  }
}

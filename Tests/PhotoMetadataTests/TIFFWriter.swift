/// Builds TIFF/EXIF bytes by hand for the parser tests, in either byte order.
///
/// IFDs are written children first so that every pointer is known when it is written; the
/// header's IFD0 pointer is patched at the end with `setFirstIFD`.
struct TIFFWriter {
  enum Value {
    case short([Int])
    case long([Int])
    case ascii(String)
    /// Bytes written as they are (no NUL added), as type ASCII.
    case asciiBytes([UInt8])
    case rational([(Int, Int)])
    case byte([Int])
    /// Any type, count and payload: for hostile entries (wrong counts, wrong types).
    case raw(type: Int, count: Int, payload: [UInt8])
  }

  let littleEndian: Bool
  private(set) var bytes: [UInt8]

  init(littleEndian: Bool) {
    self.littleEndian = littleEndian
    bytes = littleEndian ? [0x49, 0x49, 42, 0] : [0x4D, 0x4D, 0, 42]
    bytes += [0, 0, 0, 0]  // IFD0 offset, patched by setFirstIFD
  }

  func u16(_ v: Int) -> [UInt8] {
    let b = [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    return littleEndian ? b.reversed() : b
  }

  func u32(_ v: Int) -> [UInt8] {
    let b = [
      UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16),
      UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v),
    ]
    return littleEndian ? b.reversed() : b
  }

  mutating func setFirstIFD(_ offset: Int) {
    bytes.replaceSubrange(4..<8, with: u32(offset))
  }

  /// Appends raw data (a thumbnail, say) and returns its offset.
  mutating func append(_ data: [UInt8]) -> Int {
    if bytes.count % 2 == 1 { bytes.append(0) }
    let offset = bytes.count
    bytes += data
    return offset
  }

  /// Appends an IFD with `entries` and its out-of-line values; returns its offset.
  @discardableResult
  mutating func ifd(_ entries: [(Int, Value)], next: Int = 0, declaredCount: Int? = nil) -> Int {
    if bytes.count % 2 == 1 { bytes.append(0) }
    let offset = bytes.count
    var table = u16(declaredCount ?? entries.count)
    var data: [UInt8] = []
    let dataStart = offset + 2 + entries.count * 12 + 4
    for (tag, value) in entries {
      let (type, count, payload) = encode(value)
      table += u16(tag) + u16(type) + u32(count)
      if payload.count <= 4 {
        table += payload + [UInt8](repeating: 0, count: 4 - payload.count)
      } else {
        table += u32(dataStart + data.count)
        data += payload
        if data.count % 2 == 1 { data.append(0) }
      }
    }
    table += u32(next)
    bytes += table + data
    return offset
  }

  private func encode(_ value: Value) -> (Int, Int, [UInt8]) {
    switch value {
    case .short(let v): return (3, v.count, v.flatMap(u16))
    case .long(let v): return (4, v.count, v.flatMap(u32))
    case .ascii(let s): return (2, s.utf8.count + 1, Array(s.utf8) + [0])
    case .asciiBytes(let b): return (2, b.count, b)
    case .rational(let v): return (5, v.count, v.flatMap { u32($0.0) + u32($0.1) })
    case .byte(let v): return (1, v.count, v.map { UInt8(truncatingIfNeeded: $0) })
    case .raw(let type, let count, let payload): return (type, count, payload)
    }
  }
}

/// Small file builders around TIFF payloads.
enum TestFiles {
  /// SOI, APP1 Exif with `tiff`, SOF0 of `width`×`height`, a minimal SOS and EOI.
  static func jpeg(exif tiff: [UInt8]?, width: Int = 640, height: Int = 480) -> [UInt8] {
    var out: [UInt8] = [0xFF, 0xD8]
    if let tiff {
      let length = 2 + 6 + tiff.count
      out += [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
      out += Array("Exif".utf8) + [0, 0] + tiff
    }
    out += [0xFF, 0xC0, 0, 17, 8, UInt8(height >> 8), UInt8(height & 0xFF)]
    out += [UInt8(width >> 8), UInt8(width & 0xFF), 3]
    out += [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
    out += [0xFF, 0xDA, 0, 12, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0]
    out += [0x12, 0x34, 0xFF, 0xD9]
    return out
  }

  /// The file index where the TIFF header of `jpeg(exif:)` starts.
  static let jpegTIFFStart = 2 + 4 + 6

  /// A PNG with IHDR and the given extra chunks (CRCs are not checked by the reader).
  static func png(width: Int, height: Int, chunks: [(String, [UInt8])]) -> [UInt8] {
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    func chunk(_ type: String, _ data: [UInt8]) {
      out += be32(data.count) + Array(type.utf8) + data + [0, 0, 0, 0]
    }
    chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
    for (type, data) in chunks { chunk(type, data) }
    chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
    chunk("IEND", [])
    return out
  }

  static func be32(_ v: Int) -> [UInt8] {
    [
      UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16),
      UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v),
    ]
  }

  static func le32(_ v: Int) -> [UInt8] { be32(v).reversed() }

  /// An ISO-BMFF box.
  static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
    be32(8 + content.count) + Array(type.utf8) + content
  }
}

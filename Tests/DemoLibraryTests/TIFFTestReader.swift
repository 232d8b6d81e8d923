/// A tiny TIFF/EXIF reader for the tests: reads IFD0, the Exif and GPS sub-IFDs and IFD1 of
/// an EXIF block, independently of the writer under test.
struct TIFFTestReader {
  enum Value: Equatable {
    case ascii(String)
    case numbers([UInt32])
    case rationals([Double])
    case bytes([UInt8])
  }

  let bytes: [UInt8]
  let little: Bool
  var ifd0: [UInt16: Value] = [:]
  var exif: [UInt16: Value] = [:]
  var gps: [UInt16: Value] = [:]
  var ifd1: [UInt16: Value] = [:]

  init?(_ bytes: [UInt8]) {
    guard bytes.count >= 8 else { return nil }
    self.bytes = bytes
    if bytes[0] == 0x49 && bytes[1] == 0x49 {
      little = true
    } else if bytes[0] == 0x4D && bytes[1] == 0x4D {
      little = false
    } else {
      return nil
    }
    guard u16(2) == 42 else { return nil }
    let first = Int(u32(4))
    guard let (entries0, next) = readIFD(at: first) else { return nil }
    ifd0 = entries0
    if case .numbers(let p)? = ifd0[0x8769], let (e, _) = readIFD(at: Int(p[0])) { exif = e }
    if case .numbers(let p)? = ifd0[0x8825], let (g, _) = readIFD(at: Int(p[0])) { gps = g }
    if next != 0, let (one, _) = readIFD(at: next) { ifd1 = one }
  }

  func u16(_ at: Int) -> UInt16 {
    let a = UInt16(bytes[at])
    let b = UInt16(bytes[at + 1])
    return little ? a | b << 8 : a << 8 | b
  }

  func u32(_ at: Int) -> UInt32 {
    let a = UInt32(u16(at))
    let b = UInt32(u16(at + 2))
    return little ? a | b << 16 : a << 16 | b
  }

  private func readIFD(at offset: Int) -> ([UInt16: Value], Int)? {
    guard offset + 2 <= bytes.count else { return nil }
    let count = Int(u16(offset))
    guard offset + 2 + count * 12 + 4 <= bytes.count else { return nil }
    var out: [UInt16: Value] = [:]
    for i in 0..<count {
      let e = offset + 2 + i * 12
      let tag = u16(e)
      let type = u16(e + 2)
      let n = Int(u32(e + 4))
      let size = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1][Int(type)] ?? 0
      guard size > 0 else { continue }
      let at = n * size <= 4 ? e + 8 : Int(u32(e + 8))
      guard at + n * size <= bytes.count else { return nil }
      switch type {
      case 2:
        let raw = bytes[at..<(at + n)].prefix { $0 != 0 }
        out[tag] = .ascii(String(decoding: raw, as: UTF8.self))
      case 3: out[tag] = .numbers((0..<n).map { UInt32(u16(at + $0 * 2)) })
      case 4: out[tag] = .numbers((0..<n).map { u32(at + $0 * 4) })
      case 5:
        out[tag] = .rationals(
          (0..<n).map { Double(u32(at + $0 * 8)) / Double(u32(at + $0 * 8 + 4)) })
      default: out[tag] = .bytes(Array(bytes[at..<(at + n)]))
      }
    }
    return (out, Int(u32(offset + 2 + count * 12)))
  }

  static func string(_ v: Value?) -> String? {
    if case .ascii(let s)? = v { return s }
    return nil
  }

  static func number(_ v: Value?) -> UInt32? {
    if case .numbers(let n)? = v { return n.first }
    return nil
  }

  static func rationals(_ v: Value?) -> [Double]? {
    if case .rationals(let r)? = v { return r }
    return nil
  }
}

/// JPEG segment helpers for the tests.
enum JPEGTestParser {
  /// The TIFF bytes of the APP1 Exif segment right after SOI, or nil.
  static func exifRightAfterSOI(_ jpeg: [UInt8]) -> [UInt8]? {
    guard jpeg.count > 12, jpeg[0] == 0xFF, jpeg[1] == 0xD8, jpeg[2] == 0xFF, jpeg[3] == 0xE1
    else { return nil }
    let length = Int(jpeg[4]) << 8 | Int(jpeg[5])
    guard Array(jpeg[6..<12]) == Array("Exif\0\0".utf8), 4 + length <= jpeg.count else {
      return nil
    }
    return Array(jpeg[12..<(4 + length)])
  }

  /// Width and height from the first SOF marker.
  static func frameSize(_ jpeg: [UInt8]) -> (width: Int, height: Int)? {
    var i = 2
    while i + 9 < jpeg.count {
      guard jpeg[i] == 0xFF else { return nil }
      let marker = jpeg[i + 1]
      let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
      if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
        let h = Int(jpeg[i + 5]) << 8 | Int(jpeg[i + 6])
        let w = Int(jpeg[i + 7]) << 8 | Int(jpeg[i + 8])
        return (w, h)
      }
      i += 2 + length
    }
    return nil
  }
}

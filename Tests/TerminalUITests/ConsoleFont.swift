import Foundation
import LightboxTestSupport

/// The characters a font has: a Linux console font's unicode table (PSF1 or PSF2, gzipped
/// as Debian ships them) or a TrueType font's cmap as `fc-query` reports it.
struct FontCharset {
  let name: String
  let scalars: Set<UInt32>

  func contains(_ scalar: Unicode.Scalar) -> Bool { scalars.contains(scalar.value) }

  /// The unicode table of a `.psf` or `.psf.gz` console font; nil when the file cannot be
  /// read or has no table.
  static func consoleFont(at path: String) -> FontCharset? {
    let raw = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lightbox-psf-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    ).path
    defer { unlink(raw) }
    let command = path.hasSuffix(".gz") ? "gzip -dc '\(path)' > '\(raw)'" : "cp '\(path)' '\(raw)'"
    guard Subprocess.run(["sh", "-c", command]).status == 0,
      let data = FileManager.default.contents(atPath: raw)
    else { return nil }
    let bytes = [UInt8](data)
    guard let scalars = psf2Table(bytes) ?? psf1Table(bytes) else { return nil }
    return FontCharset(name: (path as NSString).lastPathComponent, scalars: scalars)
  }

  /// PSF1: magic 36 04, mode, glyph height; the table has UCS-2 entries, each glyph's list
  /// ending in FFFF (FFFE starts a sequence).
  static func psf1Table(_ b: [UInt8]) -> Set<UInt32>? {
    guard b.count > 4, b[0] == 0x36, b[1] == 0x04, b[2] & 0x02 != 0 else { return nil }
    let glyphs = b[2] & 0x01 != 0 ? 512 : 256
    var i = 4 + glyphs * Int(b[3])
    var scalars: Set<UInt32> = []
    var inSequence = false
    while i + 1 < b.count {
      let value = UInt32(b[i]) | UInt32(b[i + 1]) << 8
      i += 2
      if value == 0xFFFF {
        inSequence = false
      } else if value == 0xFFFE {
        inSequence = true
      } else if !inSequence {
        scalars.insert(value)
      }
    }
    return scalars
  }

  /// PSF2: magic 72 b5 4a 86, a header of little-endian words; the table has UTF-8 entries,
  /// each glyph's list ending in FF (FE starts a sequence).
  static func psf2Table(_ b: [UInt8]) -> Set<UInt32>? {
    guard b.count > 32, b[0] == 0x72, b[1] == 0xB5, b[2] == 0x4A, b[3] == 0x86 else {
      return nil
    }
    func word(_ at: Int) -> Int {
      Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24
    }
    guard word(12) & 1 != 0 else { return nil }
    var i = word(8) + word(16) * word(20)
    var scalars: Set<UInt32> = []
    var inSequence = false
    while i < b.count {
      if b[i] == 0xFF {
        inSequence = false
        i += 1
        continue
      }
      if b[i] == 0xFE {
        inSequence = true
        i += 1
        continue
      }
      let length = b[i] < 0x80 ? 1 : b[i] < 0xE0 ? 2 : b[i] < 0xF0 ? 3 : 4
      guard i + length <= b.count,
        let text = String(bytes: b[i..<(i + length)], encoding: .utf8),
        let scalar = text.unicodeScalars.first
      else { return nil }
      if !inSequence { scalars.insert(scalar.value) }
      i += length
    }
    return scalars
  }

  /// The cmap of a TrueType font, from `fc-query --format '%{charset}'` ("20-7e a0-1c3 …").
  static func trueTypeFont(at path: String) -> FontCharset? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let result = Subprocess.run(["fc-query", "--format", "%{charset}", path])
    guard result.status == 0 else { return nil }
    var scalars: Set<UInt32> = []
    for range in result.output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      let ends = range.split(separator: "-").compactMap { UInt32($0, radix: 16) }
      guard let low = ends.first, let high = ends.last, low <= high else { return nil }
      scalars.formUnion(low...high)
    }
    return scalars.isEmpty
      ? nil : FontCharset(name: (path as NSString).lastPathComponent, scalars: scalars)
  }
}

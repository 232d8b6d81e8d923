import Pixels

/// Reads a PNG's header size and text chunks without decoding it: a chunk walk from the
/// signature to IEND. Text may come after the image data (ImageMagick puts it there), so
/// the walk does not stop at IDAT; it only skips over it.
public struct PNGTextReader: Sendable, Equatable {
  /// IHDR width and height.
  public var width = 0
  public var height = 0
  /// tEXt and uncompressed iTXt entries, first occurrence of each key.
  public var text: [String: String] = [:]

  /// The header and text of `bytes`, or nil when they are not a PNG with an IHDR first.
  /// Chunks whose CRC does not match are ignored; compressed text (zTXt, compressed iTXt)
  /// is skipped, as this reader has no inflate.
  public static func read(_ bytes: [UInt8]) -> PNGTextReader? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 33, Array(bytes[0..<8]) == signature else { return nil }
    var reader = PNGTextReader()
    var i = 8
    var first = true
    while i + 12 <= bytes.count {
      let length = Int(be32(bytes, i))
      let type = bytes[(i + 4)..<(i + 8)]
      let data = i + 8
      // Bounds: lengths above 2^31 are invalid PNG; also must fit in what we have.
      guard length <= Int(Int32.max), data + length + 4 <= bytes.count else { break }
      let name = String(decoding: type, as: UTF8.self)
      if first {
        guard name == "IHDR", length == 13 else { return nil }
        reader.width = Int(be32(bytes, data))
        reader.height = Int(be32(bytes, data + 4))
        first = false
      } else if name == "IEND" {
        break
      } else if name == "tEXt" || name == "iTXt" {
        let crc = be32(bytes, data + length)
        if PNGEncoder.crc32(bytes[(i + 4)..<(data + length)]) == crc {
          let body = Array(bytes[data..<(data + length)])
          if let (key, value) = name == "tEXt" ? parseText(body) : parseInternational(body),
            reader.text[key] == nil
          {
            reader.text[key] = value
          }
        }
      }
      i = data + length + 4
    }
    return first ? nil : reader
  }

  /// True when `Thumb::URI` and `Thumb::MTime` match `source` (and `Thumb::Size`, when
  /// present): the spec's validity test.
  public func matches(_ source: ThumbnailSource) -> Bool {
    guard text["Thumb::URI"] == source.uri, let mtime = text["Thumb::MTime"],
      Self.wholeSeconds(mtime) == source.modificationTime
    else { return false }
    if let size = text["Thumb::Size"], let value = Int64(size.trimmingSpaces),
      value != source.byteSize
    {
      return false
    }
    return true
  }

  /// An integer MTime, or the whole part of a decimal one (some writers add a fraction).
  static func wholeSeconds(_ text: String) -> Int64? {
    let trimmed = text.trimmingSpaces
    if let value = Int64(trimmed) { return value }
    let whole = trimmed.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
    return trimmed.contains(".") ? Int64(whole) : nil
  }

  private static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
    UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
  }

  /// tEXt: keyword NUL text, both Latin-1.
  private static func parseText(_ body: [UInt8]) -> (String, String)? {
    guard let nul = body.firstIndex(of: 0), nul > 0 else { return nil }
    return (latin1(body[..<nul]), latin1(body[(nul + 1)...]))
  }

  /// iTXt: keyword NUL flag method language NUL translated NUL text (UTF-8).
  private static func parseInternational(_ body: [UInt8]) -> (String, String)? {
    guard let nul = body.firstIndex(of: 0), nul > 0, nul + 2 < body.count,
      body[nul + 1] == 0  // uncompressed only
    else { return nil }
    var j = nul + 3
    guard let languageEnd = body[j...].firstIndex(of: 0) else { return nil }
    j = languageEnd + 1
    guard j <= body.count, let translatedEnd = body[j...].firstIndex(of: 0) else { return nil }
    j = translatedEnd + 1
    return (latin1(body[..<nul]), String(decoding: body[j...], as: UTF8.self))
  }

  private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
    String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
  }
}

extension String {
  /// Without leading and trailing spaces.
  fileprivate var trimmingSpaces: String {
    var s = Substring(self)
    while s.first == " " { s.removeFirst() }
    while s.last == " " { s.removeLast() }
    return String(s)
  }
}

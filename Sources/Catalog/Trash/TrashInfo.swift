#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `.trashinfo` format of the freedesktop Trash specification: a `[Trash Info]` group
/// with `Path=` (percent-encoded bytes) and `DeletionDate=` (local `YYYY-MM-DDThh:mm:ss`).
enum TrashInfo {
  /// The file's text for an item that was at `path` (absolute, or relative to the volume's
  /// top directory), trashed at `now`.
  static func text(path: [UInt8], now: Int64) -> String {
    "[Trash Info]\nPath=\(percentEncoded(path))\nDeletionDate=\(deletionDate(now))\n"
  }

  /// RFC 2396 escaping as the spec asks: unreserved bytes and "/" stay, the rest is %XX.
  static func percentEncoded(_ bytes: [UInt8]) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    for b in bytes {
      switch b {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
        UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.append(b)
      default:
        out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 0xF)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The bytes of a percent-encoded value; nil for a broken escape.
  static func percentDecoded(_ text: Substring) -> [UInt8]? {
    var out: [UInt8] = []
    let bytes = Array(text.utf8)
    var i = 0
    func nibble(_ c: UInt8) -> UInt8? {
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
      default: return nil
      }
    }
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "%") {
        guard i + 2 < bytes.count, let hi = nibble(bytes[i + 1]), let lo = nibble(bytes[i + 2])
        else { return nil }
        out.append(hi << 4 | lo)
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return out
  }

  /// `now` as local `YYYY-MM-DDThh:mm:ss`.
  static func deletionDate(_ now: Int64) -> String {
    var t = time_t(now)
    var parts = tm()
    guard localtime_r(&t, &parts) != nil else { return "1970-01-01T00:00:00" }
    func pad(_ n: Int32, _ width: Int) -> String {
      let s = String(n)
      return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
    return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))"
      + "T\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))"
  }

  /// Seconds since the epoch of a local `YYYY-MM-DDThh:mm:ss`; nil when it is not one.
  static func parseDeletionDate(_ text: String) -> Int64? {
    let b = Array(text.utf8)
    guard b.count == 19, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
      b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":")
    else { return nil }
    func number(_ range: Range<Int>) -> Int32? {
      var n: Int32 = 0
      for i in range {
        guard b[i] >= UInt8(ascii: "0"), b[i] <= UInt8(ascii: "9") else { return nil }
        n = n * 10 + Int32(b[i] - UInt8(ascii: "0"))
      }
      return n
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var parts = tm()
    parts.tm_year = year - 1900
    parts.tm_mon = month - 1
    parts.tm_mday = day
    parts.tm_hour = hour
    parts.tm_min = minute
    parts.tm_sec = second
    parts.tm_isdst = -1  // let the time zone rules decide
    // Years 0–9999 cannot overflow a 64-bit time_t, so mktime's -1 is a real second here.
    return Int64(mktime(&parts))
  }

  /// Parses a `.trashinfo`: the raw Path bytes (percent-decoded, maybe relative) and the
  /// DeletionDate text; or why it is not one.
  static func parse(_ text: String) throws -> (path: [UInt8], deletionDate: String) {
    var inGroup = false
    var sawGroup = false
    var path: [UInt8]?
    var date: String?
    // isNewline: "\r\n" is one Character in Swift, so splitting on "\n" would miss it.
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("[") {
        inGroup = line == "[Trash Info]"
        if inGroup { sawGroup = true }
        continue
      }
      // Keys are only read in the first "[Trash Info]" group; the first value wins.
      guard inGroup, let equals = line.firstIndex(of: "=") else { continue }
      let key = line[..<equals]
      let value = line[line.index(after: equals)...]
      if key == "Path", path == nil {
        guard let bytes = percentDecoded(value), !bytes.isEmpty else {
          throw CatalogError("broken Path= in the .trashinfo")
        }
        path = bytes
      } else if key == "DeletionDate", date == nil {
        date = String(value)
      }
    }
    guard sawGroup else { throw CatalogError("not a .trashinfo (no [Trash Info] group)") }
    guard let path else { throw CatalogError("the .trashinfo has no Path=") }
    guard let date else { throw CatalogError("the .trashinfo has no DeletionDate=") }
    return (path, date)
  }
}

import Decoders
import Pixels

/// A thumbnail entry's place in the cache, compactly: its folder (by index in the usage
/// index's folder list) and the MD5 of its URI (the file name), 17 bytes instead of a path.
struct EntryKey: Hashable, Sendable {
  var folder: UInt8
  var high: UInt64
  var low: UInt64

  /// The key of "FOLDER/32-hex-digits.png", or nil for any other name.
  init?(relativePath: String, folders: [String]) {
    guard let slash = relativePath.lastIndex(of: "/"),
      let folder = folders.firstIndex(of: String(relativePath[..<slash])),
      folder <= Int(UInt8.max)
    else { return nil }
    let name = Array(relativePath[relativePath.index(after: slash)...].utf8)
    guard name.count == 36, name.suffix(4).elementsEqual(".png".utf8),
      let high = Self.hex(name[0..<16]), let low = Self.hex(name[16..<32])
    else { return nil }
    self.folder = UInt8(folder)
    self.high = high
    self.low = low
  }

  /// "FOLDER/md5.png".
  func relativePath(_ folders: [String]) -> String {
    folders[Int(folder)] + "/" + Self.hexText(high) + Self.hexText(low) + ".png"
  }

  private static func hex(_ digits: ArraySlice<UInt8>) -> UInt64? {
    var value: UInt64 = 0
    for digit in digits {
      let nibble: UInt8
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
      default: return nil  // MD5 names are lower-case, as the spec writes them
      }
      value = value << 4 | UInt64(nibble)
    }
    return value
  }

  private static func hexText(_ value: UInt64) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }
}

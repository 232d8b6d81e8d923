/// Builds small MP4/QuickTime files box by box for the video metadata tests.
enum MovieBuilder {
  static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
    box(bytes: Array(type.utf8), content)
  }

  static func box(bytes type: [UInt8], _ content: [UInt8]) -> [UInt8] {
    be32(8 + content.count) + type + content
  }

  static func be32(_ value: Int) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
  }

  static func be16(_ value: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
  }

  static func be64(_ value: Int) -> [UInt8] { be32(value >> 32) + be32(value) }

  /// A display matrix turning the frame `degrees` clockwise (QuickTime's a, b, c, d).
  static func matrix(_ degrees: Int) -> [UInt8] {
    let one = 0x10000
    let (a, b, c, d): (Int, Int, Int, Int) =
      switch degrees {
      case 90: (0, one, -one, 0)
      case 180: (-one, 0, 0, -one)
      case 270: (0, -one, one, 0)
      default: (one, 0, 0, one)
      }
    return be32(a) + be32(b) + be32(0) + be32(c) + be32(d) + be32(0) + be32(0) + be32(0)
      + be32(0x4000_0000)
  }

  /// A movie of `seconds` at 600 ticks per second, one H.264 video track of `size` turned
  /// `rotation`, created `created` (seconds since 1970), `frames` frames at `fps`; Apple keys
  /// when `appleDate` is given; `moovLast` puts `mdat` (of `mdatBytes`) first.
  static func movie(
    seconds: Double = 12.5, width: Int = 1920, height: Int = 1080, rotation: Int = 0,
    created: Int = 1_700_000_000, frames: Int = 375, fps: Int = 30, appleDate: String? = nil,
    identifier: String? = nil, location: String? = nil, udtaLocation: String? = nil,
    version1: Bool = false, moovLast: Bool = false, mdatBytes: Int = 1024
  ) -> [UInt8] {
    let qtCreated = created + 2_082_844_800
    let duration = Int(seconds * 600)
    let mvhd: [UInt8] =
      version1
      ? [1, 0, 0, 0] + be64(qtCreated) + be64(qtCreated) + be32(600) + be64(duration)
      : [0, 0, 0, 0] + be32(qtCreated) + be32(qtCreated) + be32(600) + be32(duration)
    let tkhd =
      [0, 0, 0, 7] + be32(qtCreated) + be32(qtCreated) + be32(1) + be32(0) + be32(duration)
      + [UInt8](repeating: 0, count: 16) + matrix(rotation) + be32(width << 16)
      + be32(height << 16)
    let timescale = fps * 1000
    let mdhd =
      [0, 0, 0, 0] + be32(qtCreated) + be32(qtCreated) + be32(timescale) + be32(frames * 1000)
      + [0, 0, 0, 0]
    let hdlr = [0, 0, 0, 0] + be32(0) + Array("vide".utf8) + [UInt8](repeating: 0, count: 13)
    let entry = box(
      "avc1",
      [UInt8](repeating: 0, count: 6) + be16(1) + [UInt8](repeating: 0, count: 16) + be16(width)
        + be16(height) + [UInt8](repeating: 0, count: 50))
    let stsd = box("stsd", [0, 0, 0, 0] + be32(1) + entry)
    let stts = box("stts", [0, 0, 0, 0] + be32(1) + be32(frames) + be32(1000))
    let stbl = box("stbl", stsd + stts + box("stsz", [UInt8](repeating: 0, count: 12)))
    let mdia = box("mdia", box("mdhd", mdhd) + box("hdlr", hdlr) + box("minf", stbl))
    let trak = box("trak", box("tkhd", tkhd) + mdia)
    var moovContent = box("mvhd", mvhd) + trak
    var keys: [(String, String)] = []
    if let appleDate { keys.append(("com.apple.quicktime.creationdate", appleDate)) }
    if let identifier { keys.append(("com.apple.quicktime.content.identifier", identifier)) }
    if let location { keys.append(("com.apple.quicktime.location.ISO6709", location)) }
    if !keys.isEmpty {
      let keyBoxes = keys.map { box("mdta", Array($0.0.utf8)) }.flatMap { $0 }
      var items: [UInt8] = []
      for (index, (_, value)) in keys.enumerated() {
        let data = box("data", be32(1) + be32(0) + Array(value.utf8))
        items += be32(8 + data.count) + be32(index + 1) + data
      }
      let hdlrMeta = box(
        "hdlr", [0, 0, 0, 0] + be32(0) + Array("mdta".utf8) + [UInt8](repeating: 0, count: 13))
      moovContent += box(
        "meta",
        hdlrMeta + box("keys", [0, 0, 0, 0] + be32(keys.count) + keyBoxes) + box("ilst", items))
    }
    if let udtaLocation {
      let text = Array(udtaLocation.utf8)
      moovContent += box(
        "udta", box(bytes: [0xA9] + Array("xyz".utf8), be16(text.count) + be16(0x15C7) + text))
    }
    let ftyp = box("ftyp", Array("isom".utf8) + be32(512) + Array("isomiso2avc1mp41".utf8))
    let moov = box("moov", moovContent)
    let mdat = box("mdat", [UInt8](repeating: 0xAB, count: mdatBytes))
    return moovLast ? ftyp + mdat + moov : ftyp + moov + mdat
  }
}

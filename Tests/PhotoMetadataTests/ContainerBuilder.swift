import Foundation

/// Builds small Matroska and AVI files element by element and chunk by chunk for the
/// container scanner tests.
enum ContainerBuilder {
  // MARK: EBML

  /// An EBML element: its ID bytes, an 8-byte size (or "unknown" when `unknownSize`).
  static func element(_ id: UInt32, _ content: [UInt8], unknownSize: Bool = false) -> [UInt8] {
    var idBytes: [UInt8] = []
    var rest = id
    while rest > 0 {
      idBytes.insert(UInt8(rest & 0xFF), at: 0)
      rest >>= 8
    }
    let size: [UInt8] =
      unknownSize
      ? [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
      : [0x01] + (1...7).map { UInt8(truncatingIfNeeded: content.count >> (56 - 8 * $0)) }
    return idBytes + size + content
  }

  static func uint(_ id: UInt32, _ value: UInt64) -> [UInt8] {
    element(id, (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * UInt64($0))) })
  }

  static func float(_ id: UInt32, _ value: Double) -> [UInt8] {
    uint(id, value.bitPattern)
  }

  static func text(_ id: UInt32, _ value: String) -> [UInt8] { element(id, Array(value.utf8)) }

  static func simpleTag(_ name: String, _ value: String) -> [UInt8] {
    element(0x67C8, text(0x45A3, name) + text(0x4487, value))
  }

  /// A Matroska file: the EBML header naming `docType`, then a Segment of `children`
  /// (a function of the Segment content's file offset, for SeekHead positions).
  static func matroska(
    docType: String = "matroska", unknownSegmentSize: Bool = false, _ children: [UInt8]
  ) -> [UInt8] {
    let header = element(0x1A45_DFA3, uint(0x4286, 1) + text(0x4282, docType))
    return header + element(0x1853_8067, children, unknownSize: unknownSegmentSize)
  }

  /// The offset of a Segment's content in `matroska(…)`'s output.
  static func segmentContentStart(docType: String = "matroska") -> Int {
    element(0x1A45_DFA3, uint(0x4286, 1) + text(0x4282, docType)).count + 4 + 8
  }

  /// Info with a 1 ms timestamp scale, `milliseconds` of duration and a DateUTC.
  static func info(milliseconds: Double, dateUTC: Int64?) -> [UInt8] {
    var content = uint(0x2A_D7B1, 1_000_000) + float(0x4489, milliseconds)
    if let dateUTC { content += uint(0x4461, UInt64(bitPattern: dateUTC)) }
    return element(0x1549_A966, content)
  }

  /// Tracks with an audio track first, then a video track.
  static func tracks(codecID: String, width: Int, height: Int, frameNanoseconds: UInt64?)
    -> [UInt8]
  {
    let audio = element(0xAE, uint(0xD7, 1) + uint(0x83, 2) + text(0x86, "A_OPUS"))
    var video = uint(0xD7, 2) + uint(0x83, 1) + text(0x86, codecID)
    if let frameNanoseconds { video += uint(0x23_E383, frameNanoseconds) }
    video += element(0xE0, uint(0xB0, UInt64(width)) + uint(0xBA, UInt64(height)))
    return element(0x1654_AE6B, audio + element(0xAE, video))
  }

  static func seekHead(_ entries: [(UInt32, Int)]) -> [UInt8] {
    element(
      0x114D_9B74,
      entries.flatMap { id, position in
        element(0x4DBB, uint(0x53AB, UInt64(id)) + uint(0x53AC, UInt64(position)))
      })
  }

  static func void(_ count: Int) -> [UInt8] { element(0xEC, [UInt8](repeating: 0, count: count)) }

  // MARK: RIFF

  static func le32(_ value: Int) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  static func chunk(_ id: String, _ content: [UInt8]) -> [UInt8] {
    Array(id.utf8) + le32(content.count) + content + (content.count % 2 == 1 ? [0] : [])
  }

  static func list(_ type: String, _ children: [UInt8]) -> [UInt8] {
    chunk("LIST", Array(type.utf8) + children)
  }

  /// An AVI: `avih` (µs per frame, frames, size), an audio stream then a video stream
  /// (`handler`, `compression`, rate/scale, length, height stored negative when `topDown`),
  /// an OpenDML `dmlh` when `totalFrames` is given, and `extra` chunks after `hdrl`.
  static func avi(
    microsecondsPerFrame: Int = 40_000, frames: Int = 100, width: Int = 640, height: Int = 480,
    compression: String = "XVID", rate: Int = 25, scale: Int = 1, length: Int = 100,
    topDown: Bool = false, totalFrames: Int? = nil, headerExtra: [UInt8] = [],
    extra: [UInt8] = []
  ) -> [UInt8] {
    let avih =
      le32(microsecondsPerFrame) + le32(0) + le32(0) + le32(0x10) + le32(frames) + le32(0)
      + le32(2) + le32(0) + le32(width) + le32(height) + [UInt8](repeating: 0, count: 16)
    func strh(_ type: String, handler: String, rate: Int, scale: Int, length: Int) -> [UInt8] {
      Array(type.utf8) + Array(handler.utf8) + le32(0) + le32(0) + le32(0) + le32(scale)
        + le32(rate) + le32(0) + le32(length) + le32(0) + le32(0) + le32(0)
        + [UInt8](repeating: 0, count: 8)
    }
    let audio = list(
      "strl",
      chunk("strh", strh("auds", handler: "\0\0\0\0", rate: 44_100, scale: 1, length: 999))
        + chunk("strf", [1, 0, 1, 0] + le32(44_100) + le32(88_200) + [2, 0, 16, 0]))
    let bitmap =
      le32(40) + le32(width) + le32(topDown ? -height : height) + [1, 0, 24, 0]
      + Array(compression.utf8) + le32(width * height * 3) + [UInt8](repeating: 0, count: 16)
    let video = list(
      "strl",
      chunk("strh", strh("vids", handler: "xvid", rate: rate, scale: scale, length: length))
        + chunk("strf", bitmap))
    var header = chunk("avih", avih) + audio + video + headerExtra
    if let totalFrames { header += list("odml", chunk("dmlh", le32(totalFrames))) }
    let body = Array("AVI ".utf8) + list("hdrl", header) + extra + list("movi", [0, 0, 0, 0])
    return Array("RIFF".utf8) + le32(body.count) + body
  }
}

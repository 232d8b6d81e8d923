import Pixels
import Decoders
import PhotoModel

/// Playback's part of the wire: a request for a clip's frames from a start time, answered by
/// one frame reply after another and an end reply (or an error reply, which also ends it).
///
/// Play request: "LBDP", payload length (u32), then target width and height, start in
/// milliseconds (u32 each), flags (bit 0: loop), background R, G, B (u8 each), maxPixels
/// (u64), then the path's UTF-8 bytes. Frame reply: a 12-byte header — status 2, 3 bytes of
/// padding, width and height — then the frame's time in microseconds (u64) and its RGBA
/// bytes. End reply: status 3 and 11 zero bytes. An error is the decode reply's (status 1).
extension DecodeWorkerMessage {
  static let playMagic: [UInt8] = Array("LBDP".utf8)
  /// The fixed part of a play request's payload, before the path.
  static let fixedPlayPayload = 24

  /// A request for frames: what the player asks a worker to stream.
  public struct PlayRequest: Equatable, Sendable {
    public var path: String
    /// Frames fitted into `options.target`, on `options.background`, within `maxPixels`.
    public var options: DecodeOptions
    public var startMilliseconds: Int
    /// Start again at the end (animated images).
    public var loops: Bool

    public init(path: String, options: DecodeOptions, startMilliseconds: Int, loops: Bool) {
      self.path = path
      self.options = options
      self.startMilliseconds = startMilliseconds
      self.loops = loops
    }
  }

  /// One reply of a stream.
  public enum StreamReply: Equatable, Sendable {
    /// A frame of `width × height`; `8 + width × height × 4` bytes follow.
    case frame(width: Int, height: Int)
    /// No more frames.
    case end
    /// The stream failed; a message of `length` bytes follows.
    case error(length: Int)
  }

  /// The bytes of a play request.
  public static func encode(_ request: PlayRequest) -> [UInt8] {
    let path = Array(request.path.utf8)
    let o = request.options
    var out = playMagic
    append32(&out, fixedPlayPayload + path.count)
    append32(&out, o.target.width)
    append32(&out, o.target.height)
    append32(&out, max(0, request.startMilliseconds))
    out += [request.loops ? 1 : 0, o.background.r, o.background.g, o.background.b]
    append64(&out, o.maxPixels)
    return out + path
  }

  /// The play request in `payload` (the bytes after the 8-byte head), or nil when
  /// malformed.
  public static func decodePlayRequest(payload p: [UInt8]) -> PlayRequest? {
    guard p.count > fixedPlayPayload, p.count <= fixedPlayPayload + maxPath, p[12] <= 1 else {
      return nil
    }
    let options = DecodeOptions(
      target: PixelSize(width: read32(p, 0), height: read32(p, 4)), mode: .fit, quality: .fast,
      background: RGB(p[13], p[14], p[15]), maxPixels: read64(p, 16))
    let path = String(decoding: p[fixedPlayPayload...], as: UTF8.self)
    guard !path.utf8.contains(0) else { return nil }
    return PlayRequest(
      path: path, options: options, startMilliseconds: read32(p, 8), loops: p[12] == 1)
  }

  /// The header of a frame reply with the frame's time: everything before its pixels.
  public static func frameHead(width: Int, height: Int, microseconds: Int) -> [UInt8] {
    var out: [UInt8] = [2, 0, 0, 0]
    append32(&out, width)
    append32(&out, height)
    append64(&out, microseconds)
    return out
  }

  /// The end reply.
  public static let endReply: [UInt8] = [3] + [UInt8](repeating: 0, count: 11)

  /// A stream reply's header, or nil when malformed or announcing a frame over
  /// `maxPixels` pixels.
  public static func decodeStreamReply(_ bytes: [UInt8], maxPixels: Int) -> StreamReply? {
    guard bytes.count == replyHeaderSize else { return nil }
    switch bytes[0] {
    case 1:
      let length = read32(bytes, 4)
      return length <= maxMessage ? .error(length: length) : nil
    case 2:
      let width = read32(bytes, 4)
      let height = read32(bytes, 8)
      let (area, overflow) = width.multipliedReportingOverflow(by: height)
      guard width > 0, height > 0, !overflow, area <= maxPixels else { return nil }
      return .frame(width: width, height: height)
    case 3:
      return .end
    default:
      return nil
    }
  }
}

extension DecodeWorkerMessage {
  /// The payload length announced by a play request's first 8 bytes, or nil when they are
  /// not a play request's.
  public static func payloadLength(ofPlayHead head: [UInt8]) -> Int? {
    guard head.count >= 8, Array(head[0..<4]) == playMagic else { return nil }
    let length = read32(head, 4)
    guard length > fixedPlayPayload, length <= fixedPlayPayload + maxPath else { return nil }
    return length
  }
}

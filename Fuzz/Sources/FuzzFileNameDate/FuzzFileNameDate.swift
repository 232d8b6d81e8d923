import PhotoMetadata
import PhotoModel
import TerminalUI

/// File names are attacker-chosen text: the date parser must not trap on any of them, and
/// the sanitising gate must leave no control character, bidi override or invalid scalar in
/// what it returns. Bytes are decoded as the file system hands them over (lossy UTF-8).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFileName(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let name = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  if let date = FileNameDateParser.captureDate(fromFileName: name) {
    _ = "\(date)"
  }
  _ = DateTextParser.creationTime(name)
  _ = DateTextParser.utcOffset(name)
  _ = DateTextParser.milliseconds(fromSubSec: name)
  let shown = TerminalText.sanitize(name)
  for scalar in shown.unicodeScalars {
    let v = scalar.value
    precondition(
      v >= 0x20 && !(0x7F...0x9F).contains(v), "control left in \(shown.debugDescription)")
    precondition(!(0x202A...0x202E).contains(v) && !(0x2066...0x2069).contains(v))
  }
  return 0
}

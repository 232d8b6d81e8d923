import PhotoMetadata
import PhotoModel

/// The date fields "adjust date and time" rewrites in place (`ExifDateLocator`: a JPEG's APP1
/// Exif segment, a TIFF, a HEIF's Exif item) and the shift itself: every change must stay
/// inside the file, keep its length, and leave the fields where a second look finds them
/// with the new text. The first byte picks the framing (as is, in a JPEG APP1 segment, or
/// after a TIFF header) and the shift.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExifDates(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 1 else { return 0 }
  let input = Array(UnsafeBufferPointer(start: start + 1, count: min(count - 1, 1 << 20)))
  let mode = start[0]
  var bytes: [UInt8]
  switch mode & 3 {
  case 0: bytes = input
  case 1:
    let length = min(input.count + 8, 65_535)
    bytes = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
    bytes += Array("Exif\0\0".utf8) + input.prefix(length - 8)
    bytes += [0xFF, 0xD9]
  case 2: bytes = Array("II*\0\u{8}\0\0\0".utf8) + input
  default: bytes = Array("MM\0*\0\0\0\u{8}".utf8) + input
  }
  guard let fields = ExifDateLocator.fields(in: bytes) else { return 0 }
  let seconds = Int64(mode >> 2) * 3_599 - 200_000
  let changes = ExifDateShift.changes(fields, seconds: seconds, zone: Int(mode) * 60 - 3600)
  for change in changes {
    precondition(change.range.lowerBound >= 0 && change.range.upperBound <= bytes.count)
    precondition(change.old.utf8.count == change.new.utf8.count)
  }
  guard let changed = ExifDateShift.apply(changes, to: bytes) else {
    preconditionFailure("changes made from the file must apply to it")
  }
  precondition(changed.count == bytes.count)
  let again = ExifDateLocator.fields(in: changed) ?? []
  for change in changes {
    precondition(
      again.contains { $0.range == change.range && $0.text == change.new },
      "a changed field is found again with its new text")
  }
  // And back: the undo gives the same bytes.
  let back = ExifDateShift.apply(changes.map(\.reversed), to: changed)
  precondition(back == bytes)
  return 0
}

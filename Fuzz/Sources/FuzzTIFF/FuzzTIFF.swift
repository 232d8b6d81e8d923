import PhotoMetadata
import PhotoModel

/// TIFF and BigTIFF blocks read as whole files: `TIFFBlock` and `ExifParser` on the head,
/// BigTIFF's IFD walk, and `TIFFGather` copying IFDs that lie past the head into one small
/// TIFF. The first byte picks the header (0 II, 1 MM, 2 BigTIFF II, 3 BigTIFF MM; the IFD0
/// offset is the input's) and the head length (512 bytes, 4 KB or all); reads past the head
/// come from the same bytes, counted against `RandomAccessSource`'s budget.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTIFF(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 0 else { return 0 }
  let input = Array(UnsafeBufferPointer(start: start + 1, count: min(count - 1, 300_000)))
  let knob = Int(start[0])
  let prefix: [UInt8] =
    switch knob % 4 {
    case 0: Array("II*\0".utf8)
    case 1: Array("MM\0*".utf8)
    case 2: Array("II+\0".utf8) + [8, 0, 0, 0]
    default: Array("MM\0+".utf8) + [0, 8, 0, 0]
    }
  let bytes = prefix + input
  let headLength = [512, 4096, bytes.count, bytes.count][knob / 4 % 4]
  var loads = 0
  var loaded = 0
  let metadata = MetadataReader.read(bytes: Array(bytes.prefix(headLength))) { range in
    loads += 1
    guard range.lowerBound >= 0, range.lowerBound < bytes.count else { return nil }
    let slice = Array(bytes[range.lowerBound..<min(range.upperBound, bytes.count)])
    loaded += slice.count
    return slice
  }
  if metadata.format != .raw {
    // RandomAccessSource's budget: 64 reads and 4 MB.
    precondition(loads <= 64 && loaded <= 4 * 1024 * 1024, "TIFF read budget exceeded")
  }
  _ = metadata.pixelSize.map { $0.area }
  _ = metadata.captureDate.map { "\($0)" }
  _ = metadata.gps.map { "\($0)" }
  _ = metadata.exposure.map { "\($0)" }
  return 0
}

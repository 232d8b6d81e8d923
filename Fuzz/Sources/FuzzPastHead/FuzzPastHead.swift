import PhotoMetadata
import PhotoModel

/// The walks that follow a still's own offsets past the reader's head (TIFF and BigTIFF
/// IFDs, WebP chunks, JPEG segments, a HEIF `meta` box across the head's end), through
/// `RandomAccessSource` and its budget. The first byte picks the framing (0 TIFF II, 1 TIFF
/// MM, 2 BigTIFF, 3 WebP, 4 JPEG, else HEIF); the head is the first 512 bytes and reads past
/// it come from the same bytes, counted: a still may never cost more than the budget.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPastHead(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 0 else { return 0 }
  let input = Array(UnsafeBufferPointer(start: start + 1, count: min(count - 1, 300_000)))
  let prefix: [UInt8] =
    switch start[0] % 6 {
    case 0: Array("II*\0".utf8)
    case 1: Array("MM\0*".utf8)
    case 2: Array("II+\0".utf8) + [8, 0, 0, 0]
    case 3: Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
    case 4: [0xFF, 0xD8]
    default: [0, 0, 0, 20] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1".utf8)
    }
  let bytes = prefix + input
  var loads = 0
  var loaded = 0
  let metadata = MetadataReader.read(bytes: Array(bytes.prefix(512))) { range in
    loads += 1
    guard range.lowerBound >= 0, range.lowerBound < bytes.count else { return nil }
    let slice = Array(bytes[range.lowerBound..<min(range.upperBound, bytes.count)])
    loaded += slice.count
    return slice
  }
  if metadata.format != .raw, metadata.format != .video {
    // RandomAccessSource's budget: 64 reads and 4 MB.
    precondition(loads <= 64 && loaded <= 4 * 1024 * 1024, "past-head budget exceeded")
  }
  _ = metadata.pixelSize.map { $0.area }
  _ = metadata.captureDate.map { "\($0)" }
  return 0
}

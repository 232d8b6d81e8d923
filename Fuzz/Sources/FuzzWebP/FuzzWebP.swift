import PhotoMetadata
import PhotoModel

/// The WebP chunk walk (`WebPScanner`: VP8X flags and canvas, VP8 and VP8L frame headers,
/// EXIF and XMP chunks in the head and past it): the input follows "RIFF", its size and
/// "WEBP". The first byte picks the head length (64 bytes, 512 bytes, 4 KB or all); reads
/// past the head come from the same bytes, counted against `RandomAccessSource`'s budget.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 0 else { return 0 }
  let input = Array(UnsafeBufferPointer(start: start + 1, count: min(count - 1, 300_000)))
  let bytes = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + input
  let headLength = [64, 512, 4096, bytes.count][Int(start[0]) % 4]
  var loads = 0
  var loaded = 0
  let metadata = MetadataReader.read(bytes: Array(bytes.prefix(headLength))) { range in
    loads += 1
    guard range.lowerBound >= 0, range.lowerBound < bytes.count else { return nil }
    let slice = Array(bytes[range.lowerBound..<min(range.upperBound, bytes.count)])
    loaded += slice.count
    return slice
  }
  // RandomAccessSource's budget: 64 reads and 4 MB.
  precondition(loads <= 64 && loaded <= 4 * 1024 * 1024, "WebP read budget exceeded")
  _ = metadata.pixelSize.map { $0.area }
  _ = metadata.captureDate.map { "\($0)" }
  _ = metadata.exposure.map { "\($0)" }
  return 0
}

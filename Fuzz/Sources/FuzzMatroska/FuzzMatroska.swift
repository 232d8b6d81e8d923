import PhotoMetadata
import PhotoModel

/// The Matroska/WebM header scanner (EBML header, Segment → SeekHead, Info, Tracks, Tags):
/// the input follows the EBML magic, and elements "past the head" (the first 4 KB) are read
/// from the same bytes, as the SeekHead load reads them from a file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatroska(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let input = Array(UnsafeBufferPointer(start: start, count: min(count, 300_000)))
  let bytes: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3] + input
  let head = Array(bytes.prefix(4096))
  let metadata = MetadataReader.read(bytes: head) { range in
    guard range.lowerBound >= 0, range.lowerBound < bytes.count else { return nil }
    return Array(bytes[range.lowerBound..<min(range.upperBound, bytes.count)])
  }
  _ = metadata.pixelSize.map { $0.area }
  _ = metadata.captureDate.map { "\($0)" }
  _ = metadata.video.map { "\($0)" }
  return 0
}

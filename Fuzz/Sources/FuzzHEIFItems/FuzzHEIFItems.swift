import PhotoMetadata
import PhotoModel

/// The HEIF item walker Lightbox writes itself (meta → pitm, iinf, iloc, iprp/ipco/ipma;
/// a `meta` box past the head; Exif and XMP items), not libheif: the input follows an
/// ftyp box with a HEIC brand, and items "past the head" are read from the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIFItems(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let input = Array(UnsafeBufferPointer(start: start, count: min(count, 300_000)))
  let bytes =
    [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
    + input
  let head = Array(bytes.prefix(4096))
  let metadata = MetadataReader.read(bytes: head) { range in
    guard range.lowerBound >= 0, range.lowerBound < bytes.count else { return nil }
    return Array(bytes[range.lowerBound..<min(range.upperBound, bytes.count)])
  }
  _ = metadata.pixelSize.map { $0.area }
  _ = metadata.captureDate.map { "\($0)" }
  return 0
}

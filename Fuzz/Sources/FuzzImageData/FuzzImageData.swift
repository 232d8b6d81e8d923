import Similarity

/// The image-data layout of exact duplicates (JPEG segments and entropy-coded scans, PNG
/// chunks, HEIF `iinf`/`iloc` items) and its SHA-256: the input is the whole file, its kind
/// told by its first bytes as `lightbox duplicates` tells it. Every range found must lie in
/// the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageData(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  if case .success(let layout) = ImageDataLayout.of(bytes) {
    for range in layout.ranges where range.lowerBound < 0 || range.upperBound > count {
      fatalError("range \(range) outside a file of \(count) bytes")
    }
    _ = ImageDataHash.digest(of: bytes)
  }
  return 0
}

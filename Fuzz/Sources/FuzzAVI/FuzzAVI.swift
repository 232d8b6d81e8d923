import PhotoMetadata
import PhotoModel

/// The AVI header scanner (RIFF → hdrl → avih, strl/strh/strf, odml/dmlh, IDIT; INFO/ICRD):
/// the input follows "RIFF" (its size, "AVI " and the chunks are the fuzzer's).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAVI(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let input = Array(UnsafeBufferPointer(start: start, count: min(count, 300_000)))
  let metadata = MetadataReader.read(bytes: Array("RIFF".utf8) + input)
  _ = metadata.pixelSize.map { $0.area }
  _ = metadata.captureDate.map { "\($0)" }
  _ = metadata.video.map { "\($0)" }
  return 0
}

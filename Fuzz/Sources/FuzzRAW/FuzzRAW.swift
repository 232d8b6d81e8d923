@_spi(Decoders) import Decoders
import PhotoMetadata
import PhotoModel

/// The RAW container walker (`RAWPreviews`: TIFF IFD chains and SubIFDs, CR3 boxes, the
/// RAF header, previews' own EXIF thumbnails) and the RAW metadata reader. The first byte
/// picks the container the rest is wrapped in, so all three layouts are reached.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRAW(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 0 else { return 0 }
  let input = Array(UnsafeBufferPointer(start: start + 1, count: min(count - 1, 200_000)))
  var bytes: [UInt8]
  switch start[0] % 4 {
  case 0: bytes = Array("II*\0".utf8) + [8, 0, 0, 0] + input  // plain TIFF-structured RAW
  case 1: bytes = Array("IIRO".utf8) + [8, 0, 0, 0] + input  // ORF magic
  case 2: bytes = Array("FUJIFILMCCD-RAW ".utf8) + input  // RAF header
  default:
    bytes = [0, 0, 0, 24] + Array("ftypcrx ".utf8) + [0, 0, 0, 1] + Array("crx isom".utf8) + input
  }
  for preview in RAWPreviews.candidates(in: bytes) {
    precondition(preview.range.lowerBound >= 0 && preview.range.upperBound <= bytes.count)
  }
  let metadata = MetadataReader.read(bytes: bytes) { range in
    range.lowerBound < bytes.count
      ? Array(bytes[range.lowerBound..<min(range.upperBound, bytes.count)]) : nil
  }
  _ = metadata.pixelSize
  let options = DecodeOptions(target: PixelSize(width: 64, height: 64), maxPixels: 4_000_000)
  _ = ImageDecoder.decode(data: bytes, options: options)
  return 0
}

import Decoders
import ThumbnailCache
import PhotoMetadata

/// The PNG chunk walkers that read without decoding: the metadata scanner (IHDR, eXIf,
/// tEXt/iTXt creation time) and the thumbnail cache's text reader (Thumb::URI, MTime).
/// Inputs without the signature get one, so mutations are spent on chunks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGChunks(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  var bytes = Array(UnsafeBufferPointer(start: start, count: count))
  let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  if !bytes.starts(with: signature) { bytes.insert(contentsOf: signature, at: 0) }
  let metadata = MetadataReader.read(bytes: bytes)
  _ = metadata.captureDate.map { "\($0)" }
  if let reader = PNGTextReader.read(bytes) {
    precondition(reader.width >= 0 && reader.height >= 0)
    _ = reader.matches(
      ThumbnailSource(path: "/a.jpg", modificationTime: 1, byteSize: 1))
  }
  return 0
}

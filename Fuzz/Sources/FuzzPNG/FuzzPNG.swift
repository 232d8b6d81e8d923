@_spi(Decoders) import Decoders
import PhotoMetadata
import PhotoModel

/// The PNG path as the browser runs it: metadata from the head, then a decode (libpng,
/// every colour type, alpha composited) fitted to a size picked by the first input byte.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 0 else { return 0 }
  let knobs = start[0]
  var bytes = Array(UnsafeBufferPointer(start: start + 1, count: count - 1))
  let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  if !bytes.starts(with: signature[0..<4]) { bytes.insert(contentsOf: signature, at: 0) }
  let metadata = MetadataReader.read(bytes: bytes)
  let side = 8 + Int(knobs & 0x3F) * 4
  let options = DecodeOptions(
    target: PixelSize(width: side, height: side), mode: knobs & 0x40 == 0 ? .fit : .fill,
    orientation: metadata.orientation, background: RGB(knobs, 128, 255 &- knobs),
    maxPixels: 16_000_000)
  if case .success(let bitmap) = ImageDecoder.decode(data: bytes, options: options) {
    precondition(bitmap.width > 0 && bitmap.height > 0)
    precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
    // Alpha is composited away: every pixel comes out opaque.
    precondition(
      stride(from: 3, to: bitmap.pixels.count, by: 4).allSatisfy {
        bitmap.pixels[$0] == 255
      })
  }
  return 0
}

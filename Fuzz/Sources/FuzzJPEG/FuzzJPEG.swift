@_spi(Decoders) import Decoders
import PhotoMetadata
import PhotoModel

/// The JPEG path as the browser runs it: metadata from the head, the EXIF thumbnail when
/// one is found, then a scaled decode with the file's orientation. The first input byte
/// picks the target size, mode and quality so both DCT scaling branches are reached.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 0 else { return 0 }
  let knobs = start[0]
  var bytes = Array(UnsafeBufferPointer(start: start + 1, count: count - 1))
  // Keep the SOI so mutations spend their time inside the JPEG, not in the sniffer.
  if bytes.count < 3 || bytes[0] != 0xFF || bytes[1] != 0xD8 {
    bytes.insert(contentsOf: [0xFF, 0xD8], at: 0)
  }
  let metadata = MetadataReader.read(bytes: bytes)
  if let range = metadata.exifThumbnail {
    if case .success(let thumb) = ExifThumbnail.decode(
      fileBytes: bytes, range: range, orientation: metadata.orientation,
      storedSize: metadata.pixelSize)
    {
      precondition(thumb.pixels.count == thumb.width * thumb.height * 4)
    }
  }
  let side = 16 + Int(knobs & 0x3F) * 8
  let options = DecodeOptions(
    target: PixelSize(width: side, height: side * 3 / 4),
    mode: knobs & 0x40 == 0 ? .fit : .fill, quality: knobs & 0x80 == 0 ? .fast : .best,
    orientation: metadata.orientation, maxPixels: 16_000_000)
  if case .success(let bitmap) = ImageDecoder.decode(data: bytes, options: options) {
    precondition(bitmap.width > 0 && bitmap.height > 0)
    precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
  }
  return 0
}

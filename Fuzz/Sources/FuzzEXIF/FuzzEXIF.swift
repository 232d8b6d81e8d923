import PhotoMetadata
import PhotoModel

/// The EXIF/TIFF reader: the input is a TIFF block (byte order, IFD0, Exif, GPS and IFD1
/// pointers), wrapped in a JPEG APP1 "Exif" segment the way a camera writes it, so the
/// reader's public entry point reaches the IFD walker directly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEXIF(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let tiff = Array(UnsafeBufferPointer(start: start, count: min(count, 65_000)))
  let length = tiff.count + 8
  var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
  bytes += Array("Exif".utf8) + [0, 0] + tiff
  // A tiny SOF so the scanner has a size to find after the APP1.
  bytes += [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x10, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00]
  bytes += [0xFF, 0xD9]
  let metadata = MetadataReader.read(bytes: bytes)
  if let range = metadata.exifThumbnail {
    precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count)
  }
  _ = metadata.orientation
  _ = metadata.captureDate.map { "\($0)" }
  return 0
}

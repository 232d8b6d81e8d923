import PhotoMetadata
import PhotoModel

/// The XMP packet's dates (`XMPDates`: attributes and elements of `photoshop:DateCreated`,
/// `xmp:CreateDate`/`xap:CreateDate` and `exif:DateTimeOriginal`) and the date text parser
/// they feed: the input is the packet of a JPEG's APP1 XMP segment.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMP(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let signature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
  let packet = Array(UnsafeBufferPointer(start: start, count: min(count, 65_000)))
  let length = 2 + signature.count + packet.count
  var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
  bytes += signature + packet
  bytes += [0xFF, 0xC0, 0, 11, 8, 0, 16, 0, 16, 1, 1, 0x11, 0, 0xFF, 0xD9]
  let metadata = MetadataReader.read(bytes: bytes)
  _ = metadata.captureDate.map { "\($0)" }
  return 0
}

import PhotoMetadata
import PhotoModel

/// The XMP packet reader (`XMPMetadata(packet:)`: the XML reader, RDF forms, regions,
/// UTF-16/32) on the input as a packet, then the same packet in a JPEG's APP1 XMP segment:
/// the dates (`XMPDates` and the date text parser they feed) and the tags read from the
/// JPEG's segments (`XMPReader.embedded`: standard packet, Extended XMP, APP13 IPTC).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMP(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let signature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
  let packet = Array(UnsafeBufferPointer(start: start, count: min(count, 65_000)))
  let tags = XMPMetadata(packet: packet)
  _ = tags.tagPaths
  _ = tags.people
  _ = tags.regions?.map(\.normalizedArea)
  _ = XMPMetadata.problem(inPacket: packet)
  let length = 2 + signature.count + packet.count
  var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
  bytes += signature + packet
  // The same bytes as an APP13 Photoshop block and an Extended XMP chunk, when they fit.
  if packet.count < 60_000 {
    let photoshop = Array("Photoshop 3.0\0".utf8) + packet
    bytes += [0xFF, 0xED, UInt8((photoshop.count + 2) >> 8), UInt8((photoshop.count + 2) & 0xFF)]
    bytes += photoshop
  }
  bytes += [0xFF, 0xC0, 0, 11, 8, 0, 16, 0, 16, 1, 1, 0x11, 0, 0xFF, 0xD9]
  let metadata = MetadataReader.read(bytes: bytes)
  _ = metadata.captureDate.map { "\($0)" }
  _ = XMPReader.embedded(head: bytes) { _ in nil }
  return 0
}

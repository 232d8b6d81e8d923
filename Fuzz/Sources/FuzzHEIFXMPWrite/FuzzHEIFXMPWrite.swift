import PhotoMetadata

/// The HEIF/AVIF XMP item writer (`HEIFXMPItem`: `HEIFMetaLayout`'s strict reading of
/// `meta`, `iinf`, `iloc`, `iref`, `pitm`, and the rewrite that moves every file offset past
/// `meta`): the input is a whole file, or follows an ftyp box with a HEIC brand. A file it accepts must read back
/// with the new packet and undo to the input byte for byte; a refusal is a one-line error,
/// never a trap. The packet's length comes from the input's first byte, so small and large
/// packets (a new `mdat` of either size) are both tried.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIFXMPWrite(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 0 else { return 0 }
  let input = Array(UnsafeBufferPointer(start: start, count: min(count, 300_000)))
  // A whole file as it is (the seeds: the corpus HEIFs, whose `iloc` offsets count their own
  // ftyp), anything else after a HEIC ftyp box.
  let file = Array(input.dropFirst())
  let bytes =
    file.count >= 8 && Array(file[4..<8]) == Array("ftyp".utf8)
    ? file
    : [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + file
  let filler = String(repeating: " ", count: Int(input[0]) * 64)
  let packet = Array(
    ("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/"
      + "02/22-rdf-syntax-ns#\"/></x:xmpmeta>" + filler).utf8)
  guard case .success(let written) = HEIFXMPItem.writing(packet, into: bytes) else { return 0 }
  guard case .success(let readBack) = HEIFXMPItem.packet(in: written.bytes),
    readBack == packet
  else { fatalError("a file the writer accepted does not read back its packet") }
  guard case .success(let restored) = HEIFXMPItem.restoring(written.undo, in: written.bytes),
    restored == bytes
  else { fatalError("a file the writer accepted does not undo byte for byte") }
  return 0
}

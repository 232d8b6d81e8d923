import PhotoMetadata
import PhotoModel

/// The MP4/QuickTime box walk (`QuickTimeScanner`: the `moov` box found in the head or past
/// it, mvhd, trak/tkhd/mdia/stsd, udta and meta keys, into a `MovieHeader`) and AVIF
/// sequences (the HEIF items, then the same movie walk). The first byte picks the `ftyp`
/// brand (0 `qt  `, 1 `isom`, 2 `avis`, 3 none: the input's own first box) and the head
/// length (256 bytes, 4 KB or all); reads past the head come from the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuickTime(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 0 else { return 0 }
  let input = Array(UnsafeBufferPointer(start: start + 1, count: min(count - 1, 300_000)))
  let knob = Int(start[0])
  let prefix: [UInt8] =
    switch knob % 4 {
    case 0: [0, 0, 0, 20] + Array("ftypqt  ".utf8) + [0, 0, 0, 0] + Array("qt  ".utf8)
    case 1: [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp42".utf8)
    case 2: [0, 0, 0, 24] + Array("ftypavis".utf8) + [0, 0, 0, 0] + Array("msf1avif".utf8)
    default: []
    }
  let bytes = prefix + input
  let headLength = [256, 4096, bytes.count, bytes.count][knob / 4 % 4]
  let metadata = MetadataReader.read(bytes: Array(bytes.prefix(headLength))) { range in
    guard range.lowerBound >= 0, range.lowerBound < bytes.count else { return nil }
    return Array(bytes[range.lowerBound..<min(range.upperBound, bytes.count)])
  }
  _ = metadata.pixelSize.map { $0.area }
  _ = metadata.captureDate.map { "\($0)" }
  _ = metadata.video.map { "\($0)" }
  _ = metadata.gps.map { "\($0)" }
  return 0
}

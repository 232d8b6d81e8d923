import LightboxTestSupport
import PhotoMetadata

/// Files whose metadata lies past the reader's head, built byte by byte, and an in-memory
/// file that counts what is read from it.
enum PastHeadFiles {
  /// One megabyte and a bit of seeded noise: image data the reader must step over.
  static func imageData(_ count: Int = 1_048_576 + 333, seed: UInt64 = 33) -> [UInt8] {
    var random = SeededGenerator(seed: seed)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count + 8)
    while bytes.count < count {
      let word = random.next()
      for shift in stride(from: 0, to: 64, by: 8) {
        bytes.append(UInt8(truncatingIfNeeded: word >> shift))
      }
    }
    return Array(bytes.prefix(count))
  }

  /// A striped TIFF as libtiff writes it: header, strip data, then the Exif IFD and IFD0.
  static func tiffWithIFDsAtTheEnd(littleEndian: Bool) -> [UInt8] {
    var w = TIFFWriter(littleEndian: littleEndian)
    let strip = w.append(imageData())
    let exif = w.ifd([
      (0x9003, .ascii("2019:05:04 13:14:15")), (0x9011, .ascii("+02:00")),
      (0x829A, .rational([(1, 60)])),
    ])
    let ifd0 = w.ifd([
      (0x0100, .long([1200])), (0x0101, .short([900])), (0x0103, .short([1])),
      (0x010F, .ascii("Epson")), (0x0110, .ascii("Perfection V600")),
      (0x0111, .long([strip])), (0x0112, .short([1])), (0x0115, .short([3])),
      (0x0117, .long([1_048_576])), (0x0132, .ascii("2019:05:06 07:08:09")),
      (0x8769, .long([exif])),
    ])
    w.setFirstIFD(ifd0)
    return w.bytes
  }

  /// A little-endian BigTIFF whose IFD0 follows a megabyte of image data.
  static func bigTIFFWithIFDAtTheEnd(width: Int, height: Int) -> [UInt8] {
    func le(_ v: Int, _ n: Int) -> [UInt8] {
      (0..<n).map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) }
    }
    let data = imageData()
    let ifd = 16 + data.count
    var out: [UInt8] = Array("II+\0".utf8) + le(8, 2) + le(0, 2) + le(ifd, 8) + data
    let entries: [(Int, Int, Int)] = [(0x0100, 4, width), (0x0101, 16, height), (0x0112, 3, 1)]
    out += le(entries.count, 8)
    for (tag, type, value) in entries { out += le(tag, 2) + le(type, 2) + le(1, 8) + le(value, 8) }
    return out + le(0, 8)
  }

  /// A RIFF chunk, padded to an even size.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    Array(type.utf8) + TestFiles.le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
  }

  /// An extended WebP as `cwebp -metadata` and `webpmux` write it: VP8X with the EXIF and
  /// XMP flags, a VP8 chunk of more than a megabyte, then the EXIF and XMP chunks.
  static func webPWithMetadataAtTheEnd(exif: [UInt8]?, xmp: String?) -> [UInt8] {
    let width = 1920
    let height = 1080
    // Key frame tag, start code, 14-bit width and height: all the reader looks at.
    var frame: [UInt8] = [0x50, 0x2A, 0x00, 0x9D, 0x01, 0x2A]
    frame += [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
    var flags: UInt8 = 0
    if exif != nil { flags |= 0x08 }
    if xmp != nil { flags |= 0x04 }
    let canvas = [width - 1, height - 1].flatMap { v in
      (0..<3).map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) }
    }
    var body = Array("WEBP".utf8)
    body += chunk("VP8X", [flags, 0, 0, 0] + canvas)
    body += chunk("VP8 ", frame + imageData())
    if let exif { body += chunk("EXIF", exif) }
    if let xmp { body += chunk("XMP ", Array(xmp.utf8)) }
    return Array("RIFF".utf8) + TestFiles.le32(body.count) + body
  }

  /// A JPEG segment: marker and its big-endian length.
  static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
    let length = body.count + 2
    return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body
  }

  /// An ICC profile of `count` bytes in APP2 "ICC_PROFILE" segments, as Photoshop writes a
  /// CMYK profile (U.S. Web Coated SWOP is 557 KB) before the frame header.
  static func iccSegments(_ count: Int = 600 * 1024) -> [UInt8] {
    let profile = imageData(count, seed: 7)
    let perSegment = 65_519
    let parts = stride(from: 0, to: profile.count, by: perSegment).map {
      Array(profile[$0..<min(profile.count, $0 + perSegment)])
    }
    return parts.enumerated().flatMap { index, part in
      segment(0xE2, Array("ICC_PROFILE\0".utf8) + [UInt8(index + 1), UInt8(parts.count)] + part)
    }
  }

  /// The markers of a YCCK JPEG as Photoshop saves one: APP1 EXIF, the ICC profile,
  /// Adobe APP14 with transform 2 (YCCK), then a four-component frame. The scan is a stub:
  /// the reader never decodes.
  static func ycckJPEG(exif: [UInt8]?, width: Int, height: Int) -> [UInt8] {
    var out: [UInt8] = [0xFF, 0xD8]
    if let exif { out += segment(0xE1, Array("Exif".utf8) + [0, 0] + exif) }
    out += iccSegments()
    out += segment(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 2])
    out += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
    out += segment(
      0xC0,
      [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 4]
        + [1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0, 4, 0x11, 0])
    out += segment(0xDA, [4, 1, 0, 2, 0, 3, 0, 4, 0, 0, 63, 0]) + [0x12, 0x34, 0xFF, 0xD9]
    return out
  }

  /// A HEIC whose `meta` box starts in the head and ends past it: a 200 KB box in front
  /// of its `iinf`, `iloc` and `iprp`, and its Exif item in `mdat` after it.
  static func heicWithMetaAcrossTheHeadsEnd(exif tiff: [UInt8]) -> [UInt8] {
    // Apple's layout: a 4-byte offset to the TIFF header, then "Exif\0\0", then TIFF.
    let payload = [0, 0, 0, 6] + Array("Exif".utf8) + [0, 0] + tiff
    func infe(_ id: Int, _ type: String) -> [UInt8] {
      TestFiles.box("infe", [2, 0, 0, 0, 0, UInt8(id), 0, 0] + Array(type.utf8) + [0])
    }
    func file(exifOffset: Int) -> [UInt8] {
      let iinf = TestFiles.box("iinf", [0, 0, 0, 0, 0, 2] + infe(1, "hvc1") + infe(2, "Exif"))
      var iloc: [UInt8] = [0, 0, 0, 0, 0x44, 0x00, 0, 2]
      iloc += [0, 1, 0, 0, 0, 1] + TestFiles.be32(0) + TestFiles.be32(0)
      iloc += [0, 2, 0, 0, 0, 1] + TestFiles.be32(exifOffset) + TestFiles.be32(payload.count)
      let ispe = TestFiles.box("ispe", [0, 0, 0, 0] + TestFiles.be32(4000) + TestFiles.be32(3000))
      let meta = TestFiles.box(
        "meta",
        [0, 0, 0, 0] + TestFiles.box("free", imageData(200_000)) + iinf
          + TestFiles.box("iloc", iloc) + TestFiles.box("iprp", TestFiles.box("ipco", ispe)))
      let ftyp = TestFiles.box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1".utf8))
      return ftyp + meta + TestFiles.box("mdat", payload)
    }
    let draft = file(exifOffset: 0)
    return file(exifOffset: draft.count - payload.count)
  }

  /// `file`'s bytes split into the reader's head and a loader for the rest that counts
  /// its reads and the bytes it returns.
  final class Reads {
    let file: [UInt8]
    private(set) var calls = 0
    private(set) var bytes = 0

    init(_ file: [UInt8]) { self.file = file }

    var head: [UInt8] { Array(file.prefix(MetadataReader.maxHeaderBytes)) }

    func load(_ range: Range<Int>) -> [UInt8]? {
      calls += 1
      guard range.lowerBound >= 0, range.lowerBound < file.count else { return nil }
      let slice = Array(file[range.lowerBound..<min(file.count, range.upperBound)])
      bytes += slice.count
      return slice
    }
  }
}

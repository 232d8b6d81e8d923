import PhotoMetadata
import PhotoModel
import XCTest

/// Format sniffing and the PNG, GIF, WebP, HEIF and TIFF/RAW readers on hand-built bytes.
final class ContainerFormatTests: XCTestCase {
  private static func orientationTIFF(_ value: Int, littleEndian: Bool = true) -> [UInt8] {
    var w = TIFFWriter(littleEndian: littleEndian)
    w.setFirstIFD(w.ifd([(0x0112, .short([value]))]))
    return w.bytes
  }

  private static func ftyp(_ major: String, _ compatible: [String] = []) -> [UInt8] {
    TestFiles.box("ftyp", Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) })
  }

  func testSniffsFormatsByContent() {
    let cases: [([UInt8], MediaFormat?)] = [
      (TestFiles.jpeg(exif: nil), .jpeg),
      (TestFiles.png(width: 1, height: 1, chunks: []), .png),
      (Array("GIF89a".utf8) + [1, 0, 1, 0], .gif),
      (Array("GIF87a".utf8) + [1, 0, 1, 0], .gif),
      (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8), .webp),
      (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("AVI LIST".utf8), .video),
      (Self.ftyp("heic", ["mif1", "heic"]), .heic),
      (Self.ftyp("mif1", ["heic"]), .heic),
      (Self.ftyp("avif", ["mif1"]), .avif),
      (Self.ftyp("mif1", ["avif", "miaf"]), .avif),
      (Self.ftyp("avis", ["avif", "avis", "msf1", "iso8", "mif1", "miaf"]), .avifSequence),
      (Self.ftyp("avis", ["avis", "msf1", "iso8", "miaf"]), .avifSequence),
      (Self.ftyp("msf1", ["avif", "avis"]), .avifSequence),
      (Self.ftyp("msf1", ["hevc"]), .heic),
      (Self.ftyp("miaf", ["avif"]), .avif),
      (Self.ftyp("isom", ["isom", "mp41"]), .video),
      (Self.ftyp("mp42"), .video),
      (Self.ftyp("qt  "), .video),
      (Self.ftyp("XXXX", ["mp42"]), .video),
      (Self.ftyp("crx "), .raw),
      (Self.ftyp("XXXX", ["YYYY"]), nil),
      (Self.orientationTIFF(1, littleEndian: true), .tiff),
      (Self.orientationTIFF(1, littleEndian: false), .tiff),
      (Array("II*\0".utf8) + [16, 0, 0, 0] + Array("CR".utf8) + [2, 0, 0, 0, 0, 0], .raw),
      (Array("FUJIFILMCCD-RAW 0201".utf8), .raw),
      ([0x1A, 0x45, 0xDF, 0xA3, 0, 0, 0, 0], .video),
      ([0, 0, 0, 8] + Array("moov".utf8), .video),
      ([], nil),
      ([0xFF, 0xD8], nil),
      (Array("hello world, not an image".utf8), nil),
      ([0x89] + Array("PNX\r\n".utf8), nil),
    ]
    for (index, (bytes, expected)) in cases.enumerated() {
      XCTAssertEqual(FormatSniffer.format(of: bytes), expected, "case \(index)")
      XCTAssertEqual(MetadataReader.read(bytes: bytes).format, expected, "case \(index)")
    }
  }

  func testDNGLikeTIFFIsRaw() {
    var w = TIFFWriter(littleEndian: true)
    w.setFirstIFD(
      w.ifd([
        (0x00FE, .long([1])), (0x0100, .long([256])), (0x0101, .long([171])),
        (0xC612, .byte([1, 4, 0, 0])), (0x0110, .ascii("Camera")),
      ]))
    let m = MetadataReader.read(bytes: w.bytes)
    XCTAssertEqual(m.format, .raw)
    XCTAssertEqual(m.cameraModel, "Camera")
    XCTAssertNil(m.pixelSize, "IFD0 is a preview: its size is not the image's")
  }

  func testTIFFSizeAndExifFromIFD0() {
    var w = TIFFWriter(littleEndian: false)
    let exif = w.ifd([(0x9003, .ascii("2020:01:02 03:04:05"))])
    w.setFirstIFD(
      w.ifd([
        (0x0100, .short([300])), (0x0101, .long([200])), (0x0112, .short([8])),
        (0x8769, .long([exif])),
      ]))
    let m = MetadataReader.read(bytes: w.bytes)
    XCTAssertEqual(m.format, .tiff)
    XCTAssertEqual(m.pixelSize, PixelSize(width: 300, height: 200))
    XCTAssertEqual(m.exifOrientation, 8)
    XCTAssertEqual(m.captureDate?.year, 2020)
  }

  func testPNGSizeEXIfAndCreationTime() throws {
    let png = TestFiles.png(
      width: 1920, height: 1080,
      chunks: [
        ("tEXt", Array("Creation Time\0Tue, 13 Aug 2024 10:22:01 +0900".utf8)),
        ("eXIf", Self.orientationTIFF(3, littleEndian: false)),
      ])
    let m = MetadataReader.read(bytes: png)
    XCTAssertEqual(m.format, .png)
    XCTAssertEqual(m.pixelSize, PixelSize(width: 1920, height: 1080))
    XCTAssertEqual(m.exifOrientation, 3)
    let date = try XCTUnwrap(m.captureDate)
    XCTAssertEqual(date.source, .pngText)
    XCTAssertEqual(
      [date.year, date.month, date.day, date.hour, date.minute, date.second],
      [2024, 8, 13, 10, 22, 1])
    XCTAssertEqual(date.utcOffsetSeconds, 9 * 3600)
  }

  func testPNGEXIfDateWinsOverCreationTime() throws {
    var w = TIFFWriter(littleEndian: true)
    let exif = w.ifd([(0x9003, .ascii("2021:05:06 07:08:09"))])
    w.setFirstIFD(w.ifd([(0x8769, .long([exif]))]))
    let png = TestFiles.png(
      width: 4, height: 4,
      chunks: [("tEXt", Array("Creation Time\02024:08:13 10:22:01".utf8)), ("eXIf", w.bytes)])
    let date = try XCTUnwrap(MetadataReader.read(bytes: png).captureDate)
    XCTAssertEqual([date.year, date.month, date.day], [2021, 5, 6])
  }

  func testPNGiTXtCreationTimeAndIgnoredChunks() throws {
    let itxt =
      Array("Creation Time".utf8) + [0, 0, 0] + Array("en".utf8) + [0, 0]
      + Array("2024-08-13T10:22:01.250Z".utf8)
    let compressed = Array("Creation Time".utf8) + [0, 1, 0, 0, 0] + [0x78, 0x9C]
    let other = Array("Comment\02024:01:01 00:00:00".utf8)
    let png = TestFiles.png(
      width: 2, height: 3, chunks: [("iTXt", compressed), ("tEXt", other), ("iTXt", itxt)])
    let m = MetadataReader.read(bytes: png)
    let date = try XCTUnwrap(m.captureDate)
    XCTAssertEqual(
      [date.year, date.month, date.day, date.hour, date.millisecond], [2024, 8, 13, 10, 250])
    XCTAssertEqual(date.utcOffsetSeconds, 0)
    XCTAssertNil(m.dateTimeOriginal)
    XCTAssertNil(m.exifOrientation)
  }

  func testPNGWithHugeChunkLengthStops() {
    var png = TestFiles.png(width: 5, height: 6, chunks: [])
    // Replace the IDAT length with 0xFFFFFFF0.
    png.replaceSubrange(33..<37, with: [0xFF, 0xFF, 0xFF, 0xF0])
    let m = MetadataReader.read(bytes: png)
    XCTAssertEqual(m.pixelSize, PixelSize(width: 5, height: 6))
  }

  func testGIFSize() {
    let gif = Array("GIF89a".utf8) + [0x2C, 0x01, 0xC8, 0x00, 0, 0, 0]
    XCTAssertEqual(MetadataReader.read(bytes: gif).pixelSize, PixelSize(width: 300, height: 200))
  }

  private static func webp(_ chunks: [(String, [UInt8])]) -> [UInt8] {
    var body = Array("WEBP".utf8)
    for (type, data) in chunks {
      body += Array(type.utf8) + TestFiles.le32(data.count) + data
      if data.count % 2 == 1 { body.append(0) }
    }
    return Array("RIFF".utf8) + TestFiles.le32(body.count) + body
  }

  func testWebPSizes() {
    // VP8: frame tag, start code, 14-bit width and height (upper bits are scaling).
    let lossy = Self.webp([("VP8 ", [0, 0, 0, 0x9D, 0x01, 0x2A, 0x80, 0x02, 0xE0, 0xC1, 0, 0])])
    XCTAssertEqual(MetadataReader.read(bytes: lossy).pixelSize, PixelSize(width: 640, height: 480))
    // VP8L: 0x2F, then (w-1) | (h-1) << 14.
    let bits = (100 - 1) | (50 - 1) << 14
    let lossless = Self.webp([("VP8L", [0x2F] + TestFiles.le32(bits) + [0])])
    XCTAssertEqual(
      MetadataReader.read(bytes: lossless).pixelSize, PixelSize(width: 100, height: 50))
    // VP8X: flags, 3 reserved bytes, 24-bit w-1 and h-1; then an EXIF chunk.
    let extended = Self.webp([
      ("VP8X", [0x08, 0, 0, 0, 0xFF, 0x0F, 0, 0x37, 0x0B, 0]),
      ("EXIF", Self.orientationTIFF(5)),
    ])
    let m = MetadataReader.read(bytes: extended)
    XCTAssertEqual(m.pixelSize, PixelSize(width: 4096, height: 2872))
    XCTAssertEqual(m.exifOrientation, 5)
  }

  func testHEICSizeFromLargestISPE() {
    func ispe(_ w: Int, _ h: Int) -> [UInt8] {
      TestFiles.box("ispe", [0, 0, 0, 0] + TestFiles.be32(w) + TestFiles.be32(h))
    }
    let ipco = TestFiles.box("ipco", ispe(512, 512) + ispe(4032, 3024) + ispe(320, 240))
    let meta = TestFiles.box(
      "meta",
      [0, 0, 0, 0] + TestFiles.box("hdlr", [UInt8](repeating: 0, count: 20))
        + TestFiles.box("iprp", ipco))
    let file = Self.ftyp("heic", ["mif1", "heic"]) + meta + TestFiles.box("mdat", [1, 2, 3])
    let m = MetadataReader.read(bytes: file)
    XCTAssertEqual(m.format, .heic)
    XCTAssertEqual(m.pixelSize, PixelSize(width: 4032, height: 3024))

    // A box whose size is smaller than its header stops the walk without a trap.
    let broken = Self.ftyp("heic") + [0, 0, 0, 4] + Array("meta".utf8) + [0, 0, 0, 0]
    XCTAssertNil(MetadataReader.read(bytes: broken).pixelSize)
  }

  /// A HEIC whose Exif item (named in iinf, located by iloc) holds a date and orientation.
  func testHEICExifItem() throws {
    var w = TIFFWriter(littleEndian: false)
    let exifIFD = w.ifd([(0x9003, .ascii("2023:12:24 18:30:00")), (0x9011, .ascii("+01:00"))])
    w.setFirstIFD(w.ifd([(0x0112, .short([6])), (0x8769, .long([exifIFD]))]))
    // Apple's layout: a 4-byte offset to the TIFF header, then "Exif\0\0", then TIFF.
    let payload = [0, 0, 0, 6] + Array("Exif".utf8) + [0, 0] + w.bytes

    func infe(_ id: Int, _ type: String) -> [UInt8] {
      TestFiles.box("infe", [2, 0, 0, 0, 0, UInt8(id), 0, 0] + Array(type.utf8) + [0])
    }
    func file(exifOffset: Int) -> [UInt8] {
      let iinf = TestFiles.box("iinf", [0, 0, 0, 0, 0, 2] + infe(1, "hvc1") + infe(2, "Exif"))
      var iloc: [UInt8] = [0, 0, 0, 0, 0x44, 0x00, 0, 2]
      iloc += [0, 1, 0, 0, 0, 1] + TestFiles.be32(0) + TestFiles.be32(0)
      iloc += [0, 2, 0, 0, 0, 1] + TestFiles.be32(exifOffset) + TestFiles.be32(payload.count)
      let meta = TestFiles.box(
        "meta",
        [0, 0, 0, 0] + iinf + TestFiles.box("iloc", iloc)
          + TestFiles.box(
            "iprp",
            TestFiles.box(
              "ipco",
              TestFiles.box(
                "ispe",
                [0, 0, 0, 0] + TestFiles.be32(3000) + TestFiles.be32(2000)))))
      return Self.ftyp("heic", ["mif1"]) + meta + TestFiles.box("mdat", payload)
    }
    let draft = file(exifOffset: 0)
    let bytes = file(exifOffset: draft.count - payload.count)
    let m = MetadataReader.read(bytes: bytes)
    XCTAssertEqual(m.format, .heic)
    XCTAssertEqual(m.pixelSize, PixelSize(width: 3000, height: 2000))
    XCTAssertEqual(m.exifOrientation, 6)
    XCTAssertEqual(m.dateTimeOriginal, "2023:12:24 18:30:00")
    XCTAssertEqual(m.captureDate?.utcOffsetSeconds, 3600)
    // Every prefix of the file reads without a trap and never invents a different date.
    for length in 0..<bytes.count {
      let cut = MetadataReader.read(bytes: Array(bytes.prefix(length)))
      XCTAssertTrue(cut.dateTimeOriginal == nil || cut.dateTimeOriginal == m.dateTimeOriginal)
    }
  }

  func testJPEGProgressiveArithmeticAndJunkBeforeMarkers() {
    for sof: UInt8 in [0xC1, 0xC2, 0xC3, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF] {
      var file = TestFiles.jpeg(exif: nil, width: 33, height: 44)
      file[3] = sof
      XCTAssertEqual(MetadataReader.read(bytes: file).pixelSize, PixelSize(width: 33, height: 44))
    }
    // DHT (C4) and DAC (CC) are not frames.
    for marker: UInt8 in [0xC4, 0xCC] {
      var file = TestFiles.jpeg(exif: nil, width: 33, height: 44)
      file[3] = marker
      XCTAssertNil(MetadataReader.read(bytes: file).pixelSize)
    }
    // Extraneous bytes and fill bytes after a COM segment are skipped, as djpeg does.
    var file = TestFiles.jpeg(exif: nil, width: 7, height: 9)
    file.insert(contentsOf: [0xFF, 0xFE, 0x00, 0x04, 0x41, 0x42, 0x00, 0x12, 0xFF, 0xFF], at: 2)
    XCTAssertEqual(MetadataReader.read(bytes: file).pixelSize, PixelSize(width: 7, height: 9))
    // A segment length below 2 ends the walk.
    var bad = TestFiles.jpeg(exif: nil)
    bad[4] = 0
    bad[5] = 1
    XCTAssertNil(MetadataReader.read(bytes: bad).pixelSize)
  }
}

import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import PhotoMetadata

/// Metadata past the reader's 128 KB head (issue 33, items 7 and 9): followed through the
/// file's own offsets with few, bounded reads, and never a trap on hostile offsets.
final class PastHeadMetadataTests: XCTestCase {
  private var directory: URL!

  override func setUpWithError() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("PastHeadMetadataTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Writes `bytes` to a temporary file and reads it as `lightbox info` does.
  private func readFile(_ bytes: [UInt8], named name: String) throws -> PhotoMetadata {
    let url = directory.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return try MetadataReader.read(contentsOf: url.path).get()
  }

  /// The metadata of `file` read from its head and an in-memory loader, and that loader.
  private func readCounting(_ file: [UInt8]) -> (PhotoMetadata, PastHeadFiles.Reads) {
    let reads = PastHeadFiles.Reads(file)
    return (MetadataReader.read(bytes: reads.head, loadingItems: reads.load), reads)
  }

  func testTIFFWithItsIFDsAfterTheImageDataHasItsSizeAndDates() throws {
    for littleEndian in [true, false] {
      let file = PastHeadFiles.tiffWithIFDsAtTheEnd(littleEndian: littleEndian)
      XCTAssertGreaterThan(file.count, 1_048_576)
      let m = try readFile(file, named: "scan-\(littleEndian).tif")
      XCTAssertEqual(m.format, .tiff)
      XCTAssertEqual(m.pixelSize, PixelSize(width: 1200, height: 900))
      XCTAssertEqual(m.dateTimeOriginal, "2019:05:04 13:14:15")
      XCTAssertEqual(m.captureDate?.exifText, "2019:05:04 13:14:15")
      XCTAssertEqual(m.captureDate?.utcOffsetSeconds, 7200)
      XCTAssertEqual(m.captureDate?.source, .exif)
      XCTAssertEqual(m.cameraMake, "Epson")
      XCTAssertEqual(m.cameraModel, "Perfection V600")
      XCTAssertEqual(m.exifOrientation, 1)
      XCTAssertEqual(m.exposure?.exposureTime, ExifRational(numerator: 1, denominator: 60))
      // The whole file in memory gives the same answer as the head and positioned reads.
      XCTAssertEqual(MetadataReader.read(bytes: file), m)

      let (counted, reads) = readCounting(file)
      XCTAssertEqual(counted, m)
      XCTAssertLessThanOrEqual(reads.calls, 3, "only the IFDs are read")
      XCTAssertLessThanOrEqual(reads.bytes, 3 * RandomAccessSource.minimumRead)
    }
  }

  func testBigTIFFWithItsIFDAfterTheImageDataHasItsSize() throws {
    let file = PastHeadFiles.bigTIFFWithIFDAtTheEnd(width: 40_000, height: 30_000)
    let m = try readFile(file, named: "slide.tif")
    XCTAssertEqual(m.format, .tiff)
    XCTAssertEqual(m.pixelSize, PixelSize(width: 40_000, height: 30_000))
    XCTAssertEqual(m.exifOrientation, 1)
    let (counted, reads) = readCounting(file)
    XCTAssertEqual(counted, m)
    XCTAssertLessThanOrEqual(reads.calls, 2)
  }

  /// EXIF for the metadata chunks and segments: a date and an orientation.
  private static func exif(littleEndian: Bool = true, date: String) -> [UInt8] {
    var w = TIFFWriter(littleEndian: littleEndian)
    let exif = w.ifd([(0x9003, .ascii(date))])
    let ifd0 = w.ifd([
      (0x010F, .ascii("Lightbox")), (0x0112, .short([1])), (0x8769, .long([exif])),
    ])
    w.setFirstIFD(ifd0)
    return w.bytes
  }

  func testWebPWithItsEXIFChunkAfterAMegabyteImageChunkHasItsCaptureDate() throws {
    for exifHeader in [[], Array("Exif\0\0".utf8)] {
      let exif =
        exifHeader + Self.exif(littleEndian: exifHeader.isEmpty, date: "2021:12:24 18:30:00")
      let file = PastHeadFiles.webPWithMetadataAtTheEnd(exif: exif, xmp: nil)
      let m = try readFile(file, named: "muxed.webp")
      XCTAssertEqual(m.format, .webp)
      XCTAssertEqual(m.pixelSize, PixelSize(width: 1920, height: 1080))
      XCTAssertEqual(m.dateTimeOriginal, "2021:12:24 18:30:00")
      XCTAssertEqual(m.captureDate?.exifText, "2021:12:24 18:30:00")
      XCTAssertEqual(m.captureDate?.source, .exif)
      XCTAssertEqual(m.cameraMake, "Lightbox")
      XCTAssertNil(m.exifThumbnail, "offsets in a chunk read apart are not file offsets")
      let (counted, reads) = readCounting(file)
      XCTAssertEqual(counted, m)
      XCTAssertLessThanOrEqual(reads.calls, 2, "the chunk header and the chunk")
      XCTAssertLessThanOrEqual(reads.bytes, 2 * RandomAccessSource.minimumRead)
    }
  }

  func testWebPWithItsXMPChunkAfterTheImageHasItsCaptureDate() throws {
    let xmp = "<x:xmpmeta><rdf:Description xmp:CreateDate=\"2020-02-29T08:15:00\"/></x:xmpmeta>"
    let file = PastHeadFiles.webPWithMetadataAtTheEnd(exif: nil, xmp: xmp)
    let m = try readFile(file, named: "xmp.webp")
    XCTAssertEqual(m.pixelSize, PixelSize(width: 1920, height: 1080))
    XCTAssertEqual(m.captureDate?.source, .xmp)
    XCTAssertEqual(m.captureDate?.exifText, "2020:02:29 08:15:00")
  }

  /// Issue 33 item 9: Photoshop writes a CMYK JPEG's 557 KB ICC profile before the frame
  /// header, so the size is past the head.
  func testYCCKJPEGWithItsFrameAfterALargeICCProfileHasItsSize() throws {
    let file = PastHeadFiles.ycckJPEG(
      exif: Self.exif(date: "2018:03:04 05:06:07"), width: 2480, height: 3508)
    XCTAssertNil(
      MetadataReader.read(bytes: Array(file.prefix(MetadataReader.maxHeaderBytes))).pixelSize)
    let m = try readFile(file, named: "cmyk.jpg")
    XCTAssertEqual(m.format, .jpeg)
    XCTAssertEqual(m.pixelSize, PixelSize(width: 2480, height: 3508))
    XCTAssertEqual(m.dateTimeOriginal, "2018:03:04 05:06:07")
    XCTAssertEqual(MetadataReader.read(bytes: file), m)
    let (counted, reads) = readCounting(file)
    XCTAssertEqual(counted, m)
    XCTAssertLessThanOrEqual(reads.calls, 12, "one read per segment header at most")
    XCTAssertLessThanOrEqual(reads.bytes, 12 * RandomAccessSource.minimumRead)
  }

  /// The corpus's YCCK JPEG (Pillow's, Adobe transform 2) with a large ICC profile put in
  /// front of its EXIF: the size and the EXIF are both past the head.
  func testCorpusYCCKJPEGAfterALargeICCProfileHasItsSizeAndEXIF() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let original = try [UInt8](
      Data(contentsOf: corpus.appendingPathComponent("jpeg-variants/pil_sample_cmyk.jpg")))
    XCTAssertEqual(
      MetadataReader.read(bytes: original).pixelSize, PixelSize(width: 100, height: 100))
    let file = Array(original.prefix(2)) + PastHeadFiles.iccSegments() + original.dropFirst(2)
    let m = try readFile(file, named: "pil_sample_cmyk_icc.jpg")
    XCTAssertEqual(m.pixelSize, PixelSize(width: 100, height: 100))
    XCTAssertEqual(m.exifOrientation, 1)
  }

  func testHEICWhoseMetaBoxEndsPastTheHeadHasItsSizeAndEXIF() throws {
    let exif = Self.exif(littleEndian: false, date: "2022:06:07 08:09:10")
    let file = PastHeadFiles.heicWithMetaAcrossTheHeadsEnd(exif: exif)
    let head = Array(file.prefix(MetadataReader.maxHeaderBytes))
    XCTAssertNil(MetadataReader.read(bytes: head).pixelSize, "iprp is past the head")
    let m = try readFile(file, named: "big-meta.heic")
    XCTAssertEqual(m.format, .heic)
    XCTAssertEqual(m.pixelSize, PixelSize(width: 4000, height: 3000))
    XCTAssertEqual(m.dateTimeOriginal, "2022:06:07 08:09:10")
    XCTAssertEqual(m.captureDate?.source, .exif)
    XCTAssertEqual(MetadataReader.read(bytes: file), m)
    let (counted, reads) = readCounting(file)
    XCTAssertEqual(counted, m)
    XCTAssertLessThanOrEqual(reads.calls, 2, "the meta box, then the Exif item")
  }

  // MARK: - Hostile offsets

  /// A loader for an endless file of seeded noise: whatever is asked for is there.
  private final class NoiseFile {
    private var random: SeededGenerator
    private(set) var calls = 0
    private(set) var bytes = 0
    init(seed: UInt64) { random = SeededGenerator(seed: seed) }
    func load(_ range: Range<Int>) -> [UInt8]? {
      calls += 1
      let count = min(range.count, 16 * 1024 * 1024)
      bytes += count
      return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }
  }

  /// Heads that send the reader past their end, with noise or nothing beyond it.
  private static func hostileHeads() -> [(String, [UInt8])] {
    func le(_ v: Int, _ n: Int) -> [UInt8] {
      (0..<n).map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) }
    }
    var heads: [(String, [UInt8])] = []
    heads.append(("tiff ifd past end", Array("II*\0".utf8) + le(0x7FFF_FFF0, 4)))
    heads.append(("tiff ifd at 2^32-2", Array("MM\0*".utf8) + [0xFF, 0xFF, 0xFF, 0xFE]))
    heads.append(
      ("bigtiff ifd past end", Array("II+\0".utf8) + le(8, 2) + le(0, 2) + le(1 << 31, 8)))
    heads.append(
      (
        "webp chunk past end",
        Array("RIFF".utf8) + le(0, 4) + Array("WEBPVP8X".utf8) + le(0x7FFF_FFF0, 4)
      ))
    // A JPEG whose last segment in the head claims to run past it.
    heads.append(("jpeg segment past end", [0xFF, 0xD8, 0xFF, 0xE2, 0xFF, 0xFF]))
    return heads
  }

  func testOffsetsPastTheEndOrIntoNoiseNeverTrapAndReadBoundedly() throws {
    for (name, head) in Self.hostileHeads() {
      // Nothing past the head: every read fails, and each is counted.
      let empty = PastHeadFiles.Reads(head)
      let m = MetadataReader.read(bytes: head, loadingItems: empty.load)
      XCTAssertNil(m.pixelSize, name)
      XCTAssertLessThanOrEqual(empty.calls, RandomAccessSource.maxReads, name)
      // Endless noise past the head: the budget stops the walk.
      for seed in 0..<UInt64(8) {
        let noise = NoiseFile(seed: TestSeed.value &+ seed)
        _ = MetadataReader.read(bytes: head, loadingItems: noise.load)
        XCTAssertLessThanOrEqual(noise.calls, RandomAccessSource.maxReads, name)
        XCTAssertLessThanOrEqual(noise.bytes, RandomAccessSource.maxBytes, name)
      }
    }
  }

  func testTIFFWhoseIFDsPointAtEachOtherIsReadOnce() throws {
    var w = TIFFWriter(littleEndian: true)
    _ = w.append(PastHeadFiles.imageData())
    // IFD0's Exif pointer leads to an IFD whose own Exif and GPS pointers lead back to IFD0
    // and to itself.
    let ifd0Offset = w.bytes.count + (w.bytes.count % 2)
    let exifOffset = ifd0Offset + 2 + 3 * 12 + 4
    w.ifd(
      [(0x0100, .long([64])), (0x0101, .long([48])), (0x8769, .long([exifOffset]))],
      next: ifd0Offset)
    w.ifd([(0x8769, .long([ifd0Offset])), (0x8825, .long([exifOffset]))], next: exifOffset)
    w.setFirstIFD(ifd0Offset)
    let (m, reads) = readCounting(w.bytes)
    XCTAssertEqual(m.pixelSize, PixelSize(width: 64, height: 48))
    XCTAssertLessThanOrEqual(reads.calls, 2)
  }

  func testChainsOfTinyChunksAndSegmentsPastTheHeadStopWithinTheBudget() throws {
    // Two megabytes of empty RIFF chunks after the head, and no image chunk at all.
    let junk: [UInt8] = Array("JUNK".utf8) + [0, 0, 0, 0]
    let webp: [UInt8] =
      Array("RIFF".utf8) + TestFiles.le32(0) + Array("WEBP".utf8)
      + Array(repeating: junk, count: 2 * 1_048_576 / 8).joined()
    // Two megabytes of empty APP15 segments and no frame header.
    let app15: [UInt8] = [0xFF, 0xEF, 0, 2]
    let jpeg: [UInt8] = [0xFF, 0xD8] + Array(repeating: app15, count: 2 * 1_048_576 / 4).joined()
    for file in [webp, jpeg] {
      let (m, reads) = readCounting(file)
      XCTAssertNil(m.pixelSize)
      XCTAssertLessThanOrEqual(reads.calls, RandomAccessSource.maxReads)
      XCTAssertLessThanOrEqual(reads.bytes, RandomAccessSource.maxBytes)
    }
  }

  /// Seeded mutations of every file above, where their structure is (the header, the
  /// bytes at the head's end, the tail with the IFDs and chunks) and anywhere: no trap,
  /// and a still never costs more than the budget.
  func testMutatedFilesNeverTrapAndStayWithinTheBudget() throws {
    var random = SeededGenerator(seed: TestSeed.value)
    let exif = Self.exif(date: "2020:01:02 03:04:05")
    let files = [
      PastHeadFiles.tiffWithIFDsAtTheEnd(littleEndian: true),
      PastHeadFiles.tiffWithIFDsAtTheEnd(littleEndian: false),
      PastHeadFiles.bigTIFFWithIFDAtTheEnd(width: 10, height: 20),
      PastHeadFiles.webPWithMetadataAtTheEnd(exif: exif, xmp: "<x xmp:CreateDate=\"2020\"/>"),
      PastHeadFiles.ycckJPEG(exif: exif, width: 30, height: 40),
      PastHeadFiles.heicWithMetaAcrossTheHeadsEnd(exif: exif),
    ]
    let head = MetadataReader.maxHeaderBytes
    for original in files {
      for _ in 0..<40 {
        var file = original
        for _ in 0..<Int.random(in: 1...6, using: &random) {
          let zones = [0..<64, (head - 64)..<(head + 64), (file.count - 4096)..<file.count]
          let zone =
            Bool.random(using: &random) ? zones.randomElement(using: &random)! : 0..<file.count
          let at = Int.random(in: zone, using: &random)
          file[at] =
            Bool.random(using: &random)
            ? UInt8.random(in: 0...255, using: &random) : [0, 0xFF][at % 2]
        }
        let (m, reads) = readCounting(file)
        guard m.format != .raw, m.format != .video else { continue }  // their own limits
        XCTAssertLessThanOrEqual(reads.calls, RandomAccessSource.maxReads)
        XCTAssertLessThanOrEqual(reads.bytes, RandomAccessSource.maxBytes)
      }
    }
  }

  func testTheSourceReadsNothingForTheHeadAndReusesItsLastRead() throws {
    let file = PastHeadFiles.imageData(300_000)
    let reads = PastHeadFiles.Reads(file)
    let head = reads.head
    head.withUnsafeBytes { raw in
      var source = RandomAccessSource(head: ByteView(raw), load: reads.load)
      XCTAssertEqual(source.bytes(10..<20), Array(file[10..<20]))
      XCTAssertEqual(reads.calls, 0)
      // Straddling the head's end: one read, widened; the next small range comes from it.
      let end = MetadataReader.maxHeaderBytes
      XCTAssertEqual(source.bytes((end - 4)..<(end + 4)), Array(file[(end - 4)..<(end + 4)]))
      XCTAssertEqual(
        source.bytes((end + 100)..<(end + 200)), Array(file[(end + 100)..<(end + 200)]))
      XCTAssertEqual(reads.calls, 1)
      // The end of the file: fewer bytes, then nothing, without another read past it.
      XCTAssertEqual(source.bytes((file.count - 3)..<(file.count + 10)), Array(file.suffix(3)))
      XCTAssertNil(source.bytes((file.count + 10)..<(file.count + 20)))
      XCTAssertEqual(reads.calls, 2)
      XCTAssertNil(source.bytes(-1..<5))
    }
    // The head alone: a range running past it gives what the head has.
    head.withUnsafeBytes { raw in
      var source = RandomAccessSource(head: ByteView(raw))
      XCTAssertEqual(source.bytes((head.count - 2)..<(head.count + 2)), Array(head.suffix(2)))
      XCTAssertNil(source.bytes((head.count + 2)..<(head.count + 4)))
    }
  }
}

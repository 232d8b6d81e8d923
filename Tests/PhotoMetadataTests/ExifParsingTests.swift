import PhotoMetadata
import PhotoModel
import XCTest

/// The EXIF/TIFF reader on hand-built bytes: both byte orders and hostile structures.
final class ExifParsingTests: XCTestCase {
  static let thumbnail: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 1, 2, 3, 4, 0xFF, 0xD9]

  /// A camera-like TIFF: IFD0 → Exif IFD, GPS IFD, and IFD1 with a thumbnail.
  static func cameraTIFF(littleEndian: Bool) -> (tiff: [UInt8], thumbnailOffset: Int) {
    var w = TIFFWriter(littleEndian: littleEndian)
    let thumbOffset = w.append(thumbnail)
    let gps = w.ifd([
      (1, .ascii("S")), (2, .rational([(33, 1), (51, 1), (5400, 100)])),
      (3, .ascii("W")), (4, .rational([(70, 1), (30, 1), (0, 1)])),
      (5, .byte([1])), (6, .rational([(125, 10)])),
    ])
    let exif = w.ifd([
      (0x829A, .rational([(1, 250)])), (0x829D, .rational([(28, 10)])),
      (0x8827, .short([400])), (0x9003, .ascii("2024:08:13 23:30:00")),
      (0x9011, .ascii("+09:00")), (0x9291, .ascii("123")), (0x920A, .rational([(50, 1)])),
      (0xA434, .ascii("RF24-105mm F4 L IS USM ")),
    ])
    // IFD1 carries an Orientation of its own: it must not be taken for the image's.
    let ifd1 = w.ifd([
      (0x0201, .long([thumbOffset])), (0x0202, .long([thumbnail.count])), (0x0112, .short([8])),
    ])
    let ifd0 = w.ifd(
      [
        (0x010F, .asciiBytes(Array("Canon  ".utf8) + [0, 0])), (0x0110, .ascii("EOS R5")),
        (0x0112, .short([6])), (0x8769, .long([exif])), (0x8825, .long([gps])),
      ], next: ifd1)
    w.setFirstIFD(ifd0)
    return (w.bytes, thumbOffset)
  }

  func testBothByteOrdersReadTheSameFields() throws {
    var results: [PhotoMetadata] = []
    for littleEndian in [true, false] {
      let (tiff, thumbOffset) = Self.cameraTIFF(littleEndian: littleEndian)
      let file = TestFiles.jpeg(exif: tiff, width: 640, height: 480)
      let m = MetadataReader.read(bytes: file)
      XCTAssertEqual(m.format, .jpeg)
      XCTAssertEqual(m.pixelSize, PixelSize(width: 640, height: 480))
      XCTAssertEqual(m.exifOrientation, 6)
      XCTAssertEqual(m.orientation, .right)
      XCTAssertEqual(m.cameraMake, "Canon")
      XCTAssertEqual(m.cameraModel, "EOS R5")
      XCTAssertEqual(m.lensModel, "RF24-105mm F4 L IS USM")
      XCTAssertEqual(m.dateTimeOriginal, "2024:08:13 23:30:00")
      let exposure = try XCTUnwrap(m.exposure)
      XCTAssertEqual(exposure.exposureTime, ExifRational(numerator: 1, denominator: 250))
      XCTAssertEqual(exposure.fNumber?.value, 2.8)
      XCTAssertEqual(exposure.iso, 400)
      XCTAssertEqual(exposure.focalLength?.value, 50)
      let start = TestFiles.jpegTIFFStart + thumbOffset
      XCTAssertEqual(m.exifThumbnail, start..<(start + Self.thumbnail.count))
      XCTAssertEqual(Array(file[try XCTUnwrap(m.exifThumbnail)]), Self.thumbnail)
      results.append(m)
    }
    XCTAssertEqual(results[0], results[1])
  }

  /// 23:30 at +09:00 is 14:30 UTC the same day; the local day is what groups the photo.
  func testOffsetTimeAndSubSecondsKeepTheLocalDay() throws {
    let m = MetadataReader.read(
      bytes: TestFiles.jpeg(exif: Self.cameraTIFF(littleEndian: true).tiff))
    let date = try XCTUnwrap(m.captureDate)
    XCTAssertEqual(date.source, .exif)
    XCTAssertEqual([date.year, date.month, date.day], [2024, 8, 13])
    XCTAssertEqual([date.hour, date.minute, date.second, date.millisecond], [23, 30, 0, 123])
    XCTAssertEqual(date.utcOffsetSeconds, 9 * 3600)
    XCTAssertEqual(
      date.localDayNumber, CaptureDate(year: 2024, month: 8, day: 13, source: .exif).localDayNumber)
    let utcMidnight = Int64(date.localDayNumber) * 86_400
    XCTAssertEqual(date.utcSeconds, utcMidnight + 14 * 3600 + 30 * 60)
  }

  func testGPSSignsAndAltitude() throws {
    let m = MetadataReader.read(
      bytes: TestFiles.jpeg(exif: Self.cameraTIFF(littleEndian: false).tiff))
    let gps = try XCTUnwrap(m.gps)
    XCTAssertEqual(gps.latitude, -(33 + 51.0 / 60 + 54.0 / 3600), accuracy: 1e-9)
    XCTAssertEqual(gps.longitude, -70.5, accuracy: 1e-9)
    XCTAssertEqual(try XCTUnwrap(gps.altitude), -12.5, accuracy: 1e-9)
  }

  func testGPSWithoutFixIsNil() {
    var w = TIFFWriter(littleEndian: true)
    let gps = w.ifd([
      (1, .ascii("N")), (2, .rational([(0, 0), (0, 0), (0, 0)])),
      (3, .ascii("E")), (4, .rational([(0, 0), (0, 0), (0, 0)])),
    ])
    w.setFirstIFD(w.ifd([(0x8825, .long([gps]))]))
    XCTAssertNil(MetadataReader.read(bytes: TestFiles.jpeg(exif: w.bytes)).gps)
  }

  func testZeroAndBlankDatesKeepTextButGiveNoCaptureDate() {
    for text in ["0000:00:00 00:00:00", "    :  :     :  :  ", "                   "] {
      var w = TIFFWriter(littleEndian: true)
      let exif = w.ifd([(0x9003, .ascii(text))])
      w.setFirstIFD(w.ifd([(0x8769, .long([exif]))]))
      let m = MetadataReader.read(bytes: TestFiles.jpeg(exif: w.bytes))
      XCTAssertEqual(m.dateTimeOriginal, text)
      XCTAssertNil(m.captureDate, text)
    }
  }

  func testImpossibleDateGivesNoCaptureDate() {
    var w = TIFFWriter(littleEndian: false)
    let exif = w.ifd([(0x9003, .ascii("2023:02:30 10:00:00"))])
    w.setFirstIFD(w.ifd([(0x8769, .long([exif]))]))
    let m = MetadataReader.read(bytes: TestFiles.jpeg(exif: w.bytes))
    XCTAssertEqual(m.dateTimeOriginal, "2023:02:30 10:00:00")
    XCTAssertNil(m.captureDate)
  }

  /// IFD0's next pointer and the Exif pointer both lead back to IFD0: read once, no hang,
  /// and IFD0's tags are not taken for Exif IFD tags.
  func testIFDOffsetLoopIsCut() {
    for littleEndian in [true, false] {
      var w = TIFFWriter(littleEndian: littleEndian)
      let ifd0Offset = 8 + 0  // the first IFD written lands right after the header
      let ifd0 = w.ifd(
        [
          (0x0112, .short([3])), (0x8769, .long([ifd0Offset])),
          (0x9003, .ascii("2024:01:01 00:00:00")),
        ],
        next: ifd0Offset)
      XCTAssertEqual(ifd0, ifd0Offset)
      w.setFirstIFD(ifd0)
      let m = MetadataReader.read(bytes: TestFiles.jpeg(exif: w.bytes))
      XCTAssertEqual(m.exifOrientation, 3)
      XCTAssertNil(m.dateTimeOriginal, "DateTimeOriginal only counts in the Exif IFD")
      XCTAssertNil(m.exifThumbnail)
    }
  }

  /// Exif IFD and GPS IFD pointing at each other, and IFD1 pointing at the Exif IFD.
  func testCrossPointingIFDsAreEachReadOnce() {
    var w = TIFFWriter(littleEndian: true)
    let exif = w.ifd([(0x9003, .ascii("2024:03:04 05:06:07")), (0x8825, .long([8]))], next: 8)
    let ifd0 = w.ifd([(0x8769, .long([exif])), (0x8825, .long([exif]))], next: exif)
    w.setFirstIFD(ifd0)
    let m = MetadataReader.read(bytes: TestFiles.jpeg(exif: w.bytes))
    XCTAssertEqual(m.dateTimeOriginal, "2024:03:04 05:06:07")
    XCTAssertNil(m.gps)
    XCTAssertNil(m.exifThumbnail)
  }

  /// A value count of 0xFFFFFFFF cannot fit: that entry is skipped, the others are read.
  func testHugeValueCountSkipsOnlyThatEntry() {
    var w = TIFFWriter(littleEndian: true)
    let exif = w.ifd([
      (0x9003, .raw(type: 2, count: 0xFFFF_FFFF, payload: w.u32(8))),
      (0xA434, .raw(type: 5, count: 0xFFFF_FFFF, payload: w.u32(8))),
      (0x8827, .short([100])),
    ])
    w.setFirstIFD(
      w.ifd([
        (0x0112, .raw(type: 3, count: 0xFFFF_FFFF, payload: [1, 0, 0, 0])),
        (0x0110, .ascii("Model")), (0x8769, .long([exif])),
      ]))
    let m = MetadataReader.read(bytes: TestFiles.jpeg(exif: w.bytes))
    XCTAssertNil(m.dateTimeOriginal)
    XCTAssertNil(m.lensModel)
    XCTAssertNil(m.exifOrientation)
    XCTAssertEqual(m.cameraModel, "Model")
    XCTAssertEqual(m.exposure?.iso, 100)
  }

  /// An IFD whose entry count runs past the APP1 segment is a bad directory: nothing in it
  /// counts (exiftool's reading), but the frame size is still found.
  func testIFDEntryCountOverrunningTheSegmentRejectsTheIFD() {
    var w = TIFFWriter(littleEndian: false)
    w.setFirstIFD(w.ifd([(0x0112, .short([6])), (0x0110, .ascii("X"))], declaredCount: 0xFFFF))
    let m = MetadataReader.read(bytes: TestFiles.jpeg(exif: w.bytes, width: 10, height: 20))
    XCTAssertNil(m.exifOrientation)
    XCTAssertNil(m.cameraModel)
    XCTAssertEqual(m.pixelSize, PixelSize(width: 10, height: 20))
  }

  func testPointersPastTheEndAreIgnored() {
    var w = TIFFWriter(littleEndian: true)
    let ifd1 = w.ifd([(0x0201, .long([0xFFFF_FF00])), (0x0202, .long([0x100]))])
    w.setFirstIFD(
      w.ifd(
        [
          (0x0112, .short([1])), (0x8769, .long([0xFFFF_FF00])), (0x8825, .long([0x7FFF_FFFF])),
          (0x010F, .raw(type: 2, count: 64, payload: w.u32(0xFFFF_FFF0))),
        ],
        next: ifd1))
    let m = MetadataReader.read(bytes: TestFiles.jpeg(exif: w.bytes))
    XCTAssertEqual(m.exifOrientation, 1)
    XCTAssertNil(m.cameraMake)
    XCTAssertNil(m.dateTimeOriginal)
    XCTAssertNil(m.gps)
    XCTAssertNil(m.exifThumbnail)

    // IFD0 itself past the end: no EXIF at all.
    var bad = TIFFWriter(littleEndian: false)
    bad.ifd([(0x0112, .short([6]))])
    bad.setFirstIFD(0xFFFF_FF00)
    let n = MetadataReader.read(bytes: TestFiles.jpeg(exif: bad.bytes, width: 3, height: 4))
    XCTAssertNil(n.exifOrientation)
    XCTAssertEqual(n.pixelSize, PixelSize(width: 3, height: 4))
  }

  /// ExifIFD stored as a string (corpus 30-type_error): the pointer is ignored.
  func testExifPointerWithWrongTypeIsIgnored() {
    var w = TIFFWriter(littleEndian: true)
    let exif = w.ifd([(0x9003, .ascii("2013:07:05 03:18:27"))])
    w.setFirstIFD(w.ifd([(0x8769, .raw(type: 2, count: 4, payload: w.u32(exif)))]))
    XCTAssertNil(MetadataReader.read(bytes: TestFiles.jpeg(exif: w.bytes)).dateTimeOriginal)
  }

  func testThumbnailMustStartWithSOIAndLieInsideTheData() {
    for (data, declaredExtra) in [([UInt8](repeating: 7, count: 10), 0), (Self.thumbnail, 4096)] {
      var w = TIFFWriter(littleEndian: true)
      let offset = w.append(data)
      let ifd1 = w.ifd([(0x0201, .long([offset])), (0x0202, .long([data.count + declaredExtra]))])
      w.setFirstIFD(w.ifd([(0x0112, .short([1]))], next: ifd1))
      XCTAssertNil(MetadataReader.read(bytes: TestFiles.jpeg(exif: w.bytes)).exifThumbnail)
    }
  }

  func testStringsAreTrimmedAndDecodedLossily() {
    var w = TIFFWriter(littleEndian: true)
    let exif = w.ifd([(0xA434, .asciiBytes([0x4C, 0xFF, 0x1B, 0x5B, 0x20, 0x00, 0x41]))])
    w.setFirstIFD(
      w.ifd([(0x010F, .asciiBytes(Array("Make \u{0}\u{0} ".utf8))), (0x8769, .long([exif]))]))
    let m = MetadataReader.read(bytes: TestFiles.jpeg(exif: w.bytes))
    XCTAssertEqual(m.cameraMake, "Make")
    // Control characters are kept (the UI escapes them); the invalid byte becomes U+FFFD.
    XCTAssertEqual(m.lensModel, "L\u{FFFD}\u{1B}[")
  }

  /// Every prefix and many byte-flipped copies of a camera JPEG: never a trap, and a cut
  /// head reports either the right orientation or none, never another one.
  func testTruncatedAndMutatedInputsNeverTrap() {
    let tiff = Self.cameraTIFF(littleEndian: true).tiff
    let file = TestFiles.jpeg(exif: tiff)
    let app1End = TestFiles.jpegTIFFStart + tiff.count
    for length in 0...file.count {
      let m = MetadataReader.read(bytes: Array(file.prefix(length)))
      if length >= app1End {
        XCTAssertEqual(m.exifOrientation, 6, "prefix \(length)")
      } else {
        XCTAssertTrue(m.exifOrientation == nil || m.exifOrientation == 6, "prefix \(length)")
      }
    }
    var rng = SplitMix64(seed: 0x5EED)
    for _ in 0..<2000 {
      var copy = file
      for _ in 0..<(1 + Int(rng.next() % 4)) {
        let at = Int(rng.next() % UInt64(copy.count))
        copy[at] = UInt8(truncatingIfNeeded: rng.next())
      }
      _ = MetadataReader.read(bytes: copy)
    }
  }
}

/// A small deterministic generator for the mutation test.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

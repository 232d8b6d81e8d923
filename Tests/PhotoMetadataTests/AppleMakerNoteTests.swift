import XCTest

@testable import PhotoMetadata

/// An iPhone still's Live Photo identifier: Apple's MakerNote tag 0x0011 in the Exif IFD.
final class AppleMakerNoteTests: XCTestCase {
  static let uuid = "A3F1B2C4-5D6E-4F70-8192-A3B4C5D6E7F8"

  /// "Apple iOS\0", version 1, "MM", then an IFD at 14 whose offsets count from the note's
  /// first byte: tag 0x0001 (an SLONG) and 0x0011 (the identifier, ASCII, out of line).
  /// exiftool 12.57 reads a JPEG built this way as MakerNoteApple with MediaGroupUUID (its
  /// older name for ContentIdentifier) equal to the identifier.
  static func note(identifier: String, signature: String = "Apple iOS") -> [UInt8] {
    var bytes = Array(signature.utf8) + [0, 0, 1] + Array("MM".utf8)
    bytes = Array(bytes.prefix(14))
    let text = Array(identifier.utf8) + [0]
    let dataOffset = 14 + 2 + 2 * 12 + 4
    bytes += [0, 2]
    bytes += [0, 0x01, 0, 9, 0, 0, 0, 1, 0, 0, 0, 14]
    bytes += [0, 0x11, 0, 2] + be32(text.count) + be32(dataOffset)
    bytes += [0, 0, 0, 0]
    return bytes + text
  }

  static func be32(_ v: Int) -> [UInt8] {
    [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }

  func jpeg(note: [UInt8], littleEndian: Bool) -> [UInt8] {
    var w = TIFFWriter(littleEndian: littleEndian)
    let exif = w.ifd([
      (0x9003, .ascii("2024:08:13 10:22:01")),
      (0x927C, .raw(type: 7, count: note.count, payload: note)),
    ])
    w.setFirstIFD(w.ifd([(0x010F, .ascii("Apple")), (0x8769, .long([exif]))]))
    return TestFiles.jpeg(exif: w.bytes)
  }

  func testTheContentIdentifierIsReadInEitherOuterByteOrder() {
    for littleEndian in [true, false] {
      let m = MetadataReader.read(
        bytes: jpeg(note: Self.note(identifier: Self.uuid), littleEndian: littleEndian))
      XCTAssertEqual(m.contentIdentifier, Self.uuid, "little-endian EXIF: \(littleEndian)")
      XCTAssertEqual(m.cameraMake, "Apple")
    }
  }

  func testOtherMakerNotesAndOddIdentifiersGiveNothing() {
    let canon = jpeg(
      note: Self.note(identifier: Self.uuid, signature: "Canon XYZ"), littleEndian: true)
    XCTAssertNil(MetadataReader.read(bytes: canon).contentIdentifier)
    let escape = jpeg(note: Self.note(identifier: "\u{1B}[2J"), littleEndian: true)
    XCTAssertNil(MetadataReader.read(bytes: escape).contentIdentifier)
    // A note cut short after its header: no identifier, no crash.
    let short = Array(Self.note(identifier: Self.uuid).prefix(20))
    XCTAssertNil(
      MetadataReader.read(bytes: jpeg(note: short, littleEndian: false)).contentIdentifier)
  }
}

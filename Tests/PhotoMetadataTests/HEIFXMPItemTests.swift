import Foundation
import LightboxTestSupport
import XCTest

@testable import PhotoMetadata

/// Writing a HEIF/AVIF still's XMP item: added or replaced, every other item's data the
/// same wherever it now lies, `iloc` versions 0–2 and field lengths 0, 4 and 8, the undo
/// record giving the old file back, and what cannot be written safely refused.
final class HEIFXMPItemTests: XCTestCase {
  /// The `iloc` shapes of the synthetic files.
  struct Shape {
    var version: Int
    var offsetSize: Int
    var lengthSize: Int
    var baseSize: Int
    var indexSize: Int
    /// True: extent offsets relative to a base offset at the start of the mdat data.
    var useBase: Bool
  }

  let shapes = [
    Shape(version: 0, offsetSize: 4, lengthSize: 4, baseSize: 0, indexSize: 0, useBase: false),
    Shape(version: 1, offsetSize: 4, lengthSize: 4, baseSize: 4, indexSize: 0, useBase: true),
    Shape(version: 2, offsetSize: 8, lengthSize: 8, baseSize: 8, indexSize: 4, useBase: false),
    Shape(version: 1, offsetSize: 0, lengthSize: 4, baseSize: 8, indexSize: 0, useBase: true),
  ]

  let primaryData = Array("coded picture, part one;".utf8)
  let secondPart = Array("coded picture, part two".utf8)
  let exifData = Array("\0\0\0\0MM\0*exif".utf8)
  let idatData = Array("grid description".utf8)

  /// A small HEIF: ftyp, meta (hdlr, pitm, iinf, [iref], iloc, [idat]), mdat. Item 1 is the
  /// primary picture (two extents when the shape has offsets), 2 its Exif, 3 the XMP when
  /// `xmp` is given, 4 a grid in `idat` (versions 1 and 2). With `metaLast`, mdat comes
  /// before meta and a trailer box after it, as Samsung writes them.
  func heif(_ shape: Shape, xmp: [UInt8]?, metaLast: Bool = false, encoding: String = "")
    -> [UInt8]
  {
    let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
    var mdatData = primaryData + secondPart + exifData
    if let xmp { mdatData += xmp }
    func meta(dataStart: Int) -> [UInt8] {
      var infe = [infeBox(1, "hvc1"), infeBox(2, "Exif")]
      if xmp != nil {
        infe.append(
          box(
            "infe",
            [2, 0, 0, 1, 0, 3, 0, 0] + Array("mime\0application/rdf+xml\0".utf8)
              + (encoding.isEmpty ? [] : Array(encoding.utf8) + [0])))
      }
      if shape.version >= 1 { infe.append(infeBox(4, "grid")) }
      let iinf = box("iinf", [0, 0, 0, 0] + be(infe.count, 2) + infe.flatMap { $0 })
      var refs = box("cdsc", be(2, 2) + be(1, 2) + be(1, 2))
      if xmp != nil { refs += box("cdsc", be(3, 2) + be(1, 2) + be(1, 2)) }
      let iref = box("iref", [0, 0, 0, 0] + refs)
      let pitm = box("pitm", [0, 0, 0, 0, 0, 1])
      let hdlr = box(
        "hdlr",
        [UInt8](repeating: 0, count: 8) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
      var entries: [[UInt8]] = []
      let idSize = shape.version < 2 ? 2 : 4
      func entry(_ id: Int, method: Int, _ extents: [(Int, Int)]) -> [UInt8] {
        var out = be(id, idSize)
        if shape.version >= 1 { out += be(method, 2) }
        out += [0, 0]
        let base = shape.useBase && method == 0 ? dataStart : 0
        out += be(base, shape.baseSize) + be(extents.count, 2)
        for (offset, length) in extents {
          if shape.version >= 1 { out += be(0, shape.indexSize) }
          out += be(offset - base, shape.offsetSize) + be(length, shape.lengthSize)
        }
        return out
      }
      let one = dataStart
      if shape.offsetSize > 0 {
        entries.append(
          entry(
            1, method: 0,
            [(one, primaryData.count), (one + primaryData.count, secondPart.count)]))
      } else {
        entries.append(entry(1, method: 0, [(one, primaryData.count + secondPart.count)]))
      }
      if shape.offsetSize > 0 {
        let exifAt = one + primaryData.count + secondPart.count
        entries.append(entry(2, method: 0, [(exifAt, exifData.count)]))
        if let xmp { entries.append(entry(3, method: 0, [(exifAt + exifData.count, xmp.count)])) }
        if shape.version >= 1 { entries.append(entry(4, method: 1, [(0, idatData.count)])) }
      }
      let sizes: [UInt8] = [
        UInt8(shape.offsetSize << 4 | shape.lengthSize),
        UInt8(shape.baseSize << 4 | (shape.version >= 1 ? shape.indexSize : 0)),
      ]
      let iloc = box(
        "iloc",
        [UInt8(shape.version), 0, 0, 0] + sizes + be(entries.count, idSize)
          + entries.flatMap { $0 })
      var children = hdlr + pitm + iinf + iref + iloc
      if shape.version >= 1 { children += box("idat", idatData) }
      return box("meta", [0, 0, 0, 0] + children)
    }
    let mdatHeader = 8
    if metaLast {
      let start = ftyp.count + mdatHeader
      return ftyp + box("mdat", mdatData) + meta(dataStart: start)
        + box("sefd", Array("trailer read from the end SEFT".utf8))
    }
    let size = meta(dataStart: 0).count
    return ftyp + meta(dataStart: ftyp.count + size + mdatHeader) + box("mdat", mdatData)
  }

  func infeBox(_ id: Int, _ type: String) -> [UInt8] {
    box("infe", [2, 0, 0, 0] + be(id, 2) + [0, 0] + Array(type.utf8) + [0])
  }

  func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
    be(8 + body.count, 4) + Array(type.utf8) + body
  }

  func be(_ value: Int, _ size: Int) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
  }

  /// Every item's data but the XMP's, by item ID.
  func itemData(_ bytes: [UInt8]) throws -> [Int: [UInt8]] {
    let layout = try HEIFMetaLayout.read(bytes).get()
    let xmp = try HEIFXMPItem.xmpItem(layout).get()?.id
    var found: [Int: [UInt8]] = [:]
    for location in layout.locations where location.id != xmp {
      found[location.id] = try HEIFXMPItem.data(of: location.id, layout).get()
    }
    return found
  }

  /// The XMP range the metadata reader finds, read back.
  func readerPacket(_ bytes: [UInt8]) -> [UInt8]? {
    bytes.withUnsafeBytes { raw in
      HEIFScanner.locate(ByteView(raw)).xmp.map { Array(bytes[$0]) }
    }
  }

  let first = Array("<x:xmpmeta>first</x:xmpmeta>".utf8)
  let second = Array("<x:xmpmeta>a second, longer packet</x:xmpmeta>".utf8)

  func testAnItemIsAddedThenReplacedEveryShapeItsDataKeptAndUndone() throws {
    for shape in shapes {
      for metaLast in [false, true] {
        let name = "\(shape) metaLast \(metaLast)"
        let original = heif(shape, xmp: nil, metaLast: metaLast)
        let data = try itemData(original)
        XCTAssertEqual(data[1], primaryData + secondPart, name)
        XCTAssertNil(try HEIFXMPItem.packet(in: original).get(), name)
        let added = try HEIFXMPItem.writing(first, into: original).get()
        XCTAssertEqual(try HEIFXMPItem.packet(in: added.bytes).get(), first, name)
        XCTAssertEqual(readerPacket(added.bytes), first, name)
        XCTAssertEqual(try itemData(added.bytes), data, "\(name): every item's data the same")
        let layout = try HEIFMetaLayout.read(added.bytes).get()
        XCTAssertEqual(layout.items.count, shape.version >= 1 ? 4 : 3, name)
        XCTAssertEqual(layout.items.last?.id, shape.version >= 1 ? 5 : 3, name)
        XCTAssertEqual(layout.top.map(\.type).last, metaLast ? "sefd" : "mdat", name)
        let replaced = try HEIFXMPItem.writing(second, into: added.bytes).get()
        XCTAssertEqual(try HEIFXMPItem.packet(in: replaced.bytes).get(), second, name)
        XCTAssertEqual(readerPacket(replaced.bytes), second, name)
        XCTAssertEqual(try itemData(replaced.bytes), data, name)
        XCTAssertEqual(
          try HEIFMetaLayout.read(replaced.bytes).get().items.count, layout.items.count,
          "\(name): replaced, not duplicated")
        // u twice: the file as it was, byte for byte.
        let once = try HEIFXMPItem.restoring(replaced.undo, in: replaced.bytes).get()
        XCTAssertEqual(once, added.bytes, name)
        XCTAssertEqual(try HEIFXMPItem.restoring(added.undo, in: once).get(), original, name)
        // An undo record does not apply to a file it was not made for.
        XCTAssertThrowsError(try HEIFXMPItem.restoring(added.undo, in: replaced.bytes).get())
      }
    }
  }

  func testAnExistingItemIsReplacedInItsOwnEntry() throws {
    let shape = shapes[1]
    let original = heif(shape, xmp: first)
    XCTAssertEqual(try HEIFXMPItem.packet(in: original).get(), first)
    let data = try itemData(original)
    let written = try HEIFXMPItem.writing(second, into: original).get()
    XCTAssertEqual(try HEIFXMPItem.packet(in: written.bytes).get(), second)
    XCTAssertEqual(try itemData(written.bytes), data)
    let layout = try HEIFMetaLayout.read(written.bytes).get()
    XCTAssertEqual(layout.items.count, 4)
    XCTAssertEqual(layout.locations.filter { $0.id == 3 }.count, 1)
    XCTAssertEqual(try HEIFXMPItem.restoring(written.undo, in: written.bytes).get(), original)
  }

  func testWhatCannotBeWrittenSafelyIsRefusedInOneLine() throws {
    let plain = heif(shapes[0], xmp: nil)
    func reason(_ bytes: [UInt8]) -> String? {
      guard case .failure(let error) = HEIFXMPItem.writing(first, into: bytes) else { return nil }
      XCTAssertFalse(error.reason.contains("\n"))
      return error.reason
    }
    XCTAssertEqual(reason(plain + box("moov", [])), "an image sequence (moov box)")
    XCTAssertEqual(
      reason(plain + [0, 0]),
      "its top-level boxes do not fill the file exactly (damaged or truncated)")
    // Two XMP items: the second infe copied, the count made 3.
    let withXMP = heif(shapes[0], xmp: first)
    let layout = try HEIFMetaLayout.read(withXMP).get()
    let iinf = try XCTUnwrap(layout.child("iinf"))
    let entries = try XCTUnwrap(HEIFMetaLayout.boxes(withXMP, in: (iinf.start + 14)..<iinf.end))
    let xmpInfe = Array(withXMP[entries[2].start..<entries[2].end])
    var twice = Array(withXMP[iinf.start..<iinf.end]) + xmpInfe
    twice.replaceSubrange(0..<4, with: be(twice.count, 4))
    twice[13] = 4
    var bytes = Array(withXMP[..<iinf.start]) + twice + Array(withXMP[iinf.end...])
    let growth = xmpInfe.count
    bytes.replaceSubrange(
      layout.meta.start..<(layout.meta.start + 4),
      with: be(layout.meta.end - layout.meta.start + growth, 4))
    XCTAssertEqual(reason(bytes), "it has two XMP items")
    // A compressed packet, its encoding's name shown without the escape it holds.
    XCTAssertEqual(
      reason(heif(shapes[1], xmp: first, encoding: "\u{1B}[31mdeflate")),
      "its XMP item is encoded ([31mdeflate)")
    // A 64-bit meta size (its offsets no longer matter: it is refused before them).
    let meta = layout.meta
    let large =
      Array(withXMP[..<meta.start]) + [0, 0, 0, 1] + Array("meta".utf8)
      + be(meta.end - meta.start + 8, 8) + Array(withXMP[(meta.start + 8)...])
    XCTAssertEqual(reason(large), "its meta box has a 64-bit size")
    // An offset past what a 32-bit field holds.
    XCTAssertThrowsError(
      try HEIFXMPItem.Plan.field(Int(UInt32.max) + 1, 4, "offsets").count)
    XCTAssertEqual(try HEIFXMPItem.Plan.field(Int(UInt32.max), 4, "offsets"), [255, 255, 255, 255])
  }

  /// Random byte flips and cuts never trap; whatever is written reads back as written, every
  /// other item's data the same, and undoes to the damaged file it was.
  func testDamagedFilesNeverTrapAndWritesRoundTrip() throws {
    var random = SeededGenerator(seed: TestSeed.value)
    let bases = shapes.flatMap { shape in
      [heif(shape, xmp: nil), heif(shape, xmp: first), heif(shape, xmp: nil, metaLast: true)]
    }
    var written = 0
    for _ in 0..<3000 {
      var bytes = bases[Int.random(in: 0..<bases.count, using: &random)]
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      }
      if Int.random(in: 0..<4, using: &random) == 0 {
        bytes.removeLast(Int.random(in: 0..<bytes.count, using: &random))
      }
      _ = HEIFXMPItem.packet(in: bytes)
      guard case .success(let result) = HEIFXMPItem.writing(second, into: bytes) else { continue }
      written += 1
      XCTAssertEqual(try HEIFXMPItem.packet(in: result.bytes).get(), second)
      if let before = try? itemData(bytes) {
        XCTAssertEqual(try itemData(result.bytes), before)
      }
      XCTAssertEqual(try HEIFXMPItem.restoring(result.undo, in: result.bytes).get(), bytes)
    }
    XCTAssertGreaterThan(written, 100, "some damaged files are still written")
  }

  /// Every HEIF/AVIF of the corpus: written twice, read back by the writer and the metadata
  /// reader, every item's data the same, undone byte for byte; sequences refused.
  func testEveryCorpusHEIFAndAVIFTakesAPacket() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    var files: [URL] = []
    for folder in ["heif", "avif"] {
      let url = corpus.appendingPathComponent(folder)
      files += try FileManager.default.contentsOfDirectory(
        at: url, includingPropertiesForKeys: nil
      ).sorted { $0.path < $1.path }
    }
    XCTAssertGreaterThanOrEqual(files.count, 20)
    for file in files {
      let name = file.lastPathComponent
      let original = [UInt8](try Data(contentsOf: file))
      let result = HEIFXMPItem.writing(first, into: original)
      if name.hasPrefix("colors-animated") {
        XCTAssertEqual(result.map(\.bytes), .failure(XMPWriteError("an image sequence (moov box)")))
        continue
      }
      let added = try result.get()
      let data = try itemData(original)
      XCTAssertFalse(data.isEmpty, name)
      XCTAssertEqual(try HEIFXMPItem.packet(in: added.bytes).get(), first, name)
      XCTAssertEqual(readerPacket(added.bytes), first, name)
      XCTAssertEqual(try itemData(added.bytes), data, name)
      let replaced = try HEIFXMPItem.writing(second, into: added.bytes).get()
      XCTAssertEqual(try HEIFXMPItem.packet(in: replaced.bytes).get(), second, name)
      XCTAssertEqual(try itemData(replaced.bytes), data, name)
      let back = try HEIFXMPItem.restoring(replaced.undo, in: replaced.bytes).get()
      XCTAssertEqual(try HEIFXMPItem.restoring(added.undo, in: back).get(), original, name)
    }
  }
}

import Foundation
import LightboxTestSupport
import XCTest

@testable import PhotoMetadata

/// Where files keep XMP (JPEG APP1 with Extended XMP, APP13 IPTC, PNG iTXt, WebP chunk,
/// TIFF tag 700) and sidecars over embedded packets, on files built here.
final class XMPFileTests: XCTestCase {
  static func packet(_ body: String, attributes: String = "") -> [UInt8] {
    Array(XMPPacketTests.packet(attributes: attributes, body).utf8)
  }

  static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
    let length = body.count + 2
    return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body
  }

  /// A JPEG header with `segments`, a frame header and the start of a scan.
  static func jpeg(_ segments: [[UInt8]]) -> [UInt8] {
    [0xFF, 0xD8] + segments.joined()
      + segment(0xC0, [8, 0, 16, 0, 16, 1, 1, 0x11, 0])
      + segment(0xDA, [1, 1, 0, 0, 63, 0]) + [0, 0xFF, 0xD9]
  }

  static func be32(_ v: Int) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) }
  }
  static func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }

  static func embedded(_ bytes: [UInt8]) -> XMPMetadata? {
    XMPReader.embedded(head: bytes) { _ in nil }
  }

  func testJPEGStandardAndExtendedXMPOutOfOrder() {
    let guid = "0123456789ABCDEF0123456789ABCDEF"
    let main = Self.packet(
      "",
      attributes: #"xmp:Rating="2" xmlns:xmpNote="http://ns.adobe.com/xmp/note/" "#
        + #"xmpNote:HasExtendedXMP="\#(guid)""#)
    let extended = Self.packet(
      "<dc:subject><rdf:Bag><rdf:li>from the extension</rdf:li></rdf:Bag></dc:subject>",
      attributes: #"xmp:Rating="5""#)
    let half = extended.count / 2
    func chunk(_ offset: Int, _ data: ArraySlice<UInt8>, guid: String = guid) -> [UInt8] {
      Self.segment(
        0xE1,
        Array("http://ns.adobe.com/xmp/extension/\0".utf8) + Array(guid.utf8)
          + Self.be32(extended.count) + Self.be32(offset) + data)
    }
    let bytes = Self.jpeg([
      chunk(half, extended[half...]),  // the second half first
      Self.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + main),
      chunk(0, extended[..<half]),
      chunk(0, Array("junk of another GUID".utf8)[...], guid: String(repeating: "F", count: 32)),
    ])
    let m = Self.embedded(bytes)
    XCTAssertEqual(m?.keywords, ["from the extension"])
    XCTAssertEqual(m?.rating, 2, "the standard packet wins over its extension")
  }

  func testJPEGIPTCKeywordsWhenNoSubject() {
    func dataset(_ record: UInt8, _ number: UInt8, _ value: [UInt8]) -> [UInt8] {
      [0x1C, record, number, UInt8(value.count >> 8), UInt8(value.count & 0xFF)] + value
    }
    let iptc =
      dataset(1, 90, [0x1B, 0x25, 0x47]) + dataset(2, 25, Array("Zürich".utf8))
      + dataset(2, 120, Array("caption".utf8)) + dataset(2, 25, Array("lake".utf8))
    var resource = Array("8BIM".utf8) + [0x04, 0x04, 0, 0] + Self.be32(iptc.count) + iptc
    if iptc.count % 2 == 1 { resource.append(0) }
    let app13 = Self.segment(0xED, Array("Photoshop 3.0\0".utf8) + resource)
    XCTAssertEqual(Self.embedded(Self.jpeg([app13]))?.keywords, ["Zürich", "lake"])

    // Latin-1 without the UTF-8 mark, as old tools wrote it.
    let latin = dataset(2, 25, [0x5A, 0xFC, 0x72, 0x69, 0x63, 0x68])
    let old = Array("8BIM".utf8) + [0x04, 0x04, 0, 0] + Self.be32(latin.count) + latin + [0]
    let oldApp13 = Self.segment(0xED, Array("Photoshop 3.0\0".utf8) + old)
    XCTAssertEqual(Self.embedded(Self.jpeg([oldApp13]))?.keywords, ["Zürich"])

    // dc:subject present: the XMP keywords win.
    let xmp = Self.segment(
      0xE1,
      Array("http://ns.adobe.com/xap/1.0/\0".utf8)
        + Self.packet("<dc:subject><rdf:Bag><rdf:li>xmp</rdf:li></rdf:Bag></dc:subject>"))
    XCTAssertEqual(Self.embedded(Self.jpeg([xmp, app13]))?.keywords, ["xmp"])
  }

  func testPNGWebPAndTIFFPackets() {
    let packet = Self.packet("", attributes: #"xmp:Label="Blue""#)
    // PNG: iTXt keyword, compression flag and method, empty language and translation.
    let itxt = Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + packet
    let png =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Self.be32(13) + Array("IHDR".utf8)
      + Self.be32(1) + Self.be32(1) + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
      + Self.be32(itxt.count) + Array("iTXt".utf8) + itxt + [0, 0, 0, 0]
      + Self.be32(0) + Array("IEND".utf8) + [0, 0, 0, 0]
    XCTAssertEqual(Self.embedded(png)?.label, "Blue", "PNG")

    let vp8l: [UInt8] = [0x2F, 0, 0, 0, 0]
    var chunks = Array("VP8L".utf8) + Self.le32(vp8l.count) + vp8l + [0]
    chunks += Array("XMP ".utf8) + Self.le32(packet.count) + packet
    if packet.count % 2 == 1 { chunks.append(0) }
    let webp = Array("RIFF".utf8) + Self.le32(4 + chunks.count) + Array("WEBP".utf8) + chunks
    XCTAssertEqual(Self.embedded(webp)?.label, "Blue", "WebP")

    // TIFF: IFD0 with width, height and XMLPacket (tag 700, BYTE) pointing after the IFD.
    func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) -> [UInt8] {
      [UInt8(tag & 0xFF), UInt8(tag >> 8), UInt8(type), 0] + Self.le32(count) + Self.le32(value)
    }
    let packetAt = 8 + 2 + 3 * 12 + 4
    let tiff =
      Array("II".utf8) + [42, 0] + Self.le32(8) + [3, 0] + entry(256, 4, 1, 1)
      + entry(257, 4, 1, 1) + entry(700, 1, packet.count, packetAt) + Self.le32(0) + packet
    XCTAssertEqual(Self.embedded(tiff)?.label, "Blue", "TIFF")
  }

  func testPacketPastTheHeadIsLoaded() {
    let packet = Self.packet("", attributes: #"xmp:Label="Far""#)
    func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) -> [UInt8] {
      [UInt8(tag & 0xFF), UInt8(tag >> 8), UInt8(type), 0] + Self.le32(count) + Self.le32(value)
    }
    let far = 1_000_000
    let file =
      Array("II".utf8) + [42, 0] + Self.le32(8) + [1, 0] + entry(700, 7, packet.count, far)
      + Self.le32(0)
    let m = XMPReader.embedded(head: file) { range in
      guard range.lowerBound >= far else { return nil }
      return Array(packet.dropFirst(range.lowerBound - far).prefix(range.count))
    }
    XCTAssertEqual(m?.label, "Far")
  }

  func testSidecarsWinOverEmbeddedFieldByField() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("xmp-sidecar-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let photo = folder.appendingPathComponent("IMG_1234.JPG").path
    let embedded = Self.packet(
      "<dc:subject><rdf:Bag><rdf:li>embedded</rdf:li></rdf:Bag></dc:subject>"
        + "<dc:description><rdf:Alt><rdf:li xml:lang='x-default'>kept</rdf:li></rdf:Alt>"
        + "</dc:description>",
      attributes: #"xmp:Rating="1" xmp:Label="Red""#)
    let jpeg = Self.jpeg([
      Self.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + embedded)
    ])
    try Data(jpeg).write(to: URL(fileURLWithPath: photo))
    XCTAssertEqual(XMPReader.read(contentsOf: photo).metadata.rating, 1)
    XCTAssertEqual(XMPReader.read(contentsOf: photo).sidecars, [])

    // Lightroom's NAME.xmp, then darktable's NAME.EXT.xmp, which wins over it.
    let lightroom = folder.appendingPathComponent("IMG_1234.xmp").path
    try Data(Self.packet("", attributes: #"xmp:Rating="3" xmp:Label="Green""#))
      .write(to: URL(fileURLWithPath: lightroom))
    let darktable = folder.appendingPathComponent("IMG_1234.JPG.xmp").path
    try Data(
      Self.packet(
        "<dc:subject><rdf:Bag><rdf:li>sidecar</rdf:li></rdf:Bag></dc:subject>",
        attributes: #"xmp:Rating="-1""#)
    ).write(to: URL(fileURLWithPath: darktable))

    let reading = XMPReader.read(contentsOf: photo)
    XCTAssertEqual(reading.sidecars, [darktable, lightroom])
    XCTAssertEqual(reading.metadata.keywords, ["sidecar"])
    XCTAssertEqual(reading.metadata.rating, XMPMetadata.rejected, "NAME.EXT.xmp wins")
    XCTAssertEqual(reading.metadata.label, "Green", "NAME.xmp fills what NAME.EXT.xmp lacks")
    XCTAssertEqual(reading.metadata.caption, "kept", "embedded fills what no sidecar has")
    XCTAssertEqual(reading.embedded?.keywords, ["embedded"])
    XCTAssertEqual(reading.problems, [])

    // A broken sidecar: its problem is told, what it holds before the damage still counts.
    try Data(Array(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF"#.utf8))
      .write(to: URL(fileURLWithPath: darktable))
    let broken = XMPReader.read(contentsOf: photo)
    XCTAssertEqual(broken.metadata.rating, 3)
    XCTAssertEqual(broken.problems.count, 1)
    XCTAssertTrue(broken.problems.first?.hasPrefix(darktable + ": ") ?? false)
  }

  func testSidecarNames() {
    XCTAssertEqual(
      XMPReader.sidecarPaths(for: "/p/IMG_1234.CR3"),
      ["/p/IMG_1234.CR3.xmp", "/p/IMG_1234.CR3.XMP", "/p/IMG_1234.xmp", "/p/IMG_1234.XMP"])
    XCTAssertEqual(
      XMPReader.sidecarPaths(for: "/p.d/.hidden"), ["/p.d/.hidden.xmp", "/p.d/.hidden.XMP"])
  }
}

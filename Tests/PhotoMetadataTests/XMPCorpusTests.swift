import Foundation
import LightboxTestSupport
import XCTest

@testable import PhotoMetadata

/// The XMP reader against the real packets in ../shared/corpus/xmp (sidecars of digiKam,
/// darktable, APhotoManager, jPhotoTagger, exiftool; Adobe and IPTC samples; JPEGs with
/// UTF-16 and Extended XMP) and other corpus files with XMP. The expected values are what
/// `exiftool -Subject -HierarchicalSubject -TagsList -Rating -Description -Title -RegionName`
/// 12.57 reads from them.
final class XMPCorpusTests: XCTestCase {
  struct Expected {
    var keywords: [String]?
    var hierarchical: [[String]]?
    var rating: Int?
    var title: String?
    var caption: String?
    var regionNames: [String]?
  }

  static let expected: [String: Expected] = [
    "xmp/APhotoManager-example.xmp": Expected(
      keywords: ["tagA2", "tagB2"], rating: 2, title: "Title2", caption: "Description2"),
    "xmp/BlueSquare.xmp": Expected(
      keywords: ["XMP", "Blue Square", "test file", "Photoshop", ".jpg"],
      title: "Blue Square Test File - .jpg",
      caption:
        "XMPFiles BlueSquare test file, created in Photoshop CS2, saved as .psd, .jpg, and .tif."),
    "xmp/StaffPhotographer-Example.xmp": Expected(
      keywords: [
        "agriculture", "farm laborer", "farmer", "field hand", "field worker", "humans",
        "occupation", "people", "agricultural", "agronomy", "crops", "onions", "vegetable crops",
        "plants", "vegetables", "outdoors", "outside", "agricultural equipment", "tractor",
        "gender", "male", "men",
      ],
      title: "01661gdx",
      caption:
        "After digging the furrows another ten yards with the tractor, Jim Moore hops off to "
        + "hand-set more leeks and onions."),
    "xmp/darktable-DSC_9034.NEF.xmp": Expected(
      keywords: ["changed", "darktable", "exported", "format", "nef"],
      hierarchical: [
        ["darktable", "changed"], ["darktable", "exported"], ["darktable", "format", "nef"],
      ],
      rating: 1),
    "xmp/digikam-example.xmp": Expected(
      keywords: ["test3", "test", "test2"], hierarchical: [["test3"], ["test"], ["test2"]],
      caption: "2014-Drachenfest-Waterfront-Bremen"),
    "xmp/exiftool-9.74-example.xmp": Expected(keywords: [
      "Luftaufnahmen", "Muenchen", "OesterreichBayern", "Orte", "Panoramaquelle", "Thema",
      "Urlaub", "hec", "qrl",
    ]),
    "xmp/exiftool-XMP.xmp": Expected(keywords: ["test1", "&-&amp;-&"], rating: 1),
    "xmp/exiftool-XMP5.xmp": Expected(regionNames: ["Region 1"]),
    "xmp/jPhotoTagger-example.xmp": Expected(keywords: [
      "Deutschland", "GarmischPartenkirchen", "OesterreichBayern", "Orte", "Urlaub",
    ]),
    "xmp/exiftool-XMP.jpg": Expected(
      keywords: ["ExifTool", "Test", "XMP"], title: "Test IPTC picture",
      caption: "UTF-16 (big-endian) encoded XMP"),
    // exiftool's Title here is pdf:Title, from the Extended XMP: no dc:title (see below).
    "xmp/exiftool-ExtendedXMP.jpg": Expected(),
    "heif/Stonehenge.heic": Expected(rating: 0, caption: "Classic View"),
    "avif/Canon_EOS_70D.avif": Expected(rating: 0),
    "raw/Canon_EOS_R6_pruned.CR3": Expected(rating: 0),
    "video/uuid540.mp4": Expected(
      keywords: ["keyword1", "keyword2", "keyword3"], caption: "Description"),
    "tiff/Reagan.tiff": Expected(
      keywords: [
        "ronald reagan", "reagan", "cvn 76", "cvn-76", "straights magellan", "magellan",
        "carrier", "nimitz-class", "ship", "underway",
      ],
      title: "040621-N-6536T-062"),
  ]

  private func corpus() throws -> URL {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    return corpus
  }

  func testReadsWhatExiftoolReads() throws {
    let corpus = try corpus()
    for (path, want) in Self.expected.sorted(by: { $0.key < $1.key }) {
      let file = corpus.appendingPathComponent(path).path
      let reading = XMPReader.read(contentsOf: file)
      // exiftool-XMP.jpg has exiftool-XMP.xmp beside it, a sidecar by its name: exiftool
      // reads the JPEG alone, so the embedded fields are compared.
      let m = path.hasSuffix(".jpg") ? reading.embedded ?? XMPMetadata() : reading.metadata
      XCTAssertEqual(m.keywords, want.keywords, path)
      XCTAssertEqual(m.hierarchicalKeywords, want.hierarchical, path)
      XCTAssertEqual(m.rating, want.rating, path)
      XCTAssertEqual(m.title, want.title, path)
      if path == "tiff/Reagan.tiff" {  // a long caption with a line break (&#xA;) in it
        XCTAssertTrue(
          m.caption?.hasPrefix("040621-N-6536T-062\nUSS Ronald Reagan (CVN 76), June") ?? false)
      } else {
        XCTAssertEqual(m.caption, want.caption, path)
      }
      XCTAssertEqual(m.regions?.compactMap(\.name), want.regionNames, path)
      XCTAssertEqual(reading.problems, [], path)
    }
  }

  func testRegionAreaOfTheExiftoolSample() throws {
    let file = try corpus().appendingPathComponent("xmp/exiftool-XMP5.xmp").path
    let regions = XMPReader.read(contentsOf: file).metadata.regions ?? []
    XCTAssertEqual(regions.count, 2, "a named face and an unnamed region with extensions only")
    XCTAssertEqual(regions.first?.type, "Face")
    XCTAssertEqual(regions.first?.area?.width, 8)
    XCTAssertEqual(regions.first?.area?.x, 0)
    XCTAssertEqual(XMPReader.read(contentsOf: file).metadata.people, ["Region 1"])
  }

  func testExtendedXMPChunksOutOfOrderAreJoined() throws {
    let file = try corpus().appendingPathComponent("xmp/exiftool-ExtendedXMP.jpg")
    let bytes = try [UInt8](Data(contentsOf: file))
    let (segments, extended) = bytes.withUnsafeBytes { raw in
      var source = RandomAccessSource(head: ByteView(raw))
      let segments = JPEGScanner.xmpSegments(&source)
      let guid = segments.packet.flatMap { XMPMetadata.read(packet: $0).extendedGUID }
      return (segments, guid.flatMap { JPEGScanner.extendedPacket(segments, guid: $0) })
    }
    XCTAssertEqual(segments.extended.map(\.offset), [0x1A9, 0], "stored second part first")
    let text = String(decoding: extended ?? [], as: UTF8.self)
    XCTAssertTrue(text.contains("<pdf:Title>PDF Title</pdf:Title>"), text)
    XCTAssertNil(XMPMetadata.problem(inPacket: extended ?? []))
  }

  func testMalformedPacketsGiveAProblemOrWhatCouldBeRead() throws {
    let folder = try corpus().appendingPathComponent("xmp/malformed")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    XCTAssertGreaterThanOrEqual(names.count, 6)
    for name in names {
      let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
      let read = XMPMetadata.read(packet: bytes)
      // Only the damaged BlueSquare copy holds tags, which exiftool reads too.
      if name == "exiv2_issue_1713_poc.xmp" {
        XCTAssertEqual(read.metadata.keywords?.count, 5, name)
        XCTAssertEqual(read.metadata.title, "Blue Square Test File - .jpg", name)
      } else {
        XCTAssertTrue(read.metadata.isEmpty, name)
      }
      for length in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 64)) {
        _ = XMPMetadata(packet: Array(bytes.prefix(length)))
      }
    }
    let broken = try [UInt8](
      Data(contentsOf: folder.appendingPathComponent("exiv2_issue_1821_poc.xmp")))
    XCTAssertNotNil(XMPMetadata.problem(inPacket: broken))
  }

  func testEveryCorpusFileReadsWithoutTrapping() throws {
    let corpus = try corpus()
    let files = FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String }
    var withTags = 0
    for file in files ?? [] {
      var isDirectory: ObjCBool = false
      let path = corpus.appendingPathComponent(file).path
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { continue }
      if !XMPReader.read(contentsOf: path).metadata.isEmpty { withTags += 1 }
    }
    XCTAssertGreaterThan(withTags, 10)
  }

  /// exiftool, when installed, on every sidecar and XMP JPEG of the corpus (keywords,
  /// hierarchical keywords, rating, title, caption).
  func testAgreesWithExiftoolWhenInstalled() throws {
    let corpus = try corpus()
    let exiftool = ["/usr/bin/exiftool", "/usr/local/bin/exiftool"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let exiftool else {
      throw XCTSkip("exiftool is not installed (apt install libimage-exiftool-perl)")
    }
    let folder = corpus.appendingPathComponent("xmp")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".xmp") || $0.hasSuffix(".jpg")
    }
    for name in names.sorted() {
      let path = folder.appendingPathComponent(name).path
      let process = Process()
      process.executableURL = URL(fileURLWithPath: exiftool)
      process.arguments = [
        "-j", "-struct", "-XMP:Subject", "-XMP:HierarchicalSubject", "-XMP:Rating",
        "-XMP:Title", "-XMP:Description", path,
      ]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let objects = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
      let tool = objects?.first ?? [:]
      func list(_ key: String) -> [String]? {
        switch tool[key] {
        case let values as [Any]: values.map { "\($0)" }
        case let value?: ["\(value)"]
        case nil: nil
        }
      }
      let reading = XMPReader.read(contentsOf: path)
      let m = name.hasSuffix(".jpg") ? reading.embedded ?? XMPMetadata() : reading.metadata
      XCTAssertEqual(m.keywords, list("Subject"), name)
      XCTAssertEqual(
        m.hierarchicalKeywords?.map { $0.joined(separator: "|") }, list("HierarchicalSubject"),
        name)
      XCTAssertEqual(m.rating.map(String.init), list("Rating")?.first, name)
      // exiftool's Title is dc:title's x-default (or unlabelled) alternative only;
      // APhotoManager's has only "x-REPAIR", which Lightbox shows as the first one. And
      // exiftool's Title of the Extended XMP sample is pdf:Title.
      if !["APhotoManager-example.xmp", "exiftool-ExtendedXMP.jpg"].contains(name) {
        XCTAssertEqual(m.title, list("Title")?.first, name)
      }
      XCTAssertEqual(m.caption, list("Description")?.first, name)
    }
  }
}

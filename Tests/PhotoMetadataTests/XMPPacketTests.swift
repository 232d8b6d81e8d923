import LightboxTestSupport
import XCTest

@testable import PhotoMetadata

/// The XMP packet reader on synthetic packets: both RDF forms, arrays, prefixes, entities,
/// encodings, regions, and damaged input.
final class XMPPacketTests: XCTestCase {
  /// A packet whose `rdf:Description` has `attributes` and holds `body`, with the usual
  /// namespaces declared under the usual prefixes.
  static func packet(attributes: String = "", _ body: String = "") -> String {
    """
    <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
    <x:xmpmeta xmlns:x="adobe:ns:meta/">
     <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about=""
        xmlns:dc="http://purl.org/dc/elements/1.1/"
        xmlns:xmp="http://ns.adobe.com/xap/1.0/"
        xmlns:lr="http://ns.adobe.com/lightroom/1.0/"
        xmlns:digiKam="http://www.digikam.org/ns/1.0/"
        xmlns:mwg-rs="http://www.metadataworkinggroup.com/schemas/regions/"
        xmlns:stArea="http://ns.adobe.com/xmp/sType/Area#"
        xmlns:stDim="http://ns.adobe.com/xap/1.0/sType/Dimensions#"
        \(attributes)>
       \(body)
      </rdf:Description>
     </rdf:RDF>
    </x:xmpmeta>
    <?xpacket end="w"?>
    """
  }

  static func read(_ text: String) -> XMPMetadata { XMPMetadata(packet: Array(text.utf8)) }

  func testPropertiesAsAttributes() {
    let m = Self.read(Self.packet(attributes: #"xmp:Rating="4" xmp:Label="Red""#))
    XCTAssertEqual(m.rating, 4)
    XCTAssertEqual(m.label, "Red")
    XCTAssertNil(m.keywords)
    XCTAssertNil(m.title)
  }

  func testPropertiesAsElementsWithArrays() {
    let m = Self.read(
      Self.packet(
        """
        <xmp:Rating>-1</xmp:Rating>
        <xmp:Label>Approved</xmp:Label>
        <dc:subject><rdf:Bag><rdf:li>Kyoto</rdf:li><rdf:li>temple</rdf:li></rdf:Bag></dc:subject>
        <dc:title><rdf:Alt>
          <rdf:li xml:lang="de">Tempel</rdf:li>
          <rdf:li xml:lang="x-default">Temple</rdf:li>
        </rdf:Alt></dc:title>
        <dc:description><rdf:Alt><rdf:li xml:lang="fr">Un temple</rdf:li></rdf:Alt></dc:description>
        """))
    XCTAssertEqual(m.rating, XMPMetadata.rejected)
    XCTAssertEqual(m.label, "Approved")
    XCTAssertEqual(m.keywords, ["Kyoto", "temple"])
    XCTAssertEqual(m.title, "Temple", "x-default wins over the first alternative")
    XCTAssertEqual(m.caption, "Un temple", "without x-default, the first alternative")
  }

  func testHierarchicalKeywordsFromLightroomAndDigiKamMerge() {
    let m = Self.read(
      Self.packet(
        """
        <dc:subject><rdf:Bag>
          <rdf:li>Places</rdf:li><rdf:li>Japan</rdf:li><rdf:li>Kyoto</rdf:li><rdf:li>night</rdf:li>
        </rdf:Bag></dc:subject>
        <lr:hierarchicalSubject><rdf:Bag>
          <rdf:li>Places|Japan|Kyoto</rdf:li><rdf:li>People|Anna</rdf:li>
        </rdf:Bag></lr:hierarchicalSubject>
        <digiKam:TagsList><rdf:Seq>
          <rdf:li>Places/Japan/Kyoto</rdf:li><rdf:li>Events//Trip 2024/</rdf:li>
        </rdf:Seq></digiKam:TagsList>
        """))
    XCTAssertEqual(
      m.hierarchicalKeywords,
      [["Places", "Japan", "Kyoto"], ["People", "Anna"], ["Events", "Trip 2024"]])
    XCTAssertEqual(
      m.tagPaths,
      [["Places", "Japan", "Kyoto"], ["People", "Anna"], ["Events", "Trip 2024"], ["night"]],
      "keywords that are parts of a path are not shown twice")
  }

  func testNamespacesBindByURINotPrefix() {
    // Odd prefixes, and "dc" rebound to another namespace inside: only the URI counts.
    let text = """
      <a:RDF xmlns:a="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
       <a:Description xmlns:d="http://purl.org/dc/elements/1.1/"
          xmlns:q="http://ns.adobe.com/xap/1.0/" q:Rating="2">
        <d:subject><a:Bag><a:li>right</a:li></a:Bag></d:subject>
        <dc:subject xmlns:dc="http://example.com/not-dc/"><a:Bag><a:li>wrong</a:li></a:Bag></dc:subject>
       </a:Description>
      </a:RDF>
      """
    let m = Self.read(text)
    XCTAssertEqual(m.keywords, ["right"])
    XCTAssertEqual(m.rating, 2)
  }

  func testDefaultNamespaceAndUnboundPrefixes() {
    let text = """
      <RDF xmlns="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
       <Description>
        <title xmlns="http://purl.org/dc/elements/1.1/">Default namespace</title>
        <nope:Label>unbound prefix</nope:Label>
       </Description>
      </RDF>
      """
    let m = Self.read(text)
    XCTAssertEqual(m.title, "Default namespace")
    XCTAssertNil(m.label)
  }

  func testEntitiesCharacterReferencesAndCDATA() {
    let m = Self.read(
      Self.packet(
        attributes: #"xmp:Label="a &quot;b&quot; &#x263A; &#9731;""#,
        """
        <dc:subject><rdf:Bag>
          <rdf:li>&amp;-<![CDATA[&amp;<b>]]>-&amp;</rdf:li>
          <rdf:li>&lt;&gt;&apos;&unknown;&#0;&#xD800;</rdf:li>
        </rdf:Bag></dc:subject>
        """))
    XCTAssertEqual(m.label, "a \"b\" ☺ ☃")
    XCTAssertEqual(m.keywords, ["&-&amp;<b>-&", "<>'&unknown;&#0;&#xD800;"])
  }

  func testUTF16BothByteOrdersAndUTF32() {
    let text = Self.packet(attributes: #"xmp:Label="Grün""#, "<dc:title>Ünïcode ✓ 𝄞</dc:title>")
    let be = Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    let le = Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let utf32 = text.unicodeScalars.flatMap { s in
      [
        UInt8(s.value >> 24), UInt8(s.value >> 16 & 0xFF), UInt8(s.value >> 8 & 0xFF),
        UInt8(s.value & 0xFF),
      ]
    }
    for (name, bytes) in [("UTF-16BE", be), ("UTF-16LE", le), ("UTF-32BE", utf32)] {
      let m = XMPMetadata(packet: bytes)
      XCTAssertEqual(m.label, "Grün", name)
      XCTAssertEqual(m.title, "Ünïcode ✓ 𝄞", name)
    }
  }

  func testRatingForms() {
    XCTAssertEqual(XMPMetadata.rating("3.0"), 3)
    XCTAssertEqual(XMPMetadata.rating(" 5 "), 5)
    XCTAssertEqual(XMPMetadata.rating("-1"), -1)
    XCTAssertNil(XMPMetadata.rating("7"))
    XCTAssertNil(XMPMetadata.rating("nan"))
    XCTAssertNil(XMPMetadata.rating("four"))
  }

  func testLightroomRegionsWrittenAsAttributes() {
    let m = Self.read(
      Self.packet(
        """
        <mwg-rs:Regions rdf:parseType="Resource">
         <mwg-rs:AppliedToDimensions stDim:w="4000" stDim:h="3000" stDim:unit="pixel"/>
         <mwg-rs:RegionList><rdf:Bag>
          <rdf:li><rdf:Description mwg-rs:Name="Anna" mwg-rs:Type="Face">
           <mwg-rs:Area stArea:x="0.5" stArea:y="0.25" stArea:w="0.1" stArea:h="0.2"
             stArea:unit="normalized"/>
          </rdf:Description></rdf:li>
          <rdf:li><rdf:Description mwg-rs:Name="Rex" mwg-rs:Type="Pet"/></rdf:li>
          <rdf:li><rdf:Description mwg-rs:Type="Face"/></rdf:li>
         </rdf:Bag></mwg-rs:RegionList>
        </mwg-rs:Regions>
        """))
    let regions = m.regions ?? []
    XCTAssertEqual(regions.count, 3)
    XCTAssertEqual(regions.first?.name, "Anna")
    XCTAssertEqual(
      regions.first?.area,
      XMPRegion.Area(x: 0.5, y: 0.25, width: 0.1, height: 0.2, unit: "normalized"))
    XCTAssertEqual(regions.first?.dimensions, XMPRegion.PixelDimensions(width: 4000, height: 3000))
    XCTAssertEqual(m.people, ["Anna"], "pets and unnamed faces are not people")
  }

  func testDigiKamRegionsWrittenAsElementsInPixels() {
    let m = Self.read(
      Self.packet(
        """
        <mwg-rs:Regions>
         <rdf:Description>
          <mwg-rs:AppliedToDimensions><rdf:Description>
           <stDim:w>200</stDim:w><stDim:h>100</stDim:h>
          </rdf:Description></mwg-rs:AppliedToDimensions>
          <mwg-rs:RegionList><rdf:Bag><rdf:li rdf:parseType="Resource">
           <mwg-rs:Name>Ben</mwg-rs:Name>
           <mwg-rs:Area rdf:parseType="Resource">
            <stArea:x>100</stArea:x><stArea:y>50</stArea:y><stArea:w>20</stArea:w>
            <stArea:h>10</stArea:h><stArea:unit>pixel</stArea:unit>
           </mwg-rs:Area>
          </rdf:li></rdf:Bag></mwg-rs:RegionList>
         </rdf:Description>
        </mwg-rs:Regions>
        """))
    XCTAssertEqual(m.people, ["Ben"])
    XCTAssertEqual(
      m.regions?.first?.normalizedArea,
      XMPRegion.Area(x: 0.5, y: 0.5, width: 0.1, height: 0.1, unit: "normalized"))
  }

  func testMicrosoftPhotoRegions() {
    let text = """
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
       <rdf:Description xmlns:MP="http://ns.microsoft.com/photo/1.2/"
         xmlns:MPRI="http://ns.microsoft.com/photo/1.2/t/RegionInfo#"
         xmlns:MPReg="http://ns.microsoft.com/photo/1.2/t/Region#">
        <MP:RegionInfo rdf:parseType="Resource">
         <MPRI:Regions><rdf:Bag>
          <rdf:li MPReg:Rectangle="0.1, 0.2, 0.4, 0.2" MPReg:PersonDisplayName="Chloé"/>
         </rdf:Bag></MPRI:Regions>
        </MP:RegionInfo>
       </rdf:Description>
      </rdf:RDF>
      """
    let m = Self.read(text)
    XCTAssertEqual(m.people, ["Chloé"])
    let area = m.regions?.first?.area
    XCTAssertEqual(area?.x ?? 0, 0.3, accuracy: 1e-9, "left + width / 2")
    XCTAssertEqual(area?.y ?? 0, 0.3, accuracy: 1e-9, "top + height / 2")
    XCTAssertEqual(area?.width, 0.4)
  }

  func testSidecarWinsFieldByField() {
    var embedded = XMPMetadata()
    embedded.keywords = ["old"]
    embedded.rating = 2
    embedded.caption = "embedded caption"
    var sidecar = XMPMetadata()
    sidecar.keywords = []
    sidecar.rating = 5
    let merged = embedded.overlaid(by: sidecar)
    XCTAssertEqual(merged.keywords, [], "an empty bag in the sidecar takes the keywords away")
    XCTAssertEqual(merged.rating, 5)
    XCTAssertEqual(merged.caption, "embedded caption", "what the sidecar lacks stays")
  }

  func testDamagedPacketsGiveWhatCouldBeReadAndAProblem() {
    let whole = Self.packet(
      attributes: #"xmp:Rating="3""#,
      "<dc:subject><rdf:Bag><rdf:li>one</rdf:li><rdf:li>two</rdf:li></rdf:Bag></dc:subject>")
    let bytes = Array(whole.utf8)
    XCTAssertNil(XMPMetadata.problem(inPacket: bytes))
    // Cut at every length: never a trap, and what came before the cut is kept.
    var sawPartial = false
    for length in 0...bytes.count {
      let m = XMPMetadata(packet: Array(bytes.prefix(length)))
      if m.keywords == ["one"] { sawPartial = true }
    }
    XCTAssertTrue(sawPartial, "a packet cut inside the bag keeps the keywords before the cut")
    let cut = Array(bytes.prefix(bytes.count / 2 + 200))
    XCTAssertNotNil(XMPMetadata.problem(inPacket: cut))
    XCTAssertEqual(
      XMPMetadata.problem(inPacket: Array("not xml at all".utf8)), "no XMP (rdf:RDF) found")
  }

  func testDeepNestingIsBoundedAndSkipped() {
    let depth = 100_000
    let junk = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
    let text = Self.packet(attributes: #"xmp:Rating="1""#, junk + "<xmp:Label>after</xmp:Label>")
    let tree = XMLReader.parse(Array(text.utf8))
    XCTAssertLessThan(tree.nodes.count, 100, "elements past the depth limit are not kept")
    let m = XMPMetadata(packet: Array(text.utf8))
    XCTAssertEqual(m.rating, 1)
    XCTAssertEqual(m.label, "after", "the reader finds its way out of the skipped elements")
  }

  func testManyElementsStopAtTheNodeLimit() {
    let items = String(repeating: "<rdf:li>k</rdf:li>", count: 50)
    let text = Self.packet("<dc:subject><rdf:Bag>\(items)</rdf:Bag></dc:subject>")
    var limits = XMLReader.Limits()
    limits.maxNodes = 20
    let tree = XMLReader.parse(Array(text.utf8), limits: limits)
    XCTAssertEqual(tree.nodes.count, 20)
    XCTAssertEqual(tree.problem, "more than 20 elements")
  }

  func testAttributesStopAtTheirLimit() {
    let many = (0..<300).map { " a\($0)=\"v\"" }.joined()
    let text = "<r\(many)/><s xmlns:x=\"u\" x:b=\"kept?\"/>"
    var limits = XMLReader.Limits()
    limits.maxAttributes = 250
    let tree = XMLReader.parse(Array(text.utf8), limits: limits)
    XCTAssertEqual(tree.nodes.map(\.attributes.count), [250, 0])
    XCTAssertEqual(tree.problem, "more than 250 attributes")
  }

  func testRandomJunkNeverTraps() {
    var random = SeededGenerator(seed: TestSeed.value)
    let base = Array(
      Self.packet(
        attributes: #"xmp:Rating="3""#,
        "<dc:subject><rdf:Bag><rdf:li>a&amp;b</rdf:li></rdf:Bag></dc:subject>"
      ).utf8)
    for _ in 0..<500 {
      var bytes = base
      for _ in 0..<Int.random(in: 1...20, using: &random) {
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
        case 1:
          bytes.insert(contentsOf: Array("<&\"'/>]]><!--".utf8).shuffled(using: &random), at: at)
        default: bytes.removeSubrange(at..<min(bytes.count, at + 7))
        }
      }
      let m = XMPMetadata(packet: bytes)
      if let rating = m.rating { XCTAssertTrue((-1...5).contains(rating)) }
    }
    let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
    XCTAssertTrue(XMPMetadata(packet: noise).isEmpty)
  }
}

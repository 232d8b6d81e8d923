import XCTest

@testable import PhotoMetadata

/// The XMP editor on small packets: each property form (attribute, element, list, language
/// alternative) edited where it is written, everything else byte for byte, new properties
/// and namespaces added, text escaped, and damaged packets refused.
final class XMPPacketEditorTests: XCTestCase {
  func edited(_ packet: String, _ edit: XMPEdit, seed: XMPMetadata = XMPMetadata()) throws
    -> String
  {
    String(
      decoding: try XMPPacketEditor.edited(Array(packet.utf8), by: edit, seed: seed), as: UTF8.self)
  }

  func read(_ text: String) -> XMPMetadata { XMPMetadata(packet: Array(text.utf8)) }

  static let wrapperStart = """
    <x:xmpmeta xmlns:x="adobe:ns:meta/">
     <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">

    """
  static let wrapperEnd = """

     </rdf:RDF>
    </x:xmpmeta>

    """

  func packet(_ body: String) -> String { Self.wrapperStart + body + Self.wrapperEnd }

  func testANewSidecarHoldsEveryField() throws {
    let edit = XMPEdit(
      addTags: [["Places", "Japan", "Kyoto"], ["sea"]], rating: 4, label: "Red",
      title: "Temple", caption: "Morning\nlight")
    let text = String(
      decoding: try XMPSidecarWriter.edited(nil, by: edit).get(), as: UTF8.self)
    let m = read(text)
    XCTAssertEqual(m.keywords, ["Kyoto", "sea"])
    XCTAssertEqual(m.hierarchicalKeywords, [["Places", "Japan", "Kyoto"], ["sea"]])
    XCTAssertEqual(m.rating, 4)
    XCTAssertEqual(m.label, "Red")
    XCTAssertEqual(m.title, "Temple")
    XCTAssertEqual(m.caption, "Morning\nlight")
    XCTAssertNil(XMPMetadata.problem(inPacket: Array(text.utf8)))
    XCTAssertTrue(text.contains("<rdf:li>Places|Japan|Kyoto</rdf:li>"), text)
    XCTAssertTrue(text.contains("<rdf:li>Places/Japan/Kyoto</rdf:li>"), text)
    XCTAssertTrue(text.contains("xmlns:digiKam=\"http://www.digikam.org/ns/1.0/\""), text)
  }

  func testAnAttributeIsChangedInPlaceAndNothingElse() throws {
    let before = packet(
      """
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
         xmlns:my="http://example.com/my/" my:Keep="a &amp; b" xmp:Rating="1" my:After='z'>
         <my:Other><rdf:Seq><rdf:li>1</rdf:li></rdf:Seq></my:Other>
        </rdf:Description>
      """)
    let after = try edited(before, XMPEdit(rating: -1))
    XCTAssertEqual(
      after, before.replacingOccurrences(of: "xmp:Rating=\"1\"", with: "xmp:Rating=\"-1\""))
    XCTAssertEqual(read(after).rating, -1)
    let cleared = try edited(before, XMPEdit(label: ""))
    XCTAssertEqual(cleared, before, "removing a label that is not there changes nothing")
  }

  func testAnElementValueIsChangedInPlace() throws {
    let before = packet(
      """
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
         <xmp:Rating>2</xmp:Rating>
         <xmp:Label>Green</xmp:Label>
        </rdf:Description>
      """)
    let after = try edited(before, XMPEdit(rating: 5, label: ""))
    XCTAssertEqual(
      after,
      before.replacingOccurrences(of: ">2<", with: ">5<").replacingOccurrences(
        of: "\n   <xmp:Label>Green</xmp:Label>", with: ""))
  }

  func testTagsAreAddedToEveryListAndRemovedByPath() throws {
    let before = packet(
      """
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
          xmlns:lr="http://ns.adobe.com/lightroom/1.0/">
         <dc:subject>
          <rdf:Bag>
           <rdf:li>darktable</rdf:li>
           <rdf:li>format</rdf:li>
           <rdf:li>nef</rdf:li>
           <rdf:li>flat</rdf:li>
          </rdf:Bag>
         </dc:subject>
         <lr:hierarchicalSubject>
          <rdf:Bag>
           <rdf:li>darktable|format|nef</rdf:li>
           <rdf:li>darktable|changed</rdf:li>
          </rdf:Bag>
         </lr:hierarchicalSubject>
        </rdf:Description>
      """)
    let after = try edited(
      before,
      XMPEdit(
        addTags: [["Places", "Japan", "Kyoto"]], removeTags: [["darktable", "format", "nef"]]))
    let m = read(after)
    // "format" and "nef" were only parts of the removed path; "darktable" still is one.
    XCTAssertEqual(m.keywords, ["darktable", "flat", "Kyoto"])
    XCTAssertEqual(
      m.hierarchicalKeywords, [["darktable", "changed"], ["Places", "Japan", "Kyoto"], ["flat"]])
    XCTAssertTrue(
      after.contains(
        """
             <rdf:li>flat</rdf:li>
             <rdf:li>Kyoto</rdf:li>
            </rdf:Bag>
        """), after)
    // digiKam's list is new, so it starts from the tags the packet has (a flat one too).
    XCTAssertTrue(
      after.contains(
        """
           <digiKam:TagsList>
            <rdf:Seq>
             <rdf:li>darktable/changed</rdf:li>
             <rdf:li>flat</rdf:li>
             <rdf:li>Places/Japan/Kyoto</rdf:li>
            </rdf:Seq>
           </digiKam:TagsList>
        """), after)
    XCTAssertTrue(
      after.contains(
        """
            xmlns:lr="http://ns.adobe.com/lightroom/1.0/"
            xmlns:digiKam="http://www.digikam.org/ns/1.0/">
        """), after)
    let again = try edited(after, XMPEdit(addTags: [["Places", "Japan", "Kyoto"]]))
    XCTAssertEqual(again, after, "a tag already there is not added twice")
  }

  func testAListWrittenAsOneValueBecomesABag() throws {
    let before = packet(
      """
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
          dc:subject="alone"/>
      """)
    let after = try edited(before, XMPEdit(addTags: [["two"]]))
    XCTAssertEqual(read(after).keywords, ["alone", "two"])
    XCTAssertFalse(after.contains("dc:subject=\"alone\""), after)
  }

  func testTitleKeepsItsOtherLanguagesAndDefaultComesFirst() throws {
    let before = packet(
      """
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
         <dc:title>
          <rdf:Alt>
           <rdf:li xml:lang="en-US">Old</rdf:li>
           <rdf:li xml:lang="x-default">Old</rdf:li>
           <rdf:li xml:lang="de-CH">Alt</rdf:li>
          </rdf:Alt>
         </dc:title>
         <dc:description>
          <rdf:Alt>
           <rdf:li xml:lang="x-REPAIR">Repair</rdf:li>
          </rdf:Alt>
         </dc:description>
        </rdf:Description>
      """)
    let after = try edited(before, XMPEdit(title: "New", caption: "Caption"))
    XCTAssertTrue(after.contains("<rdf:li xml:lang=\"en-US\">Old</rdf:li>"), after)
    XCTAssertTrue(after.contains("<rdf:li xml:lang=\"x-default\">New</rdf:li>"), after)
    XCTAssertTrue(after.contains("<rdf:li xml:lang=\"de-CH\">Alt</rdf:li>"), after)
    XCTAssertTrue(
      after.contains(
        """
             <rdf:li xml:lang="x-default">Caption</rdf:li>
             <rdf:li xml:lang="x-REPAIR">Repair</rdf:li>
        """), after)
    XCTAssertEqual(read(after).title, "New")
    XCTAssertEqual(read(after).caption, "Caption")
    let cleared = try edited(after, XMPEdit(caption: ""))
    XCTAssertEqual(read(cleared).caption, "Repair", "the other language stays")
    let none = try edited(cleared, XMPEdit(title: ""))
    XCTAssertEqual(read(none).title, "Old", "en-US is now the first")
  }

  func testAnEmptyAlternativeGetsItsDefault() throws {
    let before = packet(
      """
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
         <dc:title><rdf:Alt/></dc:title>
         <dc:description><rdf:Alt></rdf:Alt></dc:description>
        </rdf:Description>
      """)
    let after = try edited(before, XMPEdit(title: "T", caption: "C"))
    XCTAssertEqual(read(after).title, "T")
    XCTAssertEqual(read(after).caption, "C")
  }

  func testTextIsEscapedAndControlsAreRefused() throws {
    let tricky = "Tom & Jerry <\"quoted\"> 'x' ]]> \r end"
    let after = try edited(
      String(decoding: XMPPacketEditor.emptySidecar, as: UTF8.self),
      XMPEdit(addTags: [["A&B", "<c>"]], label: "\"L\" & 'M'", title: tricky, caption: tricky))
    let m = read(after)
    XCTAssertEqual(m.keywords, ["<c>"])
    XCTAssertEqual(m.hierarchicalKeywords, [["A&B", "<c>"]])
    XCTAssertEqual(m.label, "\"L\" & 'M'")
    XCTAssertEqual(m.title, tricky)
    XCTAssertEqual(m.caption, tricky)
    XCTAssertFalse(after.contains("\r"), "a carriage return is written as a reference")
    for bad in ["bell\u{7}", "nul\u{0}", "csi\u{9B}", "del\u{7F}"] {
      XCTAssertNotNil(XMPEdit(caption: bad).problem, bad)
      XCTAssertNotNil(XMPEdit(addTags: [[bad]]).problem, bad)
    }
    XCTAssertNil(XMPEdit(caption: "two\nlines\ttab").problem)
    XCTAssertNotNil(XMPEdit(label: "two\nlines").problem)
    XCTAssertEqual(XMLEscaping.text("a\u{1}b"), "ab", "a control that gets through is dropped")
  }

  func testTagPathsAreParsedAndChecked() {
    XCTAssertEqual(
      try XMPEdit.tagPath(" Places / Japan/Kyoto ").get(), ["Places", "Japan", "Kyoto"])
    XCTAssertEqual(try XMPEdit.tagPath("flat").get(), ["flat"])
    for bad in ["a//b", "/a", "a/", "", "a|b", "tab\there"] {
      XCTAssertThrowsError(try XMPEdit.tagPath(bad).get(), bad)
    }
    XCTAssertNotNil(XMPEdit(addTags: [["a"]], removeTags: [["a"]]).problem)
    XCTAssertNotNil(XMPEdit(rating: 6).problem)
    XCTAssertNotNil(XMPEdit(addTags: [["a/b"]]).problem)
  }

  func testAnEmptyDescriptionIsOpenedAndAPrefixInUseIsNotTaken() throws {
    let before = packet(
      """
        <rdf:Description rdf:about="" xmlns:lr="http://example.com/not-lightroom/"
         lr:Other="1"/>
      """)
    let after = try edited(before, XMPEdit(addTags: [["a", "b"]]))
    XCTAssertTrue(after.contains("xmlns:lr1=\"http://ns.adobe.com/lightroom/1.0/\""), after)
    XCTAssertTrue(after.contains("<lr1:hierarchicalSubject>"), after)
    XCTAssertTrue(after.contains("lr:Other=\"1\""), after)
    XCTAssertEqual(read(after).hierarchicalKeywords, [["a", "b"]])
    XCTAssertTrue(after.hasSuffix("  </rdf:Description>\n </rdf:RDF>\n</x:xmpmeta>\n"), after)
  }

  func testOneDescriptionPerNamespaceGetsItsOwn() throws {
    let before = packet(
      """
        <rdf:Description rdf:about='' xmlns:exif='http://ns.adobe.com/exif/1.0/'>
         <exif:GPSLatitude>48,9.003180N</exif:GPSLatitude>
        </rdf:Description>
        <rdf:Description rdf:about='' xmlns:dc='http://purl.org/dc/elements/1.1/'>
         <dc:subject><rdf:Bag><rdf:li>a</rdf:li></rdf:Bag></dc:subject>
        </rdf:Description>
      """)
    let after = try edited(before, XMPEdit(addTags: [["b"]], caption: "c"))
    XCTAssertTrue(after.contains("<rdf:li>a</rdf:li><rdf:li>b</rdf:li>"), after)
    XCTAssertTrue(
      after.contains(
        """
           <dc:subject><rdf:Bag><rdf:li>a</rdf:li><rdf:li>b</rdf:li></rdf:Bag></dc:subject>
           <dc:description>
        """), after)
    XCTAssertEqual(read(after).caption, "c")
  }

  func testAListThePacketLacksStartsFromTheSeed() throws {
    var seed = XMPMetadata()
    seed.keywords = ["embedded", "gone"]
    let after = try edited(
      String(decoding: XMPPacketEditor.emptySidecar, as: UTF8.self),
      XMPEdit(removeTags: [["gone"]]), seed: seed)
    XCTAssertEqual(read(after).keywords, ["embedded"], "the sidecar hides the removed keyword")
    let unchanged = try edited(
      String(decoding: XMPPacketEditor.emptySidecar, as: UTF8.self),
      XMPEdit(removeTags: [["absent"]]), seed: seed)
    XCTAssertEqual(Array(unchanged.utf8), XMPPacketEditor.emptySidecar)
  }

  func testAListLeftEmptyGoesUnlessItHidesTheEmbeddedOne() throws {
    let before = packet(
      """
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
         <dc:subject><rdf:Bag><rdf:li>a</rdf:li></rdf:Bag></dc:subject>
        </rdf:Description>
      """)
    let gone = try edited(before, XMPEdit(removeTags: [["a"]]))
    XCTAssertNil(read(gone).keywords)
    XCTAssertFalse(gone.contains("dc:subject"), gone)
    var seed = XMPMetadata()
    seed.keywords = ["embedded"]
    let kept = try edited(before, XMPEdit(removeTags: [["a"]]), seed: seed)
    XCTAssertEqual(read(kept).keywords, [], "an empty list still wins over the embedded one")
  }

  func testXDefaultIsMatchedWithoutCaseAndAnUnlabelledFirstItemIsTheDefault() throws {
    let before = packet(
      """
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
         <dc:title><rdf:Alt><rdf:li xml:lang="en">E</rdf:li><rdf:li xml:lang="X-Default">D</rdf:li></rdf:Alt></dc:title>
         <dc:description><rdf:Alt><rdf:li>Plain</rdf:li></rdf:Alt></dc:description>
        </rdf:Description>
      """)
    XCTAssertEqual(read(before).title, "D", "the reader matches x-default without case")
    let after = try edited(before, XMPEdit(title: "New", caption: "Changed"))
    XCTAssertTrue(after.contains("<rdf:li xml:lang=\"X-Default\">New</rdf:li>"), after)
    XCTAssertTrue(after.contains("<rdf:li>Changed</rdf:li>"), after)
    XCTAssertEqual(read(after).title, "New")
    XCTAssertEqual(read(after).caption, "Changed")
  }

  func testAListConvertedFromAnAttributeIsStillReadFirst() throws {
    let before = packet(
      """
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" dc:subject="a">
         <dc:subject><rdf:Bag><rdf:li>b</rdf:li></rdf:Bag></dc:subject>
        </rdf:Description>
      """)
    let after = try edited(before, XMPEdit(addTags: [["c"]]))
    XCTAssertEqual(read(after).keywords, ["a", "c"])
  }

  func testAListPutBeforeAnElementThatGoesIsStillWritten() throws {
    let before = packet(
      """
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
          xmlns:xmp="http://ns.adobe.com/xap/1.0/" dc:subject="a">
         <xmp:Label>Red</xmp:Label>
         <dc:subject><rdf:Bag><rdf:li>b</rdf:li></rdf:Bag></dc:subject>
        </rdf:Description>
      """)
    let after = try edited(before, XMPEdit(addTags: [["c"]], label: ""))
    XCTAssertEqual(read(after).keywords, ["a", "c"])
    XCTAssertNil(read(after).label)
  }

  /// Found by the `xmp-write` fuzz target: the exiftool sample with its `xmlns:dc` erased,
  /// so its `<dc:subject>` is unbound. Declaring `dc` for the new list gave that element
  /// the Dublin Core meaning, read before the new one.
  func testAPrefixWrittenUnboundIsNotDeclared() throws {
    let before = packet(
      """
        <rdf:Description rdf:about="">
         <dc:subject><rdf:Bag><rdf:li>unbound</rdf:li></rdf:Bag></dc:subject>
        </rdf:Description>
      """)
    let after = try edited(before, XMPEdit(addTags: [["Kyoto"]]))
    XCTAssertEqual(read(after).keywords, ["Kyoto"])
    XCTAssertTrue(after.contains("xmlns:dc1=\"http://purl.org/dc/elements/1.1/\""), after)
  }

  /// Found by the `xmp-write` fuzz target: `xmlns::mp` and `xmlns:!!xmp` bound the xmp
  /// namespace to prefixes that are no names (`<!!xmp:Rating>` reads as a declaration).
  func testAPrefixThatIsNoNameIsNotUsed() throws {
    for bad in [":mp", "!!xmp", "1x"] {
      let before = packet(
        """
          <rdf:Description rdf:about="" xmlns:\(bad)="http://ns.adobe.com/xap/1.0/"/>
        """)
      let after = try edited(before, XMPEdit(rating: 2))
      XCTAssertEqual(read(after).rating, 2, bad)
      XCTAssertTrue(after.contains("<xmp:Rating>2</xmp:Rating>"), after)
    }
    XCTAssertTrue(XMPPacketEditor.isPrefix("Iptc4xmpCore"))
    XCTAssertTrue(XMPPacketEditor.isPrefix("mwg-rs"))
    XCTAssertTrue(XMPPacketEditor.isPrefix("_x.y"))
  }

  /// Found by the `xmp-write` fuzz target (with ASan, 2026-11-28): a packet that declares
  /// `xmlns:xml` as the xmp namespace had its rating and label written as `<xml:Rating>`,
  /// which the reader takes in the XML namespace, as XML Namespaces has it.
  func testTheReservedPrefixesAreNotUsed() throws {
    for reserved in ["xml", "xmlns"] {
      let before = packet(
        """
          <rdf:Description rdf:about="" xmlns:\(reserved)="http://ns.adobe.com/xap/1.0/"/>
        """)
      let after = try edited(before, XMPEdit(rating: 3, label: "Red"))
      XCTAssertEqual(read(after).rating, 3, after)
      XCTAssertEqual(read(after).label, "Red", after)
      XCTAssertFalse(after.contains("<\(reserved):Rating>"), after)
    }
  }

  func testWindowsLineEndsAreKept() throws {
    let before = packet(
      """
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
         <xmp:Rating>1</xmp:Rating>
        </rdf:Description>
      """
    ).replacingOccurrences(of: "\n", with: "\r\n")
    let after = try edited(before, XMPEdit(addTags: [["a"]]))
    XCTAssertFalse(after.replacingOccurrences(of: "\r\n", with: "").contains("\n"), after)
    XCTAssertEqual(read(after).keywords, ["a"])
  }

  func testDamagedPacketsAreRefused() {
    let cases: [(String, String)] = [
      (packet("<rdf:Description rdf:about=\"\"><dc:subject>"), "is not closed"),
      ("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>", "no XMP (rdf:RDF) found"),
      (packet("<rdf:Description rdf:about=\"\" a\u{1}=\"1\"/>"), "control character"),
      (packet("<rdf:Description rdf:about=\"\" broken/>"), "without a value"),
      (packet(""), "no rdf:Description"),
      // Found by the xmp-write fuzz target: packets inside a property of another.
      (
        packet(
          "<rdf:Description rdf:about=\"\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">"
            + "<xmp:Rating>" + packet("<rdf:Description rdf:about=\"\"/>")
            + "</xmp:Rating></rdf:Description>"), "more than one rdf:RDF"
      ),
      (
        packet(
          "<rdf:Description rdf:about=\"\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">"
            + "<xmp:Rating><rdf:Bag><rdf:li>1</rdf:li></rdf:Bag></xmp:Rating></rdf:Description>"),
        "not a simple value"
      ),
      // Found by the xmp-write fuzz target: `lr` declared twice, the reader binding the last.
      (
        packet(
          "<rdf:Description rdf:about=\"\" xmlns:lr=\"http://ns.adobe.com/lightroom/1.0/\" "
            + "xmlns:lr=\"http://example.com/\"/>"), "twice"
      ),
    ]
    for (text, problem) in cases {
      XCTAssertThrowsError(try edited(text, XMPEdit(rating: 1)), text) { error in
        let reason = (error as? XMPWriteError)?.reason ?? ""
        XCTAssertTrue(reason.contains(problem), reason)
        XCTAssertFalse(reason.contains("\n"), "one line")
      }
    }
    var invalid = Array(packet("<rdf:Description rdf:about=\"\"/>").utf8)
    invalid.insert(0xC3, at: 10)
    XCTAssertThrowsError(
      try XMPPacketEditor.edited(invalid, by: XMPEdit(rating: 1), seed: XMPMetadata()))
    let utf16 = Array(packet("<rdf:Description rdf:about=\"\"/>").utf16).flatMap {
      [UInt8($0 >> 8), UInt8($0 & 0xFF)]
    }
    XCTAssertThrowsError(
      try XMPPacketEditor.edited(utf16, by: XMPEdit(rating: 1), seed: XMPMetadata()))
  }

  func testSpansOfTheTree() {
    let text = "<a x='1'><b/><c>t</c></a>"
    let tree = XMLReader.parse(Array(text.utf8))
    let spans = tree.nodes.map { [$0.start, $0.startTagEnd, $0.endTagStart, $0.end] }
    XCTAssertEqual(spans, [[0, 9, 21, 25], [9, 13, 13, 13], [13, 16, 17, 21]])
    XCTAssertEqual(tree.nodes[0].attributes.first?.span, 3..<8)
    XCTAssertEqual(tree.nodes[0].attributes.first?.valueSpan, 6..<7)
    XCTAssertNil(tree.problem)
  }
}

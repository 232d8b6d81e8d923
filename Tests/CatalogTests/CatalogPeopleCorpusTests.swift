import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Catalog

/// The people, titles and captions the indexer reads, against what exiftool reads from the
/// same files: every sidecar and XMP JPEG of ../shared/corpus/xmp, and sidecars in the forms
/// digiKam (MWG and Microsoft regions both), Picasa (MWG, a pet among the faces) and Windows
/// Live Photo Gallery (`MP:RegionInfo`) write, since the corpus holds face regions in one
/// file only (exiftool's own sample).
final class CatalogPeopleCorpusTests: XCTestCase {
  var library: TestLibrary!

  override func setUpWithError() throws {
    guard Subprocess.run(["exiftool", "-ver"]).status == 0 else {
      throw XCTSkip("exiftool is not installed (scripts/install-deps installs it)")
    }
    library = TestLibrary("catalog-people-corpus")
  }
  override func tearDown() { library?.remove() }

  static let header = """
    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF \
    xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" \
    xmlns:dc="http://purl.org/dc/elements/1.1/" \
    xmlns:mwg-rs="http://www.metadataworkinggroup.com/schemas/regions/" \
    xmlns:stDim="http://ns.adobe.com/xap/1.0/sType/Dimensions#" \
    xmlns:stArea="http://ns.adobe.com/xmp/sType/Area#" \
    xmlns:MP="http://ns.microsoft.com/photo/1.2/" \
    xmlns:MPRI="http://ns.microsoft.com/photo/1.2/t/RegionInfo#" \
    xmlns:MPReg="http://ns.microsoft.com/photo/1.2/t/Region#">
    """
  static let footer = "</rdf:Description></rdf:RDF></x:xmpmeta>\n"

  /// An MWG region list item as digiKam and Picasa write it.
  static func mwg(
    _ name: String, _ type: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double
  )
    -> String
  {
    """
    <rdf:li><rdf:Description mwg-rs:Name="\(name)" mwg-rs:Type="\(type)"><mwg-rs:Area \
    stArea:x="\(x)" stArea:y="\(y)" stArea:w="\(w)" stArea:h="\(h)" stArea:unit="normalized"/>\
    </rdf:Description></rdf:li>
    """
  }

  static let samples: [String: String] = [
    "digikam-faces": header + """
      <dc:description><rdf:Alt><rdf:li xml:lang="x-default">Family day</rdf:li></rdf:Alt>\
      </dc:description><mwg-rs:Regions rdf:parseType="Resource"><mwg-rs:AppliedToDimensions \
      stDim:w="4000" stDim:h="3000" stDim:unit="pixel"/><mwg-rs:RegionList><rdf:Bag>
      """ + mwg("Anna Weiß", "Face", 0.5, 0.3, 0.1, 0.15) + mwg("Bo", "Face", 0.2, 0.6, 0.08, 0.1)
        + """
        </rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions><MP:RegionInfo rdf:parseType="Resource">\
        <MPRI:Regions><rdf:Bag><rdf:li MPReg:PersonDisplayName="Anna Weiß" \
        MPReg:Rectangle="0.45, 0.225, 0.1, 0.15"/><rdf:li MPReg:PersonDisplayName="Bo" \
        MPReg:Rectangle="0.16, 0.55, 0.08, 0.1"/></rdf:Bag></MPRI:Regions></MP:RegionInfo>
        """ + footer,
    "picasa-faces": header + """
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Beach</rdf:li></rdf:Alt></dc:title>\
      <mwg-rs:Regions rdf:parseType="Resource"><mwg-rs:RegionList><rdf:Bag>
      """ + mwg("Cleo", "Face", 0.7, 0.4, 0.2, 0.25) + mwg("Rex", "Pet", 0.3, 0.8, 0.2, 0.2)
      + "</rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions>" + footer,
    "wlpg-faces": header + """
      <MP:RegionInfo rdf:parseType="Resource"><MPRI:Regions><rdf:Bag><rdf:li \
      rdf:parseType="Resource"><MPReg:PersonDisplayName>Dana Ørsted</MPReg:PersonDisplayName>\
      <MPReg:Rectangle>0.1, 0.2, 0.3, 0.4</MPReg:Rectangle></rdf:li></rdf:Bag></MPRI:Regions>\
      </MP:RegionInfo>
      """ + footer,
  ]

  /// What exiftool reads from `path`: the people (named MWG regions of type Face or none,
  /// Microsoft's named regions), each's MWG area as left, top, width, height when normalized,
  /// the title and the caption (`x-default`, else the first language, as Lightbox reads
  /// them).
  func exiftool(_ path: String) throws -> (
    people: [String: [Double]?], title: String?, caption: String?
  ) {
    let run = Subprocess.run([
      "exiftool", "-q", "-q", "-j", "-struct", "-XMP-dc:all", "-XMP:RegionInfo",
      "-XMP:RegionInfoMP", path,
    ])
    XCTAssertEqual(run.status, 0, run.output)
    let rows = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]]
    let row = try XCTUnwrap(rows?.first)
    func alternative(_ name: String) -> String? {
      if let value = row[name] { return "\(value)" }
      return row.keys.sorted().first { $0.hasPrefix(name + "-") }.map { "\(row[$0]!)" }
    }
    var people: [String: [Double]?] = [:]
    let info = row["RegionInfo"] as? [String: Any]
    for region in info?["RegionList"] as? [[String: Any]] ?? [] {
      guard let name = region["Name"].map({ "\($0)" }), !name.isEmpty else { continue }
      let type = region["Type"].map { "\($0)" }
      guard type == nil || type?.lowercased() == "face", people[name] == nil else { continue }
      var face: [Double]?
      if let area = region["Area"] as? [String: Any], "\(area["Unit"] ?? "")" == "normalized",
        let x = area["X"] as? Double, let y = area["Y"] as? Double,
        let w = area["W"] as? Double, let h = area["H"] as? Double
      {
        face = [x - w / 2, y - h / 2, w, h]
      }
      people[name] = .some(face)
    }
    let microsoft = row["RegionInfoMP"] as? [String: Any]
    for region in microsoft?["Regions"] as? [[String: Any]] ?? [] {
      guard let name = region["PersonDisplayName"].map({ "\($0)" }), people[name] == nil
      else { continue }
      let parts = "\(region["Rectangle"] ?? "")".split(separator: ",").compactMap {
        Double($0.trimmingCharacters(in: .whitespaces))
      }
      people[name] = .some(parts.count == 4 ? parts : nil)
    }
    return (people, alternative("Title"), alternative("Description"))
  }

  func testPeopleTitlesAndCaptionsReadAsExiftoolReadsThem() throws {
    guard let corpus = CorpusLocator.corpus?.appendingPathComponent("xmp") else {
      throw XCTSkip(CorpusLocator.missingMessage)
    }
    // Each file alone in a folder: a sidecar beside a JPEG stub named for it, or the JPEG.
    var checked: [(photo: String, source: String)] = []
    let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
    for (i, name) in names.enumerated() {
      let source = corpus.appendingPathComponent(name).path
      if name.hasSuffix(".xmp") {
        let photo = try library.writeJPEG("s\(i)/photo.jpg", date: "2024:05:01 10:00:00")
        try FileManager.default.copyItem(atPath: source, toPath: photo + ".xmp")
        checked.append((photo, source))
      } else if name.hasSuffix(".jpg") {
        let photo = library.root + "/j\(i)/" + name
        try FileManager.default.createDirectory(
          atPath: library.root + "/j\(i)", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: photo)
        checked.append((photo, photo))
      }
    }
    for (name, text) in Self.samples.sorted(by: { $0.key < $1.key }) {
      let photo = try library.writeJPEG("\(name)/photo.jpg", date: "2024:05:01 10:00:00")
      try library.write("\(name)/photo.jpg.xmp", text)
      checked.append((photo, photo + ".xmp"))
    }
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let people = try catalog.photoPeople()
    let captions = try catalog.photoCaptions()
    let assets = Dictionary(
      try catalog.allAssets().map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
    var named = 0
    for (photo, source) in checked {
      let asset = try XCTUnwrap(assets[photo], photo)
      let expected = try exiftool(source)
      let file = (source as NSString).lastPathComponent
      XCTAssertEqual(
        Set(people.names(of: asset.id)), Set(expected.people.keys), "\(file): people")
      for (name, face) in expected.people {
        let index = try XCTUnwrap(people.names.firstIndex(of: name))
        let read = people.face(of: index, in: asset.id)
        guard let face, face.allSatisfy({ (0...1).contains($0) }) else {
          XCTAssertNil(read, "\(file): \(name) has no face inside the picture")
          continue
        }
        let got = try XCTUnwrap(read, "\(file): \(name)'s face")
        for (a, b) in zip([got.x, got.y, got.width, got.height], face) {
          XCTAssertEqual(a, b, accuracy: 0.001, "\(file): \(name)'s face")
        }
      }
      named += expected.people.count
      let entry = captions.entry(of: asset.id)
      XCTAssertEqual(entry.title, expected.title, "\(file): title")
      XCTAssertEqual(entry.caption, expected.caption, "\(file): caption")
    }
    XCTAssertGreaterThanOrEqual(checked.count, 14, "every corpus file and the three samples")
    XCTAssertEqual(named, 5, "Region 1, Anna, Bo, Cleo, Dana; not Rex the pet")
  }
}

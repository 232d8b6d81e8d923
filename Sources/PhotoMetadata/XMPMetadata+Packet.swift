extension XMPMetadata {
  /// The most bytes of one packet read (larger packets are cut: a reader keeps what the
  /// first part holds). darktable sidecars with long histories stay well under a megabyte.
  public static let maxPacketBytes = 8 * 1024 * 1024
  /// The most items read from one array (keywords, regions).
  public static let maxItems = 10_000

  static let dc = "http://purl.org/dc/elements/1.1/"
  static let xmp = "http://ns.adobe.com/xap/1.0/"
  static let lightroom = "http://ns.adobe.com/lightroom/1.0/"
  static let digiKam = "http://www.digikam.org/ns/1.0/"
  static let xmpNote = "http://ns.adobe.com/xmp/note/"
  static let exif = "http://ns.adobe.com/exif/1.0/"
  static let photoshop = "http://ns.adobe.com/photoshop/1.0/"

  /// The fields of the XMP packet `bytes` (UTF-8, UTF-16 or UTF-32, with or without the
  /// `<?xpacket?>` wrapper): empty when nothing is read, never a trap.
  public init(packet bytes: [UInt8]) {
    self = Self.read(packet: bytes).metadata
  }

  /// The fields of the packet `bytes`, and the GUID of the Extended XMP it names
  /// (`xmpNote:HasExtendedXMP`), if any.
  static func read(packet bytes: [UInt8])
    -> (metadata: XMPMetadata, extendedGUID: String?, problem: String?)
  {
    let capped = bytes.count > maxPacketBytes ? Array(bytes.prefix(maxPacketBytes)) : bytes
    let tree = XMLReader.parse(XMPEncoding.utf8(capped))
    var metadata = XMPMetadata()
    var guid: String?
    metadata.read(tree, extendedGUID: &guid)
    var problem = tree.problem.map { "malformed XMP: \($0)" }
    if !tree.nodes.contains(where: { $0.name.is(XMLTree.rdf, "RDF") }) {
      problem = problem ?? "no XMP (rdf:RDF) found"
    }
    return (metadata, guid, problem)
  }

  /// What is wrong with the packet `bytes`, in one line; nil when it reads cleanly.
  public static func problem(inPacket bytes: [UInt8]) -> String? {
    read(packet: bytes).problem
  }

  /// Fills the fields from the packet's top-level properties (the first of each wins).
  private mutating func read(_ tree: XMLTree, extendedGUID: inout String?) {
    var hierarchical: [[String]]?
    for (name, value) in tree.topLevelProperties() {
      switch (name.uri, name.local) {
      case (Self.xmpNote, "HasExtendedXMP") where extendedGUID == nil:
        extendedGUID = tree.text(of: value)?.trimmingBlanks
      case (Self.dc, "subject") where keywords == nil:
        keywords = tree.texts(of: value, limit: Self.maxItems)
      case (Self.lightroom, "hierarchicalSubject"):
        hierarchical = (hierarchical ?? []) + Self.paths(tree, value, separator: "|")
      case (Self.digiKam, "TagsList"):
        hierarchical = (hierarchical ?? []) + Self.paths(tree, value, separator: "/")
      case (Self.xmp, "Rating") where rating == nil:
        rating = tree.text(of: value).flatMap(Self.rating)
      case (Self.xmp, "Label") where label == nil:
        label = tree.text(of: value).flatMap(Self.nonBlank)
      case (Self.dc, "title") where title == nil:
        title = tree.text(of: value).flatMap(Self.nonBlank)
      case (Self.dc, "description") where caption == nil:
        caption = tree.text(of: value).flatMap(Self.nonBlank)
      case (XMPRegionReader.mwgRegions, "Regions"):
        regions = (regions ?? []) + XMPRegionReader.mwg(tree, value)
      case (XMPRegionReader.microsoftPhoto, "RegionInfo"):
        regions = (regions ?? []) + XMPRegionReader.microsoft(tree, value)
      default:
        break
      }
    }
    if let hierarchical {
      var seen: [[String]] = []
      var unique = Set<[String]>()
      for path in hierarchical where unique.insert(path).inserted { seen.append(path) }
      hierarchicalKeywords = Array(seen.prefix(Self.maxItems))
    }
    if let all = regions, all.count > Self.maxItems { regions = Array(all.prefix(Self.maxItems)) }
  }

  /// The paths of a hierarchical keyword array, empty parts left out.
  private static func paths(_ tree: XMLTree, _ value: XMLTree.Value, separator: Character)
    -> [[String]]
  {
    tree.texts(of: value, limit: maxItems).compactMap { text in
      let parts = text.split(separator: separator).map(String.init).filter {
        !$0.allSatisfy(\.isWhitespace)
      }
      return parts.isEmpty ? nil : parts
    }
  }

  /// A rating from its text ("4", "-1", "3.0"); nil outside -1…5 or when not a number.
  static func rating(_ text: String) -> Int? {
    guard let value = Double(text.trimmingBlanks), value.isFinite else { return nil }
    let rounded = Int(value.rounded())
    return (-1...5).contains(rounded) ? rounded : nil
  }

  private static func nonBlank(_ text: String) -> String? {
    text.allSatisfy(\.isWhitespace) ? nil : text
  }
}

extension String {
  /// The text without leading and trailing spaces, tabs and line breaks.
  var trimmingBlanks: String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    return String(drop(while: blank).reversed().drop(while: blank).reversed())
  }
}

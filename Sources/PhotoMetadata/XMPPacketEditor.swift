/// Edits an XMP packet's text in place: the properties an `XMPEdit` sets are changed where
/// they are written (an attribute's value, an element's text, one `rdf:li` of a list), new
/// ones are added at the end of an `rdf:Description`, and every other byte is kept as it was.
///
/// Why text surgery rather than a parsed model written out again: a sidecar another program
/// wrote (darktable's edit history, digiKam's face regions, Lightroom's develop settings)
/// must keep everything Lightbox does not understand, down to its attribute or element form
/// and its `rdf:Bag`/`Seq`/`Alt` choices; the only way to be sure of that is not to write
/// it. The tree (`XMLReader`) gives every element's and attribute's byte span; the edits
/// are collected as replacements of spans and applied once, in order, by `finish()`, which
/// then reads the result again and refuses it unless it is clean.
struct XMPPacketEditor {
  /// A replacement of the bytes at `range` by `text` (an insertion when the range is empty);
  /// `order` keeps insertions at one position in the order they were made.
  struct Change {
    var range: Range<Int>
    var text: String
    var order: Int
  }

  /// Where and how new lines go: a line break (empty in a packet written on one line), the
  /// indentation of the line and one level more.
  struct Layout {
    var newline: String
    var indent: String
    var unit: String

    /// The start of a line `level` levels deeper.
    func line(_ level: Int) -> String {
      newline.isEmpty ? "" : newline + indent + String(repeating: unit, count: level)
    }

    /// The same layout one level deeper.
    var deeper: Layout { Layout(newline: newline, indent: indent + unit, unit: unit) }
  }

  /// A property as written in a top-level `rdf:Description`.
  enum Occurrence {
    case attribute(description: Int, index: Int)
    case element(description: Int, node: Int)
  }

  let bytes: [UInt8]
  let tree: XMLTree
  /// The top-level `rdf:Description` elements (children of `rdf:RDF`), in document order.
  let descriptions: [Int]
  /// The line break new lines get: the packet's own ("\r\n" when it has Windows line ends).
  let newline: String
  var changes: [Change] = []
  /// Property elements to add at the end of each description, in order.
  var appended: [Int: [String]] = [:]
  /// Namespaces to declare on each description.
  var declarations: [Int: [XMLTree.Namespace]] = [:]

  /// An editor of the packet `bytes`, or why it cannot be edited: it must be UTF-8 XML that
  /// `XMLReader` reads without a problem and hold an `rdf:RDF` with an `rdf:Description`.
  init(_ bytes: [UInt8]) throws(XMPWriteError) {
    if let problem = Self.problem(bytes) { throw XMPWriteError(problem) }
    let tree = XMLReader.parse(bytes)
    if let problem = tree.problem { throw XMPWriteError("malformed XMP: \(problem)") }
    let rdfCount = tree.nodes.lazy.filter { $0.name.is(XMLTree.rdf, "RDF") }.count
    guard rdfCount > 0 else { throw XMPWriteError("no XMP (rdf:RDF) found") }
    // Two packets in one file (one inside the other's property): which is the photo's is
    // anyone's guess, and an edit of one could swallow the other.
    guard rdfCount == 1 else { throw XMPWriteError("more than one rdf:RDF") }
    let descriptions = tree.nodes.indices.filter { index in
      guard tree.nodes[index].name.is(XMLTree.rdf, "Description"),
        let parent = tree.nodes[index].parent
      else { return false }
      return tree.nodes[parent].name.is(XMLTree.rdf, "RDF")
    }
    guard !descriptions.isEmpty else { throw XMPWriteError("no rdf:Description to write into") }
    self.bytes = bytes
    self.tree = tree
    self.descriptions = descriptions
    let windows = bytes.indices.dropLast().contains { bytes[$0] == 0x0D && bytes[$0 + 1] == 0x0A }
    newline = windows ? "\r\n" : "\n"
  }

  /// What keeps `bytes` from being edited as text, before it is parsed: its size, an
  /// encoding other than UTF-8, invalid UTF-8, or a control character XML cannot hold.
  static func problem(_ bytes: [UInt8]) -> String? {
    if bytes.count > XMPMetadata.maxPacketBytes {
      return "larger than \(XMPMetadata.maxPacketBytes / 1024 / 1024) MB"
    }
    if XMPEncoding.utf8(bytes) != bytes { return "written in UTF-16 or UTF-32, not UTF-8" }
    if let at = bytes.firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
      return "malformed XMP: a control character at byte \(at)"
    }
    if !Array(String(decoding: bytes, as: UTF8.self).utf8).elementsEqual(bytes) {
      return "malformed XMP: not valid UTF-8"
    }
    return nil
  }

  // MARK: - Finding properties

  /// Every occurrence of the property `uri` `local` in the top-level descriptions, in the
  /// order a reader meets them (each description's attributes, then its elements).
  func occurrences(_ uri: String, _ local: String) -> [Occurrence] {
    var found: [Occurrence] = []
    for d in descriptions {
      for (index, attribute) in tree.nodes[d].attributes.enumerated()
      where attribute.name.is(uri, local) {
        found.append(.attribute(description: d, index: index))
      }
      for child in tree.nodes[d].children where tree.nodes[child].name.is(uri, local) {
        found.append(.element(description: d, node: child))
      }
    }
    return found
  }

  /// The description new properties of namespace `uri` go to: the first that already has one
  /// (exiftool writes one description per namespace), else the first.
  func description(for uri: String) -> Int {
    descriptions.first { d in
      tree.nodes[d].attributes.contains { $0.name.uri == uri }
        || tree.nodes[d].children.contains { tree.nodes[$0].name.uri == uri }
    } ?? descriptions[0]
  }

  /// The array (`rdf:Bag`, `rdf:Seq` or `rdf:Alt`) inside the property element `node`.
  func container(of node: Int) -> Int? {
    tree.nodes[node].children.first { child in
      let name = tree.nodes[child].name
      return name.uri == XMLTree.rdf && ["Bag", "Seq", "Alt"].contains(name.local)
    }
  }

  /// The `rdf:li` items of the array `container`.
  func items(of container: Int) -> [Int] {
    tree.children(of: container, XMLTree.rdf, "li")
  }

  /// True when the element holds text only (no element children, not a structure): what
  /// the reader takes as a text (`XMLTree.text(of:)`), so that an edit reads back.
  func isLeaf(_ node: Int) -> Bool {
    tree.nodes[node].children.isEmpty && tree.nodes[node].attribute(XMLTree.rdf, "parseType") == nil
  }

  /// The element's qualified name as written (`rdf:Bag`).
  func writtenName(_ node: Int) -> String {
    var i = tree.nodes[node].start + 1
    let start = i
    while i < bytes.count, !XMLReader.isBlank(bytes[i]), bytes[i] != 0x2F, bytes[i] != 0x3E {
      i += 1
    }
    return String(decoding: bytes[start..<i], as: UTF8.self)
  }

  /// Every prefix the document's element and attribute names are written with.
  var writtenPrefixes: Set<String> {
    var prefixes = Set<String>()
    for index in tree.nodes.indices {
      prefixes.insert(writtenPrefix(index))
      for attribute in tree.nodes[index].attributes {
        let name = bytes[attribute.span].prefix { $0 != 0x3D && !XMLReader.isBlank($0) }
        if let colon = name.firstIndex(of: 0x3A) {
          prefixes.insert(String(decoding: name[..<colon], as: UTF8.self))
        }
      }
    }
    return prefixes
  }

  /// The prefix of the element's name as written ("" when it has none).
  func writtenPrefix(_ node: Int) -> String {
    let name = writtenName(node)
    return name.firstIndex(of: ":").map { String(name[..<$0]) } ?? ""
  }

  // MARK: - Namespaces

  /// The prefix bound to `uri` where new children of `description` go: one in scope, one
  /// this editor declares, else a new declaration of `preferred` (or `preferred1`, `2`… when
  /// another namespace holds that prefix).
  mutating func prefix(for uri: String, preferred: String, in description: Int) -> String {
    var seen = Set<String>()
    for declaration in declarations[description] ?? [] where declaration.uri == uri {
      return declaration.prefix
    }
    var node: Int? = description
    while let current = node {
      // The last declaration of a prefix on one element is the one the reader binds.
      // (A prefix that is no name, `xmlns::mp` or `xmlns:!xmp`, is not used: a name written
      // with it would not read back. Nor `xml` and `xmlns`, whose bindings XML Namespaces
      // fixes whatever a packet declares: `<xml:Rating>` is not the xmp namespace's.)
      for declaration in tree.nodes[current].namespaces.reversed()
      where seen.insert(declaration.prefix).inserted && declaration.uri == uri
        && Self.isPrefix(declaration.prefix) && !Self.reserved.contains(declaration.prefix)
      {
        return declaration.prefix
      }
      node = tree.nodes[current].parent
    }
    // Nor a prefix written anywhere unbound: declaring it would give those names a meaning.
    let taken = seen.union((declarations[description] ?? []).map(\.prefix)).union(writtenPrefixes)
    var chosen = preferred
    var n = 1
    while taken.contains(chosen) {
      chosen = "\(preferred)\(n)"
      n += 1
    }
    declarations[description, default: []].append(XMLTree.Namespace(prefix: chosen, uri: uri))
    return chosen
  }

  /// True when `prefix` is a name XML Namespaces allows as a prefix (NCName): a letter or
  /// `_`, then letters, digits, `-`, `.` and `_` (any character past ASCII counts as a
  /// letter, as XML 1.0 fifth edition's name ranges nearly all do).
  static func isPrefix(_ prefix: String) -> Bool {
    guard let first = prefix.unicodeScalars.first else { return false }
    func letter(_ c: Unicode.Scalar) -> Bool {
      c.value > 0x7F || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_"
    }
    return letter(first)
      && prefix.unicodeScalars.allSatisfy {
        letter($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
      }
  }

  /// The prefixes XML Namespaces binds itself, which no declaration can rebind.
  static let reserved: Set<String> = ["xml", "xmlns"]

  static func qualified(_ prefix: String, _ local: String) -> String {
    prefix.isEmpty ? local : "\(prefix):\(local)"
  }

  // MARK: - Layout

  /// The blanks from the start of the line to `position`; nil when something else is
  /// before it on its line.
  func lineIndent(before position: Int) -> String? {
    var i = position
    while i > 0, bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 { i -= 1 }
    guard i == 0 || bytes[i - 1] == 0x0A || bytes[i - 1] == 0x0D else { return nil }
    return String(decoding: bytes[i..<position], as: UTF8.self)
  }

  /// The layout of an element that starts at `position` (on one line when it does not
  /// start a line of its own), one level being `unit`.
  func layout(at position: Int, unit: String) -> Layout {
    guard let indent = lineIndent(before: position) else {
      return Layout(newline: "", indent: "", unit: "")
    }
    return Layout(newline: newline, indent: indent, unit: unit)
  }

  /// The layout of `description`'s property elements and its indentation step (from its
  /// first child's indentation, else one space, as Adobe's and exiv2's packets have).
  func childLayout(of description: Int) -> Layout {
    let node = tree.nodes[description]
    let own = lineIndent(before: node.start)
    if let first = node.children.first {
      guard let indent = lineIndent(before: tree.nodes[first].start) else {
        return Layout(newline: "", indent: "", unit: "")
      }
      var unit = " "
      if let own, indent.count > own.count, indent.hasPrefix(own) {
        unit = String(indent.dropFirst(own.count))
      }
      return Layout(newline: newline, indent: indent, unit: unit)
    }
    guard let own else { return Layout(newline: "", indent: "", unit: "") }
    return Layout(newline: newline, indent: own + " ", unit: " ")
  }

  /// The step of one level in `description`.
  func unit(in description: Int) -> String { childLayout(of: description).unit }

  /// The start of the blanks before `position` (so that removing an element or an
  /// attribute removes the line or the space it stood on).
  func blanksStart(before position: Int) -> Int {
    var i = position
    while i > 0, XMLReader.isBlank(bytes[i - 1]) { i -= 1 }
    return i
  }

  // MARK: - Changes

  mutating func replace(_ range: Range<Int>, with text: String) {
    changes.append(Change(range: range, text: text, order: changes.count))
  }

  mutating func insert(_ text: String, at position: Int) {
    replace(position..<position, with: text)
  }

  /// Removes the element `node` with the blanks before it.
  mutating func remove(element node: Int) {
    replace(blanksStart(before: tree.nodes[node].start)..<tree.nodes[node].end, with: "")
  }

  /// Removes the attribute `index` of `node` with the blanks before it.
  mutating func remove(attribute index: Int, of node: Int) {
    let span = tree.nodes[node].attributes[index].span
    replace(blanksStart(before: span.lowerBound)..<span.upperBound, with: "")
  }

  /// Adds the property element `text` (laid out for `childLayout(of:)`) at the end of
  /// `description`.
  mutating func append(_ text: String, to description: Int) {
    appended[description, default: []].append(text)
  }
}

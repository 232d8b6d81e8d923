/// A small, bounds-checked XML reader for XMP packets: UTF-8 bytes in, a tree of
/// namespace-resolved elements out (`XMLTree`).
///
/// It reads what XMP writers produce: elements, attributes, text, CDATA, the five predefined
/// entities and character references, comments, processing instructions and a DOCTYPE
/// (skipped: no entity is ever defined or expanded from it, so no "billion laughs"). It is
/// lenient the way a metadata reader must be: a stray end tag is ignored, an unclosed element
/// ends at the end of the input, and whatever was read before damage is kept. Every loop
/// advances and every index is checked; depth, nodes and namespace bindings are capped
/// (`Limits`), so hostile input costs time linear in its size and never traps.
///
/// Why not libxml2 or FoundationXML's XMLParser: no C parser of untrusted input runs in the
/// main process (docs/DECISIONS.md, 2026-11-28).
struct XMLReader {
  /// The caps that keep a hostile packet's cost bounded.
  struct Limits {
    /// Elements nested deeper are skipped with everything inside them.
    var maxDepth = 64
    /// Elements kept in the tree; the rest of the input is ignored once it is reached.
    var maxNodes = 200_000
    /// Namespace declarations in scope at once; more are ignored (their names stay unbound).
    var maxBindings = 1024
    /// Attributes kept in the whole tree (a packet of nothing but attributes would otherwise
    /// cost ten times its size in memory); more are read and dropped.
    var maxAttributes = 200_000
  }

  private let b: [UInt8]
  private let limits: Limits
  private var i = 0
  private var tree = XMLTree()
  /// Open elements kept in the tree: node index, qualified name and the bindings before it.
  private var open: [(node: Int, name: ArraySlice<UInt8>, bindings: Int)] = []
  /// Open elements skipped for depth: their qualified names, to match their end tags.
  private var skipped: [ArraySlice<UInt8>] = []
  /// In-scope namespace declarations, innermost last: prefix ("" = default) and URI.
  private var bindings: [(prefix: [UInt8], uri: String)] = []
  /// Attributes kept so far, in the whole tree.
  private var attributeCount = 0

  /// The tree of the UTF-8 document `bytes`.
  static func parse(_ bytes: [UInt8], limits: Limits = Limits()) -> XMLTree {
    var reader = XMLReader(b: bytes, limits: limits)
    reader.run()
    return reader.tree
  }

  private init(b: [UInt8], limits: Limits) {
    self.b = b
    self.limits = limits
  }

  private mutating func run() {
    // Elements still open when the input ends (or reading stops) end there.
    defer {
      for element in open {
        tree.nodes[element.node].endTagStart = b.count
        tree.nodes[element.node].end = b.count
      }
    }
    // A UTF-8 byte-order mark before the first tag.
    if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
    while i < b.count {
      guard tree.nodes.count < limits.maxNodes else {
        note("more than \(limits.maxNodes) elements")
        return
      }
      if b[i] != Self.lt {
        readText()
        continue
      }
      let at = i
      guard i + 1 < b.count else { return note("ends inside a tag at byte \(at)") }
      switch b[i + 1] {
      case Self.question:
        guard skip(past: Self.piEnd) else { return note("unterminated <? at byte \(at)") }
      case Self.bang:
        if starts(with: Self.commentStart) {
          guard skip(past: Self.commentEnd) else {
            return note("unterminated comment at byte \(at)")
          }
        } else if starts(with: Self.cdataStart) {
          i += Self.cdataStart.count
          let start = i
          let end = find(Self.cdataEnd) ?? b.count
          if end == b.count { note("unterminated CDATA at byte \(at)") }
          appendText(b[start..<end])
          i = min(b.count, end + Self.cdataEnd.count)
        } else {
          skipDeclaration()
        }
      case Self.slash:
        guard readEndTag() else { return note("ends inside a tag at byte \(at)") }
      default:
        guard readStartTag() else { return note("ends inside a tag at byte \(at)") }
      }
    }
    if let last = open.last {
      note("<\(String(decoding: last.name, as: UTF8.self))> is not closed")
    }
  }

  /// Records the first problem met (the tree keeps what was read).
  private mutating func note(_ problem: String) {
    if tree.problem == nil { tree.problem = problem }
  }

  // MARK: - Tags

  /// Reads `<name attr="v" …>` or `<name …/>`; false when the input ends inside it.
  private mutating func readStartTag() -> Bool {
    let tagStart = i
    i += 1
    let name = readName()
    guard !name.isEmpty else {
      // "<" not followed by a name: text, as lenient readers take it.
      note("a \"<\" that starts no tag at byte \(tagStart)")
      appendText(b[(i - 1)..<i])
      return true
    }
    var attributes: [RawAttribute] = []
    var selfClosing = false
    while true {
      skipBlanks()
      guard i < b.count else { return false }
      if b[i] == Self.gt {
        i += 1
        break
      }
      if b[i] == Self.slash {
        i += 1
        if i < b.count, b[i] == Self.gt {
          i += 1
          selfClosing = true
          break
        }
        continue
      }
      let attributeStart = i
      let attributeName = readName()
      if attributeName.isEmpty {
        note("a stray byte in a tag at byte \(i)")
        i += 1  // a byte that cannot start a name: skipped, so the loop advances
        continue
      }
      skipBlanks()
      guard i < b.count, b[i] == Self.equals else {
        note("an attribute without a value at byte \(attributeStart)")
        continue
      }
      i += 1
      skipBlanks()
      guard i < b.count else { return false }
      let quote = b[i]
      guard quote == Self.doubleQuote || quote == Self.singleQuote else {
        note("an attribute value without quotes at byte \(attributeStart)")
        continue
      }
      i += 1
      let start = i
      while i < b.count, b[i] != quote { i += 1 }
      guard i < b.count else { return false }
      if attributeCount < limits.maxAttributes {
        attributeCount += 1
        attributes.append(
          RawAttribute(
            name: attributeName, value: Self.decode(b[start..<i], attribute: true),
            span: attributeStart..<(i + 1), valueSpan: start..<i))
      } else {
        note("more than \(limits.maxAttributes) attributes")
      }
      i += 1
    }
    if let twice = Self.repeated(attributes) {
      // Not well formed (XML 1.0 §3.1); for `xmlns:p` twice, readers disagree on which wins.
      note("the attribute \(String(decoding: twice, as: UTF8.self)) twice at byte \(tagStart)")
    }
    open(name, attributes, selfClosing: selfClosing, span: tagStart..<i)
    return true
  }

  /// The first attribute name written twice in one tag, nil when there is none.
  private static func repeated(_ attributes: [RawAttribute]) -> ArraySlice<UInt8>? {
    guard attributes.count > 1 else { return nil }
    if attributes.count <= 16 {
      for a in 1..<attributes.count {
        for b in 0..<a where attributes[a].name.elementsEqual(attributes[b].name) {
          return attributes[a].name
        }
      }
      return nil
    }
    var seen = Set<ArraySlice<UInt8>>()
    return attributes.first { !seen.insert($0.name).inserted }?.name
  }

  /// An attribute as written: its qualified name, decoded value and where it is.
  private struct RawAttribute {
    var name: ArraySlice<UInt8>
    var value: [UInt8]
    var span: Range<Int>
    var valueSpan: Range<Int>
  }

  /// Opens an element whose start tag is at `span` (and closes it at once when it is
  /// `<…/>`).
  private mutating func open(
    _ name: ArraySlice<UInt8>, _ attributes: [RawAttribute], selfClosing: Bool, span: Range<Int>
  ) {
    if !skipped.isEmpty || open.count >= limits.maxDepth {
      note("elements nested deeper than \(limits.maxDepth)")
      if !selfClosing { skipped.append(name) }
      return
    }
    let bindingsBefore = bindings.count
    var plain: [RawAttribute] = []
    var declared: [XMLTree.Namespace] = []
    for attribute in attributes {
      var prefix: [UInt8]?
      if attribute.name.elementsEqual(Self.xmlns) {
        prefix = []
      } else if attribute.name.starts(with: Self.xmlnsColon) {
        prefix = Array(attribute.name.dropFirst(Self.xmlnsColon.count))
      }
      guard let prefix else {
        plain.append(attribute)
        continue
      }
      if bind(prefix, attribute.value) {
        declared.append(
          XMLTree.Namespace(
            prefix: String(decoding: prefix, as: UTF8.self),
            uri: String(decoding: attribute.value, as: UTF8.self)))
      }
    }
    var node = XMLTree.Node(name: resolve(name, isAttribute: false))
    node.parent = open.last?.node
    node.namespaces = declared
    node.start = span.lowerBound
    node.startTagEnd = span.upperBound
    node.endTagStart = span.upperBound
    node.end = span.upperBound
    for attribute in plain {
      node.attributes.append(
        XMLTree.Attribute(
          name: resolve(attribute.name, isAttribute: true),
          value: String(decoding: attribute.value, as: UTF8.self),
          span: attribute.span, valueSpan: attribute.valueSpan))
    }
    let index = tree.nodes.count
    tree.nodes.append(node)
    if let parent = open.last?.node { tree.nodes[parent].children.append(index) }
    if selfClosing {
      bindings.removeSubrange(bindingsBefore...)
    } else {
      open.append((index, name, bindingsBefore))
    }
  }

  /// Brings `prefix` into scope; false when the cap on bindings is reached.
  private mutating func bind(_ prefix: [UInt8], _ uri: [UInt8]) -> Bool {
    guard bindings.count < limits.maxBindings else { return false }
    bindings.append((prefix, String(decoding: uri, as: UTF8.self)))
    return true
  }

  /// The namespace URI and local part of a qualified name. An unprefixed attribute has no
  /// namespace (XML Namespaces 1.0 §6.2); an unbound prefix gives an empty URI.
  private func resolve(_ qualified: ArraySlice<UInt8>, isAttribute: Bool) -> XMLTree.Name {
    let colon = qualified.firstIndex(of: Self.colon)
    let prefix = colon.map { qualified[qualified.startIndex..<$0] } ?? []
    let local = colon.map { qualified[($0 + 1)...] } ?? qualified
    let localName = String(decoding: local, as: UTF8.self)
    if colon == nil, isAttribute { return XMLTree.Name(uri: "", local: localName) }
    if prefix.elementsEqual(Self.xml) {
      return XMLTree.Name(uri: XMLTree.xmlNamespace, local: localName)
    }
    for binding in bindings.reversed() where binding.prefix.elementsEqual(prefix) {
      return XMLTree.Name(uri: binding.uri, local: localName)
    }
    return XMLTree.Name(uri: "", local: localName)
  }

  /// Reads `</name>`; closes the innermost open element of that name and those inside it.
  /// False when the input ends inside the tag.
  private mutating func readEndTag() -> Bool {
    let tagStart = i
    i += 2
    let name = readName()
    while i < b.count, b[i] != Self.gt { i += 1 }
    guard i < b.count else { return false }
    i += 1
    if let last = skipped.last {
      if last.elementsEqual(name) { skipped.removeLast() }
      return true
    }
    // A stray end tag closes nothing; a missing one is implied by its parent's.
    guard let at = open.lastIndex(where: { $0.name.elementsEqual(name) }) else {
      note("unexpected </\(String(decoding: name, as: UTF8.self))>")
      return true
    }
    if at != open.count - 1 {
      note("<\(String(decoding: open[open.count - 1].name, as: UTF8.self))> is not closed")
    }
    // Those left open inside it end where its end tag starts.
    for inner in open[at...] {
      tree.nodes[inner.node].endTagStart = tagStart
      tree.nodes[inner.node].end = tagStart
    }
    tree.nodes[open[at].node].end = i
    bindings.removeSubrange(open[at].bindings...)
    open.removeSubrange(at...)
    return true
  }

  // MARK: - Text

  private mutating func readText() {
    let start = i
    while i < b.count, b[i] != Self.lt { i += 1 }
    appendText(Self.decode(b[start..<i], attribute: false)[...])
  }

  private mutating func appendText(_ bytes: ArraySlice<UInt8>) {
    guard skipped.isEmpty, let node = open.last?.node, !bytes.isEmpty else { return }
    tree.nodes[node].text.append(contentsOf: bytes)
  }

  // MARK: - Scanning

  /// A name: the bytes up to a blank, `/`, `>`, `=` or the end.
  private mutating func readName() -> ArraySlice<UInt8> {
    let start = i
    while i < b.count {
      let c = b[i]
      if Self.isBlank(c) || c == Self.slash || c == Self.gt || c == Self.equals || c == Self.lt {
        break
      }
      i += 1
    }
    return b[start..<i]
  }

  private mutating func skipBlanks() {
    while i < b.count, Self.isBlank(b[i]) { i += 1 }
  }

  private func starts(with literal: [UInt8]) -> Bool {
    i + literal.count <= b.count && b[i..<(i + literal.count)].elementsEqual(literal)
  }

  /// The index of the next `literal` from `i`, nil when there is none.
  private func find(_ literal: [UInt8]) -> Int? {
    guard let first = literal.first, b.count >= literal.count else { return nil }
    var j = i
    while j <= b.count - literal.count {
      if b[j] == first, b[j..<(j + literal.count)].elementsEqual(literal) { return j }
      j += 1
    }
    return nil
  }

  /// Moves past the next `literal`; false (at the end) when there is none.
  private mutating func skip(past literal: [UInt8]) -> Bool {
    guard let at = find(literal) else {
      i = b.count
      return false
    }
    i = at + literal.count
    return true
  }

  /// Skips `<!DOCTYPE …>` and other declarations, with a bracketed internal subset.
  private mutating func skipDeclaration() {
    var brackets = 0
    while i < b.count {
      let c = b[i]
      i += 1
      if c == 0x5B {
        brackets += 1
      } else if c == 0x5D {
        brackets = max(0, brackets - 1)
      } else if c == Self.gt, brackets == 0 {
        return
      }
    }
  }

  static func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

  static let lt = UInt8(ascii: "<")
  static let gt = UInt8(ascii: ">")
  private static let slash = UInt8(ascii: "/")
  private static let question = UInt8(ascii: "?")
  private static let bang = UInt8(ascii: "!")
  private static let equals = UInt8(ascii: "=")
  private static let colon = UInt8(ascii: ":")
  static let ampersand = UInt8(ascii: "&")
  static let semicolon = UInt8(ascii: ";")
  static let doubleQuote = UInt8(ascii: "\"")
  static let singleQuote = UInt8(ascii: "'")
  private static let piEnd = Array("?>".utf8)
  private static let commentStart = Array("<!--".utf8)
  private static let commentEnd = Array("-->".utf8)
  private static let cdataStart = Array("<![CDATA[".utf8)
  private static let cdataEnd = Array("]]>".utf8)
  private static let xmlns = Array("xmlns".utf8)
  private static let xmlnsColon = Array("xmlns:".utf8)
  private static let xml = Array("xml".utf8)
}

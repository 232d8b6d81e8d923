/// Reading RDF/XML, the syntax of XMP, from an `XMLTree`: properties written as attributes
/// or as elements, arrays (`rdf:Bag`, `rdf:Seq`, `rdf:Alt`), and structures written with
/// `rdf:parseType="Resource"`, a nested `rdf:Description` or attributes of the property
/// element (the shorthand Lightroom uses for region areas).
extension XMLTree {
  /// The RDF syntax namespace.
  static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

  /// A property's value: an attribute's text or a property element.
  enum Value {
    case literal(String)
    case element(Int)
  }

  /// A property: its name and value.
  typealias Property = (name: Name, value: Value)

  /// The properties of the packet's top-level `rdf:Description` elements, in document order
  /// (XMP allows any number of them, one per namespace in older writers).
  func topLevelProperties() -> [Property] {
    var properties: [Property] = []
    for index in nodes.indices where nodes[index].name.is(Self.rdf, "Description") {
      guard let parent = nodes[index].parent, nodes[parent].name.is(Self.rdf, "RDF") else {
        continue
      }
      properties += fields(ofDescription: index)
    }
    return properties
  }

  /// The fields of a structure value: the attributes and children of a
  /// `rdf:parseType="Resource"` element, of an `rdf:Description` inside it, or the attributes
  /// of the property element itself.
  func fields(of value: Value) -> [Property] {
    guard case .element(let index) = value else { return [] }
    var properties = plainAttributes(of: index)
    if nodes[index].attribute(Self.rdf, "parseType") == "Resource" {
      properties += nodes[index].children.map { (nodes[$0].name, .element($0)) }
    }
    for child in children(of: index, Self.rdf, "Description") {
      properties += fields(ofDescription: child)
    }
    return properties
  }

  /// The items of an array value (`rdf:li` of a Bag, Seq or Alt), at most `limit`; a
  /// single value written without an array counts as a one-item array, as readers accept.
  func items(of value: Value, limit: Int) -> [Value] {
    guard case .element(let index) = value else { return [value] }
    for child in nodes[index].children {
      let name = nodes[child].name
      guard name.uri == Self.rdf, ["Bag", "Seq", "Alt"].contains(name.local) else { continue }
      return children(of: child, Self.rdf, "li").prefix(limit).map { .element($0) }
    }
    return isLeaf(index) ? [value] : []
  }

  /// The text of a simple value, or of a language alternative (`x-default` first, else the
  /// first item); nil for a structure or an empty array.
  func text(of value: Value) -> String? {
    switch value {
    case .literal(let text):
      return text
    case .element(let index):
      if isLeaf(index) { return nodes[index].string }
      let alternatives = items(of: value, limit: 1024)
      let best =
        alternatives.first { item in
          guard case .element(let li) = item else { return false }
          // Language tags are case-insensitive (RFC 3066): "X-Default" is the default too.
          return nodes[li].attribute(Self.xmlNamespace, "lang")?.lowercased() == "x-default"
        } ?? alternatives.first
      guard case .element(let li) = best, isLeaf(li) else { return nil }
      return nodes[li].string
    }
  }

  /// The texts of an array's items (items that are not simple texts are left out).
  func texts(of value: Value, limit: Int) -> [String] {
    items(of: value, limit: limit).compactMap { item in
      guard case .element(let index) = item else { return text(of: item) }
      return isLeaf(index) ? nodes[index].string : nil
    }
  }

  /// True when the element holds text only (no element children, not a structure).
  private func isLeaf(_ index: Int) -> Bool {
    nodes[index].children.isEmpty && nodes[index].attribute(Self.rdf, "parseType") == nil
  }

  /// The attributes and child elements of an `rdf:Description`, as properties.
  private func fields(ofDescription index: Int) -> [Property] {
    plainAttributes(of: index) + nodes[index].children.map { (nodes[$0].name, .element($0)) }
  }

  /// The attributes that are properties: not RDF's own (`rdf:about`, `rdf:parseType`) nor
  /// `xml:lang`.
  private func plainAttributes(of index: Int) -> [Property] {
    nodes[index].attributes.compactMap { attribute in
      let uri = attribute.name.uri
      guard uri != Self.rdf, uri != Self.xmlNamespace, !uri.isEmpty else { return nil }
      return (attribute.name, .literal(attribute.value))
    }
  }
}

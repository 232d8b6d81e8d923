/// Setting the three kinds of property an `XMPEdit` touches: lists (`dc:subject`, the
/// hierarchical keywords), language alternatives (`dc:title`, `dc:description`) and simple
/// values (`xmp:Rating`, `xmp:Label`).
extension XMPPacketEditor {
  /// A property's name and the prefix it is written with when Lightbox declares it.
  struct Property {
    var uri: String
    var local: String
    var prefix: String
  }

  // MARK: - Lists

  /// Removes the items `remove` from the list `property` (in every occurrence) and adds the
  /// items of `add` it does not hold (to the first). A packet without the property gets it
  /// when that changes something: `base` (what the photo's other layers say, which a new
  /// list must not hide) without `remove`, with `add`. An item written as a lone value
  /// (`dc:subject="x"`, `<dc:subject>x</dc:subject>`) is made a proper list when it changes.
  /// A list left empty is removed, unless it hides what the other layers say (`hiding`):
  /// an empty list written is a list of no keywords, which wins over the embedded one.
  mutating func setList(
    _ property: Property, kind: String, remove: Set<String>, add: [String], base: [String],
    hiding: Bool
  ) throws(XMPWriteError) {
    let found = occurrences(property.uri, property.local)
    guard !found.isEmpty else {
      var items = base.filter { !remove.contains($0) }
      for item in add where !items.contains(item) { items.append(item) }
      guard items != base else { return }
      let d = description(for: property.uri)
      let name = Self.qualified(
        prefix(for: property.uri, preferred: property.prefix, in: d), property.local)
      let rdf = prefix(for: XMLTree.rdf, preferred: "rdf", in: d)
      append(list(name, kind: kind, items: items, rdf: rdf, layout: childLayout(of: d)), to: d)
      return
    }
    // What every occurrence holds once `remove` is gone: an item already there is not added.
    var present = Set<String>()
    for occurrence in found {
      for item in values(of: occurrence) ?? [] where !remove.contains(item) {
        present.insert(item)
      }
    }
    var toAdd: [String] = []
    for item in add where !present.contains(item) && !toAdd.contains(item) { toAdd.append(item) }
    if present.isEmpty, toAdd.isEmpty, !hiding,
      found.allSatisfy({ values(of: $0).map { !$0.isEmpty } ?? false })
    {
      // Every item removed: the property goes (exiftool reports an empty list as a tag).
      for occurrence in found {
        switch occurrence {
        case .attribute(let d, let index): self.remove(attribute: index, of: d)
        case .element(_, let node): self.remove(element: node)
        }
      }
      return
    }
    for (k, occurrence) in found.enumerated() {
      let adding = k == 0 ? toAdd : []
      switch occurrence {
      case .element(let d, let node):
        if let array = container(of: node) {
          edit(array: array, remove: remove, add: adding, in: d)
        } else if isLeaf(node) {
          let text = tree.nodes[node].string
          let kept = remove.contains(text) ? [] : [text]
          guard kept + adding != [text] else { continue }
          let rdf = prefix(for: XMLTree.rdf, preferred: "rdf", in: d)
          let layout = self.layout(at: tree.nodes[node].start, unit: unit(in: d))
          let written = list(
            writtenName(node), kind: kind, items: kept + adding, rdf: rdf, layout: layout,
            declaring: declarations(of: node))
          replace(tree.nodes[node].start..<tree.nodes[node].end, with: written)
        } else if !adding.isEmpty {
          throw XMPWriteError("\(writtenName(node)) is not a list: not changed")
        }
      case .attribute(let d, let index):
        let text = tree.nodes[d].attributes[index].value
        let kept = remove.contains(text) ? [] : [text]
        guard kept + adding != [text] else { continue }
        self.remove(attribute: index, of: d)
        let name = Self.qualified(
          prefix(for: property.uri, preferred: property.prefix, in: d), property.local)
        let rdf = prefix(for: XMLTree.rdf, preferred: "rdf", in: d)
        let layout = childLayout(of: d)
        let written = list(name, kind: kind, items: kept + adding, rdf: rdf, layout: layout)
        if found.count > 1, let child = tree.nodes[d].children.first {
          // Before the description's elements, so that it is still read first (before the
          // blanks in front of the first, which go with it if it is removed).
          insert(layout.line(0) + written, at: blanksStart(before: tree.nodes[child].start))
        } else {
          append(written, to: d)
        }
      }
    }
  }

  /// The texts an occurrence of a list holds; nil when it is a structure.
  func values(of occurrence: Occurrence) -> [String]? {
    switch occurrence {
    case .attribute(let d, let index):
      return [tree.nodes[d].attributes[index].value]
    case .element(_, let node):
      if let array = container(of: node) {
        return items(of: array).filter(isLeaf).map { tree.nodes[$0].string }
      }
      return isLeaf(node) ? [tree.nodes[node].string] : nil
    }
  }

  /// Removes the items `remove` from the array element `array` and adds `add` after its last
  /// item, each on a line of its own laid out as the last item is.
  private mutating func edit(array: Int, remove: Set<String>, add: [String], in d: Int) {
    let lis = items(of: array)
    for li in lis where isLeaf(li) && remove.contains(tree.nodes[li].string) {
      self.remove(element: li)
    }
    guard !add.isEmpty else { return }
    let node = tree.nodes[array]
    let li = Self.qualified(writtenPrefix(array), "li")
    let step = unit(in: d)
    if node.isEmptyElementTag {
      // `<rdf:Bag/>`: written again with its items.
      let layout = self.layout(at: node.start, unit: step)
      var text = "<\(writtenName(array))>"
      for item in add { text += layout.line(1) + "<\(li)>\(XMLEscaping.text(item))</\(li)>" }
      text += layout.line(0) + "</\(writtenName(array))>"
      replace(node.start..<node.end, with: text)
      return
    }
    let last = lis.last ?? node.children.last
    let layout =
      last.map { self.layout(at: tree.nodes[$0].start, unit: step) }
      ?? self.layout(at: node.start, unit: step).deeper
    var text = ""
    for item in add { text += layout.line(0) + "<\(li)>\(XMLEscaping.text(item))</\(li)>" }
    insert(text, at: last.map { tree.nodes[$0].end } ?? node.startTagEnd)
  }

  /// A list property element: `<name><rdf:Bag><rdf:li>…</rdf:li></rdf:Bag></name>`, laid out
  /// from `layout` (the property's own line).
  /// `declaring` goes into the start tag: the namespace declarations of the element it
  /// replaces, which what is inside may use.
  func list(
    _ name: String, kind: String, items: [String], rdf: String, layout: Layout,
    declaring: String = ""
  ) -> String {
    let array = Self.qualified(rdf, kind)
    let li = Self.qualified(rdf, "li")
    let open = "<\(name)\(declaring)>"
    guard !items.isEmpty else {
      return "\(open)\(layout.line(1))<\(array)/>\(layout.line(0))</\(name)>"
    }
    var text = "\(open)\(layout.line(1))<\(array)>"
    for item in items { text += layout.line(2) + "<\(li)>\(XMLEscaping.text(item))</\(li)>" }
    return text + "\(layout.line(1))</\(array)>\(layout.line(0))</\(name)>"
  }

  // MARK: - Language alternatives

  /// Sets the default-language text of `property` (`rdf:Alt` with `xml:lang="x-default"`,
  /// or the item without a language, which readers take as the default), keeping the other
  /// languages; an empty `text` removes the default (and the property when nothing is left).
  mutating func setLanguageAlternative(_ property: Property, to text: String)
    throws(XMPWriteError)
  {
    let found = occurrences(property.uri, property.local)
    guard let first = found.first else {
      guard !text.isEmpty else { return }
      let d = description(for: property.uri)
      let name = Self.qualified(
        prefix(for: property.uri, preferred: property.prefix, in: d), property.local)
      let rdf = prefix(for: XMLTree.rdf, preferred: "rdf", in: d)
      append(alternative(name, text: text, rdf: rdf, layout: childLayout(of: d)), to: d)
      return
    }
    switch first {
    case .attribute(let d, let index):
      remove(attribute: index, of: d)
      guard !text.isEmpty else { return }
      let name = Self.qualified(
        prefix(for: property.uri, preferred: property.prefix, in: d), property.local)
      let rdf = prefix(for: XMLTree.rdf, preferred: "rdf", in: d)
      append(alternative(name, text: text, rdf: rdf, layout: childLayout(of: d)), to: d)
    case .element(let d, let node):
      if let array = container(of: node) {
        try setDefault(of: array, property: node, to: text, in: d)
      } else if isLeaf(node) {
        guard !text.isEmpty else { return remove(element: node) }
        let rdf = prefix(for: XMLTree.rdf, preferred: "rdf", in: d)
        let layout = self.layout(at: tree.nodes[node].start, unit: unit(in: d))
        replace(
          tree.nodes[node].start..<tree.nodes[node].end,
          with: alternative(
            writtenName(node), text: text, rdf: rdf, layout: layout,
            declaring: declarations(of: node)))
      } else {
        throw XMPWriteError("\(writtenName(node)) is not a text: not changed")
      }
    }
  }

  /// Sets the default item of the alternative array `array` (of the property element
  /// `property`) to `text`; empty removes it.
  private mutating func setDefault(of array: Int, property: Int, to text: String, in d: Int)
    throws(XMPWriteError)
  {
    let lis = items(of: array)
    let tree = self.tree
    let language = { (li: Int) in
      tree.nodes[li].attribute(XMLTree.xmlNamespace, "lang")?.lowercased()
    }
    let li = Self.qualified(writtenPrefix(array), "li")
    let item = "<\(li) xml:lang=\"x-default\">\(XMLEscaping.text(text))</\(li)>"
    // The default is the x-default item, else a first item without a language (exiftool's
    // and Lightbox's readers both take it as the default); otherwise one is added first.
    let unlabelled = lis.first.flatMap { language($0) == nil ? $0 : nil }
    guard let current = lis.first(where: { language($0) == "x-default" }) ?? unlabelled else {
      guard !text.isEmpty else { return }
      if let firstItem = lis.first {
        // x-default goes first, as the XMP specification asks.
        let layout = self.layout(at: tree.nodes[firstItem].start, unit: unit(in: d))
        insert(item + layout.line(0), at: tree.nodes[firstItem].start)
      } else {
        // An empty array: the item goes inside it.
        let container = tree.nodes[array]
        let layout = self.layout(at: container.start, unit: unit(in: d))
        if container.isEmptyElementTag {
          let name = writtenName(array)
          replace(
            container.start..<container.end,
            with: "<\(name)>\(layout.line(1))\(item)\(layout.line(0))</\(name)>")
        } else {
          insert(layout.line(1) + item, at: container.startTagEnd)
        }
      }
      return
    }
    if text.isEmpty {
      // The property goes with its last item, unless it holds more than that.
      let alone =
        lis.count == 1 && tree.nodes[array].children.count == 1
        && tree.nodes[property].children.count == 1
      remove(element: alone ? property : current)
      return
    }
    let node = tree.nodes[current]
    guard isLeaf(current) else {
      throw XMPWriteError("the default \(writtenName(property)) is not a text: not changed")
    }
    if node.isEmptyElementTag {
      replace(node.start..<node.end, with: item)
    } else {
      replace(node.startTagEnd..<node.endTagStart, with: XMLEscaping.text(text))
    }
  }

  /// A language alternative element with one `x-default` item.
  func alternative(
    _ name: String, text: String, rdf: String, layout: Layout, declaring: String = ""
  ) -> String {
    let alt = Self.qualified(rdf, "Alt")
    let li = Self.qualified(rdf, "li")
    return "<\(name)\(declaring)>\(layout.line(1))<\(alt)>\(layout.line(2))"
      + "<\(li) xml:lang=\"x-default\">\(XMLEscaping.text(text))</\(li)>"
      + "\(layout.line(1))</\(alt)>\(layout.line(0))</\(name)>"
  }

  /// The namespace declarations of the element `node`, as attributes (" xmlns:p=\"…\"").
  func declarations(of node: Int) -> String {
    tree.nodes[node].namespaces.map { namespace in
      let name = namespace.prefix.isEmpty ? "xmlns" : "xmlns:\(namespace.prefix)"
      return " \(name)=\"\(XMLEscaping.attribute(namespace.uri))\""
    }.joined()
  }

  // MARK: - Simple values

  /// Sets the simple property `property` to `value` where it is written (attribute or
  /// element); empty removes it. One written as a structure is refused, not replaced with
  /// what it holds.
  mutating func setSimple(_ property: Property, to value: String) throws(XMPWriteError) {
    guard let first = occurrences(property.uri, property.local).first else {
      guard !value.isEmpty else { return }
      let d = description(for: property.uri)
      let name = Self.qualified(
        prefix(for: property.uri, preferred: property.prefix, in: d), property.local)
      append("<\(name)>\(XMLEscaping.text(value))</\(name)>", to: d)
      return
    }
    switch first {
    case .attribute(let d, let index):
      if value.isEmpty {
        remove(attribute: index, of: d)
      } else {
        replace(tree.nodes[d].attributes[index].valueSpan, with: XMLEscaping.attribute(value))
      }
    case .element(_, let node):
      let n = tree.nodes[node]
      if value.isEmpty {
        remove(element: node)
      } else if isLeaf(node) && !n.isEmptyElementTag {
        replace(n.startTagEnd..<n.endTagStart, with: XMLEscaping.text(value))
      } else if !isLeaf(node) {
        throw XMPWriteError("\(writtenName(node)) is not a simple value: not changed")
      } else {
        let name = writtenName(node)
        replace(
          n.start..<n.end,
          with: "<\(name)\(declarations(of: node))>\(XMLEscaping.text(value))</\(name)>")
      }
    }
  }
}

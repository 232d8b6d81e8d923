/// Applying the collected changes: the new namespace declarations and property elements
/// placed, every replacement made in one pass, and the result read again.
extension XMPPacketEditor {
  /// The edited packet; an error (and nothing to write) when the changes overlap or the
  /// result would not read back cleanly, which would be a bug of this editor.
  mutating func finish() throws(XMPWriteError) -> [UInt8] {
    for d in descriptions {
      placeDeclarations(of: d)
      placeAppended(to: d)
    }
    let ordered = changes.sorted {
      ($0.range.lowerBound, $0.range.isEmpty ? 0 : 1, $0.order)
        < ($1.range.lowerBound, $1.range.isEmpty ? 0 : 1, $1.order)
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + ordered.reduce(0) { $0 + $1.text.utf8.count })
    var cursor = 0
    for change in ordered {
      guard change.range.lowerBound >= cursor, change.range.upperBound <= bytes.count else {
        throw XMPWriteError("internal error: overlapping XMP edits")
      }
      out += bytes[cursor..<change.range.lowerBound]
      out += Array(change.text.utf8)
      cursor = change.range.upperBound
    }
    out += bytes[cursor...]
    do {
      _ = try XMPPacketEditor(out)
    } catch {
      throw XMPWriteError("internal error: the edited XMP does not read back: \(error.reason)")
    }
    return out
  }

  /// Where a new attribute of `description`'s start tag goes: before its `>` or `/>`.
  private func startTagClose(_ description: Int) -> Int {
    let node = tree.nodes[description]
    let close = node.startTagEnd - 1
    return node.isEmptyElementTag && close > 0 && bytes[close - 1] == 0x2F ? close - 1 : close
  }

  /// Declares the namespaces new properties of `description` need, each on a line of its
  /// own as Adobe's and exiv2's packets have them (or after a space in a one-line packet).
  private mutating func placeDeclarations(of description: Int) {
    guard let declared = declarations[description], !declared.isEmpty else { return }
    let node = tree.nodes[description]
    var separator = " "
    if let lastBreak = bytes[node.start..<node.startTagEnd].lastIndex(of: 0x0A) {
      // Under the start tag's last line.
      var end = lastBreak + 1
      while end < node.startTagEnd, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
      separator = newline + String(decoding: bytes[(lastBreak + 1)..<end], as: UTF8.self)
    } else if let own = lineIndent(before: node.start) {
      separator = newline + own + "    "
    }
    let text = declared.map { namespace in
      "\(separator)xmlns:\(namespace.prefix)=\"\(XMLEscaping.attribute(namespace.uri))\""
    }.joined()
    insert(text, at: startTagClose(description))
  }

  /// Adds the new property elements after `description`'s last child element, each on a
  /// line of its own; a `<rdf:Description …/>` is opened and closed around them.
  private mutating func placeAppended(to description: Int) {
    guard let elements = appended[description], !elements.isEmpty else { return }
    let node = tree.nodes[description]
    let layout = childLayout(of: description)
    let text = elements.map { layout.line(0) + $0 }.joined()
    if node.isEmptyElementTag {
      let close = startTagClose(description)
      let own = lineIndent(before: node.start).map { newline + $0 } ?? ""
      replace(
        close..<node.startTagEnd,
        with: ">" + text + (layout.newline.isEmpty ? "" : own) + "</\(writtenName(description))>")
    } else if let last = node.children.last {
      insert(text, at: tree.nodes[last].end)
    } else {
      insert(text, at: node.startTagEnd)
    }
  }
}

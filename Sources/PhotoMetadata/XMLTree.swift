/// The elements `XMLReader` read, in document order, each with its namespace-resolved name,
/// attributes, text and children (indices into `nodes`).
struct XMLTree {
  /// The namespace the `xml:` prefix is bound to without a declaration (`xml:lang`).
  static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

  /// A namespace URI and a local name: what a name means, whatever its prefix.
  struct Name: Equatable {
    var uri: String
    var local: String

    func `is`(_ uri: String, _ local: String) -> Bool { self.local == local && self.uri == uri }
  }

  /// An attribute of an element: its resolved name and its value, references decoded.
  struct Attribute {
    var name: Name
    var value: String
    /// Where `name="value"` is in the document, and its value between the quotes (byte
    /// offsets): what `XMPPacketEditor` replaces or removes.
    var span: Range<Int> = 0..<0
    var valueSpan: Range<Int> = 0..<0
  }

  /// A namespace declaration (`xmlns:prefix="uri"`, prefix "" for `xmlns="uri"`).
  struct Namespace: Equatable {
    var prefix: String
    var uri: String
  }

  /// An element: its name, attributes, text and the indices of its element children.
  struct Node {
    var name: Name
    var attributes: [Attribute] = []
    var children: [Int] = []
    var parent: Int?
    /// The character data directly inside the element (entities decoded), UTF-8.
    var text: [UInt8] = []
    /// The namespaces this element's start tag declares.
    var namespaces: [Namespace] = []
    /// Byte offsets in the document: the start tag's `<`, just past its `>`, the end tag's
    /// `<` and just past its `>` (for `<a/>` the last three are equal). An element left open
    /// ends where its parent's end tag (or the input) does. Only a tree without `problem` is
    /// exact enough to edit by them.
    var start = 0
    var startTagEnd = 0
    var endTagStart = 0
    var end = 0

    /// True for an element written `<name …/>`.
    var isEmptyElementTag: Bool { startTagEnd == end }

    init(name: Name) { self.name = name }

    /// The element's text as a string (invalid UTF-8 shown as U+FFFD).
    var string: String { String(decoding: text, as: UTF8.self) }

    /// The value of the attribute `uri` `local`, if any.
    func attribute(_ uri: String, _ local: String) -> String? {
      attributes.first { $0.name.is(uri, local) }?.value
    }
  }

  var nodes: [Node] = []
  /// The first thing wrong with the document (what was read before it is kept), nil when
  /// it was well formed as far as this reader checks.
  var problem: String?

  /// The element children of `node` named `uri` `local`.
  func children(of node: Int, _ uri: String, _ local: String) -> [Int] {
    nodes[node].children.filter { nodes[$0].name.is(uri, local) }
  }
}

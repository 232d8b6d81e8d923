import PhotoModel

/// Where an imported photo goes in the library: a path like `{year}/{year}-{month}-{day}/{name}`
/// (Immich's and rapid-photo-downloader's convention), its tokens filled from the photo.
///
/// The template names the folder and the file's stem; the file's own extension always ends
/// the name, so a RAW+JPEG pair, a Live Photo and their sidecars keep theirs under one stem
/// (a template ending in `.{ext}` means the same). Token values never make folders: a `/`
/// in a camera name becomes `_`, as do control characters, and a component never starts with
/// a dot (the library walker would hide it).
public struct ImportTemplate: Sendable, Equatable, CustomStringConvertible {
  /// The default, also the `import-template` config key's.
  public static let defaultText = "{year}/{year}-{month}-{day}/{name}"

  /// The tokens a template may use, as the user guide lists them.
  public static let tokens = [
    "year", "month", "day", "hour", "minute", "second", "camera", "name", "ext", "seq",
  ]

  /// A piece of a path component: literal text or a token.
  enum Piece: Sendable, Equatable {
    case text(String)
    case token(String)
  }

  /// The components (folders, then the stem), each a list of pieces.
  let components: [[Piece]]
  /// The text the template was made from.
  public let description: String

  /// What a photo gives the tokens.
  public struct Values: Sendable, Equatable {
    public var date: CaptureDate
    /// The camera as people name it ("Canon EOS 40D"), nil when the file does not say.
    public var camera: String?
    /// The source file's name without its extension.
    public var name: String
    /// The source file's extension without the dot, as written ("JPG").
    public var ext: String
    /// The photo's place in this import (1 is the oldest).
    public var sequence: Int

    public init(date: CaptureDate, camera: String?, name: String, ext: String, sequence: Int) {
      self.date = date
      self.camera = camera
      self.name = name
      self.ext = ext
      self.sequence = sequence
    }
  }

  /// A template that cannot be used, with why in one line.
  public struct Invalid: Error, Equatable, CustomStringConvertible {
    public let description: String
  }

  /// Parses `text`; refuses unknown tokens, unbalanced braces, absolute paths, `.` and `..`
  /// components and empty components.
  public init(_ text: String) throws(Invalid) {
    description = text
    var rest = text
    if rest.hasSuffix(".{ext}") { rest.removeLast(".{ext}".count) }
    guard !rest.isEmpty else { throw Invalid(description: "the import template is empty") }
    guard !rest.hasPrefix("/") else {
      throw Invalid(
        description: "the import template '\(text)' must be relative to the library (no leading /)"
      )
    }
    var parsed: [[Piece]] = []
    for part in rest.split(separator: "/", omittingEmptySubsequences: false) {
      guard !part.isEmpty, part != ".", part != ".." else {
        throw Invalid(
          description: "the import template '\(text)' has an empty, '.' or '..' folder")
      }
      parsed.append(try Self.pieces(String(part), template: text))
    }
    components = parsed
  }

  private static func pieces(_ part: String, template: String) throws(Invalid) -> [Piece] {
    var pieces: [Piece] = []
    var literal = ""
    var index = part.startIndex
    while index < part.endIndex {
      let c = part[index]
      if c == "}" {
        throw Invalid(description: "the import template '\(template)' has a '}' without '{'")
      }
      guard c == "{" else {
        literal.append(c)
        index = part.index(after: index)
        continue
      }
      guard let close = part[index...].firstIndex(of: "}") else {
        throw Invalid(description: "the import template '\(template)' has a '{' without '}'")
      }
      let name = String(part[part.index(after: index)..<close])
      guard tokens.contains(name) else {
        throw Invalid(
          description: "unknown token {\(name)} in the import template (tokens: "
            + tokens.map { "{\($0)}" }.joined(separator: " ") + ")")
      }
      if !literal.isEmpty { pieces.append(.text(literal)) }
      literal = ""
      pieces.append(.token(name))
      index = part.index(after: close)
    }
    if !literal.isEmpty { pieces.append(.text(literal)) }
    return pieces
  }

  /// The folders (relative to the library) and the stem for a photo: each component safe to
  /// create (no `/`, no control characters, no leading dot, at most 200 bytes).
  public func render(_ values: Values) -> (folders: [String], stem: String) {
    let rendered = components.map { pieces in
      Self.safeComponent(
        pieces.map { piece in
          switch piece {
          case .text(let text): return text
          case .token(let name): return Self.safeValue(value(name, values))
          }
        }.joined())
    }
    return (Array(rendered.dropLast()), rendered.last ?? "_")
  }

  private func value(_ token: String, _ v: Values) -> String {
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    switch token {
    case "year":
      let year = String(v.date.year)
      return String(repeating: "0", count: max(0, 4 - year.count)) + year
    case "month": return two(v.date.month)
    case "day": return two(v.date.day)
    case "hour": return two(v.date.hour)
    case "minute": return two(v.date.minute)
    case "second": return two(v.date.second)
    case "camera": return v.camera ?? "Unknown Camera"
    case "name": return v.name
    case "ext": return v.ext.lowercased()
    case "seq":
      let text = String(v.sequence)
      return String(repeating: "0", count: max(0, 4 - text.count)) + text
    default: return ""
    }
  }

  /// A token's value made one component's worth: `/`, NUL, controls and bidirectional
  /// overrides become `_`.
  static func safeValue(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar -> Unicode.Scalar in
          let v = scalar.value
          let unsafe =
            v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2F || (0x202A...0x202E).contains(v)
            || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
          return unsafe ? "_" : scalar
        }))
  }

  /// A component as it may be created: blanks trimmed, leading dots made `_` (a hidden
  /// folder would be left out of the library), never empty, at most 200 bytes of UTF-8.
  static func safeComponent(_ text: String) -> String {
    var out = text.trimmingBlanks()
    while out.hasPrefix(".") { out = "_" + out.dropFirst() }
    if out.isEmpty { out = "_" }
    while out.utf8.count > 200 { out.removeLast() }
    return out
  }
}

extension String {
  /// Without leading and trailing spaces and tabs.
  fileprivate func trimmingBlanks() -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) })
    else { return "" }
    return String(self[first...last])
  }
}

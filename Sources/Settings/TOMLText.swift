import Foundation

/// Checks settings text before it reaches TOMLKit.
///
/// toml++ (inside TOMLKit) is built with its assertions on, and fuzzing the theme parser
/// found three ways to make them abort the program: a control character in a table header,
/// a table header whose name does not start like a key (`[#x]`, `[.a]`, `[=]`), and a `}`
/// where an array expects a value (`a = [}`). All are invalid TOML, so config.toml and theme
/// files are checked here first and refused with their line; a NUL would also cut the text
/// short on its way to C.
enum TOMLText {
  /// Why toml++ must not see the text (its first problem, "source:line: …"), or nil.
  static func problem(in text: String, source: String) -> String? {
    controlCharacterProblem(in: text, source: source)
      ?? tableHeaderProblem(in: text, source: source)
  }

  /// A TOMLKit error as one line ("source:line: what"): toml++ sometimes puts a line break
  /// in its description (found by fuzzing), and a problem is shown on one line.
  static func parseProblem(_ description: String, line: Int, source: String) -> String {
    let words = description.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    let escaped = words.joined(separator: " ").unicodeScalars.map { scalar -> String in
      let v = scalar.value
      let control = v < 0x20 || v == 0x7F || (0x80..<0xA0).contains(v)
      let bidi = (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
      return control || bidi ? scalar.escaped(asASCII: true) : String(scalar)
    }.joined()
    return "\(source):\(line): \(escaped)"
  }

  /// The first control character TOML forbids, as "source:line: …", or nil when none.
  static func controlCharacterProblem(in text: String, source: String) -> String? {
    var line = 1
    for scalar in text.unicodeScalars {
      if scalar == "\n" { line += 1 }
      let v = scalar.value
      if (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || v == 0x7F {
        let hex = String(v, radix: 16, uppercase: true)
        return "\(source):\(line): control character U+\(hex.count < 2 ? "0" : "")\(hex)"
          + " is not allowed in TOML"
      }
    }
    return nil
  }

  /// The first table header (a `[` starting a line outside any value) whose name does not
  /// start with a bare-key character, a quote or `]`: toml++ asserts on those instead of
  /// reporting them. Strings, comments and multi-line arrays are skipped as TOML reads them.
  static func tableHeaderProblem(in text: String, source: String) -> String? {
    var scanner = HeaderScanner(Array(text.unicodeScalars))
    guard let (line, what) = scanner.firstProblem() else { return nil }
    return "\(source):\(line): \(what)"
  }

  /// Walks TOML text far enough to find table headers.
  struct HeaderScanner {
    let c: [Unicode.Scalar]
    var i = 0
    var line = 1

    init(_ scalars: [Unicode.Scalar]) { c = scalars }

    func at(_ k: Int) -> Unicode.Scalar? { k < c.count ? c[k] : nil }

    static func isBareKey(_ s: Unicode.Scalar) -> Bool {
      ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s)
        || s == "_" || s == "-"
    }

    /// The line and description of the first place toml++ would assert on.
    mutating func firstProblem() -> (Int, String)? {
      var open: [Unicode.Scalar] = []  // [ and { inside values, innermost last
      var atLineStart = true
      while i < c.count {
        let s = c[i]
        switch s {
        case "\n":
          line += 1
          atLineStart = true
          i += 1
          continue
        case " ", "\t", "\r":
          i += 1
          continue
        case "#":
          while i < c.count && c[i] != "\n" { i += 1 }
          continue
        case "\"", "'":
          skipString()
        case "[" where atLineStart && open.isEmpty:
          var k = i + 1
          if at(k) == "[" { k += 1 }
          while at(k) == " " || at(k) == "\t" { k += 1 }
          if let first = at(k),
            !(Self.isBareKey(first) || first == "\"" || first == "'" || first == "]")
          {
            let shown =
              first == "\n" || first == "\r"
              ? "a line end" : "'\(ConfigLoader.Reader.printable(String(first)))'"
            return (line, "a table name cannot start with \(shown)")
          }
          // The header's own closing brackets do not close a value.
          i = k
          while i < c.count && c[i] != "]" && c[i] != "\n" {
            if c[i] == "\"" || c[i] == "'" { skipString() } else { i += 1 }
          }
          while at(i) == "]" { i += 1 }
        case "[", "{":
          open.append(s)
          i += 1
        case "}" where open.last == "[":
          return (line, "'}' inside an array")
        case "]", "}":
          _ = open.popLast()
          i += 1
        default:
          i += 1
        }
        atLineStart = false
      }
      return nil
    }

    /// Skips the string opening at `i` (basic, literal, or either multi-line kind).
    mutating func skipString() {
      let quote = c[i]
      let triple = at(i + 1) == quote && at(i + 2) == quote
      i += triple ? 3 : 1
      while i < c.count {
        let s = c[i]
        if quote == "\"" && s == "\\" {
          if at(i + 1) == "\n" { line += 1 }
          i += 2
          continue
        }
        if s == "\n" {
          if !triple { return }  // unterminated: toml++ reports it
          line += 1
        }
        if s == quote {
          if !triple {
            i += 1
            return
          }
          if at(i + 1) == quote && at(i + 2) == quote {
            i += 3
            // Up to two more quotes are the string's own last characters.
            while at(i) == quote { i += 1 }
            return
          }
        }
        i += 1
      }
    }
  }
}

/// Text made safe to write into an XML document: the markup characters as entity
/// references, and in attribute values the blanks a reader would otherwise turn into spaces
/// (XML 1.0 §3.3.3) as character references.
///
/// Characters XML cannot hold at all (most controls) are refused before this
/// (`XMPEdit.textProblem`); any that reach it are dropped, so the output is always
/// well formed.
enum XMLEscaping {
  /// `text` as element content.
  static func text(_ text: String) -> String {
    escape(text, attribute: false)
  }

  /// `text` as an attribute value between double or single quotes.
  static func attribute(_ text: String) -> String {
    escape(text, attribute: true)
  }

  private static func escape(_ text: String, attribute: Bool) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where attribute: out += "&quot;"
      case "'" where attribute: out += "&apos;"
      // A carriage return is read back as a line feed unless it is a reference.
      case "\r": out += "&#xD;"
      case "\n" where attribute: out += "&#xA;"
      case "\t" where attribute: out += "&#x9;"
      case "\n", "\t": out.unicodeScalars.append(scalar)
      default:
        let v = scalar.value
        if v < 0x20 || v == 0xFFFE || v == 0xFFFF { continue }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

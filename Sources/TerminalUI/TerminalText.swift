/// The one gate through which text read from files (names, EXIF strings, album titles)
/// enters a frame: control characters become visible escapes so nothing can reach the
/// terminal as a command, and widths are measured the way terminals draw them.
public enum TerminalText {
  /// `text` with every C0/C1 control, DEL and bidirectional override made visible
  /// (`\e`, `\x07`, `\u202E`).
  public static func sanitize(_ text: String) -> String {
    var needsWork = false
    for scalar in text.unicodeScalars where isUnsafe(scalar) {
      needsWork = true
      break
    }
    guard needsWork else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        out.append(contentsOf: escape(scalar).unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// True for scalars that could act on a terminal or reorder the text around them.
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
      || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
  }

  static func escape(_ scalar: Unicode.Scalar) -> String {
    let v = scalar.value
    if v == 0x1B { return "\\e" }
    let hex = String(v, radix: 16, uppercase: true)
    if v <= 0xFF { return "\\x" + (hex.count < 2 ? "0" + hex : hex) }
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Columns a grapheme takes: 0 for lone combining marks, 2 for East Asian wide and emoji.
  public static func width(of grapheme: Character) -> Int {
    guard let first = grapheme.unicodeScalars.first else { return 0 }
    let props = first.properties
    switch props.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if props.isEmojiPresentation { return 2 }
    if grapheme.unicodeScalars.contains(where: { $0.value == 0xFE0F }) && props.isEmoji { return 2 }
    return isWide(first.value) ? 2 : 1
  }

  /// Columns `text` takes.
  public static func width(of text: String) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  /// `text` cut to at most `columns`, ending in "…" when it was cut.
  public static func truncate(_ text: String, toWidth columns: Int) -> String {
    guard columns > 0 else { return "" }
    if width(of: text) <= columns { return text }
    var out = ""
    var used = 0
    for ch in text {
      let w = width(of: ch)
      if used + w > columns - 1 { break }
      out.append(ch)
      used += w
    }
    return out + "…"
  }

  /// East Asian Wide and Fullwidth ranges (Unicode 15, the blocks terminals draw wide).
  static func isWide(_ v: UInt32) -> Bool {
    switch v {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}

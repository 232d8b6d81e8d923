/// Text folded for matching place names: lower case, accents off, so that "zurich" finds
/// Zürich and "krakow" Kraków whatever the keyboard.
///
/// Without Foundation (PhotoModel links none): a letter's accents come off by its Unicode
/// name ("LATIN SMALL LETTER U WITH DIAERESIS" is a "u"), combining marks are dropped, and
/// the few letters no name reduces (sharp s, thorn, oe…) are spelled out from a table.
public enum PlaceFolding {
  /// `text` lower-cased, accents taken off, the letters that do not decompose spelled out.
  public static func folded(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars {
      if scalar.isASCII {
        out.append(scalar)
        continue
      }
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .enclosingMark, .spacingMark: continue
      default: break
      }
      if let spelled = spelledOut[scalar] {
        out.append(contentsOf: spelled.unicodeScalars)
      } else if let base = baseLetter(of: scalar) {
        out.append(contentsOf: base.unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// The Latin letter a precomposed one is made from, by its name: "LATIN SMALL LETTER O
  /// WITH STROKE" → "o", "LATIN SMALL LETTER AE" → "ae"; nil for anything else.
  static func baseLetter(of scalar: Unicode.Scalar) -> String? {
    guard let name = scalar.properties.name else { return nil }
    for prefix in ["LATIN SMALL LETTER ", "LATIN CAPITAL LETTER "] where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      let letter = rest.split(separator: " ", maxSplits: 1).first ?? ""
      let isWith = rest.count == letter.count || rest.dropFirst(letter.count).hasPrefix(" WITH ")
      guard isWith, (1...2).contains(letter.count), letter.allSatisfy({ $0.isASCII && $0.isLetter })
      else { return nil }
      return letter.lowercased()
    }
    return nil
  }

  /// Sharp s, thorn, eth, oe, dotless i, kra, and the apostrophes of Hawai'i and
  /// Nuku'alofa (escaped: not every console font the views are checked against draws them).
  private static let spelledOut: [Unicode.Scalar: String] = [
    "\u{DF}": "ss", "\u{FE}": "th", "\u{F0}": "d", "\u{153}": "oe", "\u{131}": "i",
    "\u{138}": "k", "\u{2019}": "'", "\u{2BB}": "'", "\u{2BC}": "'",
  ]
}

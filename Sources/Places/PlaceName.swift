import Foundation

/// Place names for matching typed text: "zurich" finds Zürich, "krakow" Kraków, "lodz" Łódź.
public enum PlaceName {
  /// `name` lower-cased with its accents taken off (canonical decomposition, combining marks
  /// dropped) and the Latin letters that do not decompose spelled out (ø → o, ł → l, ß → ss,
  /// æ → ae…), so that what a user can type on any keyboard matches.
  public static func folded(_ name: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in name.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
      // Combining diacritical marks (and their supplement and extended blocks).
      if (0x300...0x36F).contains(scalar.value) || (0x1AB0...0x1AFF).contains(scalar.value)
        || (0x1DC0...0x1DFF).contains(scalar.value)
      {
        continue
      }
      if let spelled = spelledOut[scalar] {
        out.append(contentsOf: spelled.unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// Whether `name` contains `text`, both folded: "zur" matches "Zürich".
  public static func matches(_ name: String, _ text: String) -> Bool {
    let text = folded(text)
    return text.isEmpty || folded(name).contains(text)
  }

  private static let spelledOut: [Unicode.Scalar: String] = [
    "ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ŀ": "l", "ŧ": "t",
    "ß": "ss", "æ": "ae", "œ": "oe", "þ": "th", "’": "'", "ʻ": "'", "ʼ": "'",
  ]
}

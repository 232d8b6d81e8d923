/// The camera as people name it: "Canon EOS 40D", "Nikon E950", "Samsung SM-G930F".
///
/// EXIF Make is often a company's legal name ("NIKON CORPORATION") and Model often repeats
/// the make ("Canon EOS 40D" after "Canon"), so joining the two verbatim gives "Canon Canon
/// EOS 40D". Photos and exiftool's Model show the model alone in that case; so does this.
public enum CameraName {
  /// Legal or shouting make strings, lower-cased, and the brand they stand for.
  static let brands: [String: String] = [
    "nikon corporation": "Nikon", "nikon": "Nikon",
    "olympus imaging corp.": "Olympus", "olympus corporation": "Olympus",
    "olympus optical co.,ltd": "Olympus", "olympus": "Olympus",
    "om digital solutions": "OM System",
    "samsung": "Samsung", "samsung techwin": "Samsung", "samsung techwin co., ltd.": "Samsung",
    "eastman kodak company": "Kodak", "kodak": "Kodak",
    "pentax corporation": "Pentax", "pentax": "Pentax", "pentax digital camera": "Pentax",
    "ricoh imaging company, ltd.": "Ricoh", "ricoh": "Ricoh",
    "fujifilm": "Fujifilm", "fujifilm corporation": "Fujifilm",
    "sony": "Sony", "sony corporation": "Sony",
    "casio computer co.,ltd.": "Casio", "casio computer co.,ltd": "Casio",
    "minolta co., ltd.": "Minolta", "konica minolta": "Konica Minolta",
    "konica minolta camera, inc.": "Konica Minolta",
    "leica camera ag": "Leica", "leica": "Leica",
    "huawei": "Huawei", "xiaomi": "Xiaomi", "lge": "LG", "oneplus": "OnePlus",
    "hasselblad": "Hasselblad", "sigma": "Sigma", "dji": "DJI", "gopro": "GoPro",
    "canon": "Canon", "apple": "Apple", "google": "Google", "panasonic": "Panasonic",
  ]

  /// The brand for a Make string: "NIKON CORPORATION" → "Nikon"; unknown makes are
  /// returned trimmed, as written. Nil for nil or blank.
  public static func brand(_ make: String?) -> String? {
    guard let make = trimmed(make) else { return nil }
    return brands[make.lowercased()] ?? make
  }

  /// The display string for a Make and a Model: the brand and the model, or the model alone
  /// when it already starts with the brand (case-insensitively: "NIKON D70" after "Nikon").
  /// Nil when both are missing or blank.
  public static func display(make: String?, model: String?) -> String? {
    let brand = brand(make)
    guard let model = trimmed(model) else { return brand }
    guard let brand else { return model }
    return startsWithWord(model, brand) ? model : brand + " " + model
  }

  /// True when `text` starts with `prefix` (any case), followed by the end or a non-letter.
  static func startsWithWord(_ text: String, _ prefix: String) -> Bool {
    let t = Array(text.lowercased())
    let p = Array(prefix.lowercased())
    guard t.count >= p.count, Array(t[0..<p.count]) == p else { return false }
    return t.count == p.count || !t[p.count].isLetter
  }

  private static func trimmed(_ text: String?) -> String? {
    // Spaces and NULs only: Make and Model are ASCII padded either way (no Foundation here).
    let isPad: (Character) -> Bool = { $0 == " " || $0 == "\0" }
    guard let text, let first = text.firstIndex(where: { !isPad($0) }),
      let last = text.lastIndex(where: { !isPad($0) })
    else { return nil }
    return String(text[first...last])
  }
}

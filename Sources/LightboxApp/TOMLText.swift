/// Checks settings text before it reaches TOMLKit.
///
/// TOML allows no control character but tab and line ends. toml++ (inside TOMLKit) aborts
/// on an assertion for some of them in a table header (found by fuzzing the theme parser),
/// and a NUL would cut the text short on its way to C; config.toml and theme files both go
/// through here first.
enum TOMLText {
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
}

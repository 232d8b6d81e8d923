import Foundation

/// Key positions: the line a problem names, found in the text since the parsed table has
/// none.
extension ConfigLoader {
  /// Finds the line of a key in TOML text (TOMLKit keeps no positions for values): the line
  /// that starts with the key, bare or quoted, then `=`, inside the right `[table]`.
  struct KeyLines {
    /// Each line's table and its key, 1-based by index + 1.
    private var entries: [(table: String?, key: String?)] = []

    init(_ text: String) {
      var table: String?
      for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let line = raw.drop { $0 == " " || $0 == "\t" }
        if line.hasPrefix("[") && !line.hasPrefix("[[") {
          let name = line.dropFirst().prefix { $0 != "]" }
          table = KeyLines.unquote(name.trimmingCharacters(in: .whitespaces))
          entries.append((table, nil))
          continue
        }
        guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else {
          entries.append((table, nil))
          continue
        }
        let key = KeyLines.unquote(line[..<equals].trimmingCharacters(in: .whitespaces))
        entries.append((table, key))
      }
    }

    /// The 1-based line of `key` in `table` (nil: top level), or of the table itself when
    /// the key is written some other way (dotted, inline).
    func line(of key: String, in table: String?) -> Int? {
      if let index = entries.firstIndex(where: { $0.table == table && $0.key == key }) {
        return index + 1
      }
      if let table {
        if let index = entries.firstIndex(where: { $0.table == nil && $0.key == "\(table).\(key)" })
        {
          return index + 1
        }
        if let index = entries.firstIndex(where: { $0.table == table && $0.key == nil }) {
          return index + 1
        }
        return line(of: table, in: nil)
      }
      return nil
    }

    private static func unquote(_ text: String) -> String {
      if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first
      {
        return String(text.dropFirst().dropLast())
      }
      return text
    }
  }
}

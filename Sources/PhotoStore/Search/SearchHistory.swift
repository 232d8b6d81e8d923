/// The last queries of the Search tab, for ↑ and ↓ in the field, as a shell's history.
public struct SearchHistory: Hashable, Sendable {
  /// At most this many queries are kept.
  public static let limit = 20

  /// The queries, oldest first, each once.
  public private(set) var entries: [String]
  /// The entry ↑/↓ shows now; nil while the user's own query is in the field.
  public private(set) var position: Int?
  /// The query that was in the field when ↑ first went back, for ↓ to return to.
  public private(set) var draft: String

  public init(entries: [String] = [], position: Int? = nil, draft: String = "") {
    self.entries = entries
    self.position = position
    self.draft = draft
  }

  /// Keeps `query` as the newest entry (moved there when it was already kept), drops the
  /// oldest past the limit, and stops browsing. Blank queries are not kept.
  public mutating func record(_ query: String) {
    position = nil
    draft = ""
    guard !query.allSatisfy({ $0 == " " }) else { return }
    entries.removeAll { $0 == query }
    entries.append(query)
    if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
  }

  /// The entry before the one shown (↑), keeping `current` as the draft when browsing
  /// starts; nil when there is nothing older.
  public mutating func older(than current: String) -> String? {
    let next = (position ?? entries.count) - 1
    guard entries.indices.contains(next) else { return nil }
    if position == nil { draft = current }
    position = next
    return entries[next]
  }

  /// The entry after the one shown (↓), or the draft past the newest; nil when not browsing.
  public mutating func newer() -> String? {
    guard let shown = position else { return nil }
    if shown + 1 < entries.count {
      position = shown + 1
      return entries[shown + 1]
    }
    position = nil
    defer { draft = "" }
    return draft
  }

  /// Stops browsing (the user edits what is shown).
  public mutating func stopBrowsing() {
    position = nil
    draft = ""
  }
}

import PhotoModel

/// The library's `SearchIndex`, kept in the state once the Search tab built it; derived data,
/// so two states compare and hash as if it were not there.
public struct SearchIndexCache: Hashable, Sendable {
  /// The index of `LibraryState.assets` as they are now; nil until a search needs it and
  /// after they change.
  public private(set) var index: SearchIndex?

  /// No index.
  public init() {}

  /// The index of `assets`, built when there is none (the caller drops it when they change).
  mutating func index(of assets: [Asset]) -> SearchIndex? {
    if let index, index.count == assets.count { return index }
    index = SearchIndex(assets)
    return index
  }

  /// Forgets the index (the assets changed, or the Search tab was left).
  mutating func drop() { index = nil }

  public static func == (lhs: SearchIndexCache, rhs: SearchIndexCache) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
}

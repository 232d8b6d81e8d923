import PhotoModel

/// The library's `SearchIndex`, kept in the state once the Search tab built it; derived data,
/// so two states compare and hash as if it were not there.
public struct SearchIndexCache: Hashable, Sendable {
  /// The index of `LibraryState.assets` as they are now; nil until a search needs it and
  /// after they change.
  public private(set) var index: SearchIndex?
  /// The index of the photos' tags (`LibraryState.tags` over `assets`); nil until a search
  /// needs it and after the photos or their tags change.
  public private(set) var tagIndex: TagSearchIndex?

  /// No index.
  public init() {}

  /// The index of `assets`, built when there is none (the caller drops it when they change).
  mutating func index(of assets: [Asset]) -> SearchIndex? {
    if let index, index.count == assets.count { return index }
    index = SearchIndex(assets)
    return index
  }

  /// The tag index of `assets` and `tags`, built when there is none (the caller drops it
  /// when they change).
  mutating func tagIndex(of assets: [Asset], tags: PhotoTags) -> TagSearchIndex {
    if let tagIndex, tagIndex.count == assets.count { return tagIndex }
    let built = TagSearchIndex(assets, tags: tags)
    tagIndex = built
    return built
  }

  /// Forgets the indexes (the assets changed, or the Search tab was left).
  mutating func drop() {
    index = nil
    tagIndex = nil
  }

  /// Forgets the tag index alone (the tags changed).
  mutating func dropTags() { tagIndex = nil }

  public static func == (lhs: SearchIndexCache, rhs: SearchIndexCache) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
}

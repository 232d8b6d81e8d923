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
  /// The index of the photos' people's names (`LibraryState.people`); nil until a search
  /// needs it and after the photos or their people change.
  public private(set) var peopleIndex: TagSearchIndex?
  /// The index of the photos' titles and captions (`LibraryState.captions`), the same way.
  public private(set) var captionIndex: TagSearchIndex?

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

  /// The people's index of `assets` and `people`, built when there is none.
  mutating func peopleIndex(of assets: [Asset], people: PhotoPeople) -> TagSearchIndex {
    if let peopleIndex, peopleIndex.count == assets.count { return peopleIndex }
    let built = TagSearchIndex.people(assets, people: people)
    peopleIndex = built
    return built
  }

  /// The captions' index of `assets` and `captions`, built when there is none.
  mutating func captionIndex(of assets: [Asset], captions: PhotoCaptions) -> TagSearchIndex {
    if let captionIndex, captionIndex.count == assets.count { return captionIndex }
    let built = TagSearchIndex.captions(assets, captions: captions)
    captionIndex = built
    return built
  }

  /// Forgets the indexes (the assets changed, or the Search tab was left).
  mutating func drop() {
    index = nil
    dropTags()
  }

  /// Forgets the indexes of tags, people and captions (one of them changed).
  mutating func dropTags() {
    tagIndex = nil
    peopleIndex = nil
    captionIndex = nil
  }

  public static func == (lhs: SearchIndexCache, rhs: SearchIndexCache) -> Bool { true }
  public func hash(into hasher: inout Hasher) {}
}

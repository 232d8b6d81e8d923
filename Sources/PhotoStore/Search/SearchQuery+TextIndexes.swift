import PhotoModel

extension SearchQuery {
  /// The folded texts a search reads beside the photos: their tags, their people's names
  /// and their titles and captions (each nil when the library has none, or when not needed).
  public struct TextIndexes: Sendable {
    public var tags: TagSearchIndex?
    public var people: TagSearchIndex?
    public var captions: TagSearchIndex?

    public init(
      tags: TagSearchIndex? = nil, people: TagSearchIndex? = nil, captions: TagSearchIndex? = nil
    ) {
      self.tags = tags
      self.people = people
      self.captions = captions
    }

    /// Marks in `hits` the photos whose tag level holds `word`, or one of whose people's
    /// names or whose title or caption has a word starting with it.
    func mark(word: String, in hits: inout [Bool]) {
      tags?.mark(tagged: word, wholeLevel: false, in: &hits)
      people?.mark(word, match: .wordStart, in: &hits)
      captions?.mark(word, match: .wordStart, in: &hits)
    }
  }
}

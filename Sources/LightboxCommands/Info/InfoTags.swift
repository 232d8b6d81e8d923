import PhotoMetadata

/// What `lightbox info` shows of a photo's XMP and IPTC: tags, rating, label, title,
/// caption and people, from its sidecars over what it embeds (`XMPReader`).
///
/// Kept apart from `InfoCommand.Report`'s own fields: the report holds one value of this
/// type, encodes its keys beside its own and prints its lines under its own.
public struct InfoTags: Sendable, Equatable, Encodable {
  /// The keywords (`dc:subject`, else IPTC).
  public var keywords: [String] = []
  /// Hierarchical paths and the keywords no path holds, "/"-joined ("Places/Japan/Kyoto").
  public var tags: [String] = []
  /// 1 to 5, 0 unrated, -1 rejected; nil when not written.
  public var rating: Int?
  public var label: String?
  public var title: String?
  public var caption: String?
  /// The names of the named face regions.
  public var people: [String] = []
  /// The sidecars read, the one that wins first.
  public var sidecars: [String] = []
  /// What is wrong with the XMP read, one line per packet (what could be read is shown).
  public var xmpProblems: [String] = []

  public init() {}

  /// The tags of `reading`.
  public init(_ reading: XMPReader.Reading) {
    let m = reading.metadata
    keywords = m.keywords ?? []
    tags = m.tagPaths.map { $0.joined(separator: "/") }
    rating = m.rating
    label = m.label
    title = m.title
    caption = m.caption
    people = m.people
    sidecars = reading.sidecars
    xmpProblems = reading.isPacketFile ? [] : reading.problems
  }

  enum CodingKeys: String, CodingKey {
    case keywords, tags, rating, label, title, caption, people, sidecars, xmpProblems
  }

  /// Every key, null or empty when absent (the report's keys are always present too).
  public func encode(to encoder: Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(keywords, forKey: .keywords)
    try c.encode(tags, forKey: .tags)
    try c.encode(rating, forKey: .rating)
    try c.encode(label, forKey: .label)
    try c.encode(title, forKey: .title)
    try c.encode(caption, forKey: .caption)
    try c.encode(people, forKey: .people)
    try c.encode(sidecars, forKey: .sidecars)
    try c.encode(xmpProblems, forKey: .xmpProblems)
  }

  /// The readable lines, only for what is there, each "  name: value" (an unrated photo
  /// shows no rating line).
  public var lines: [String] {
    var lines: [String] = []
    func add(_ name: String, _ value: String?) {
      guard let value, !value.isEmpty else { return }
      // A caption's line breaks would break the layout: one line per field.
      let flat = value.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ")
      lines.append("  \(name): \(flat)")
    }
    add("tags", tags.joined(separator: ", "))
    add("rating", rating.flatMap(Self.ratingText))
    add("label", label)
    add("title", title)
    add("caption", caption)
    add("people", people.joined(separator: ", "))
    add(sidecars.count == 1 ? "sidecar" : "sidecars", sidecars.joined(separator: ", "))
    for problem in xmpProblems { add("problem", problem) }
    return lines
  }

  /// "rejected", "1 star", "4 stars"; nil for unrated.
  static func ratingText(_ rating: Int) -> String? {
    switch rating {
    case ..<0: "rejected"
    case 0: nil
    case 1: "1 star"
    default: "\(rating) stars"
    }
  }
}

import PhotoModel

/// A node of the Tags collection: every tag, or one level of the keyword hierarchy
/// ("Places", "Japan"), or the photos of one.
///
/// A node with tags under it opens as a level of cards (its tags, and first "All", which
/// opens every photo tagged at or under it); one without opens as a grid of its photos.
public struct TagPath: Hashable, Sendable {
  /// The parts from the root ("Places", "Japan", "Kyoto"); none for every tag.
  public let parts: [String]
  /// True for the "All" card of a level: it opens the photos, not the level.
  public let isWhole: Bool

  /// Every tag: the collection's card among the albums.
  public static let all = TagPath(parts: [])

  public init(parts: [String], isWhole: Bool = false) {
    self.parts = parts
    self.isWhole = isWhole
  }

  /// 0 every tag, 1 a top-level tag, and so on.
  public var level: Int { parts.count }

  /// The level one up (from a top-level tag, every tag), or nil from every tag.
  public var parent: TagPath? {
    parts.isEmpty ? nil : TagPath(parts: Array(parts.dropLast()))
  }

  /// The node as a level (not its "All" card).
  public var node: TagPath { TagPath(parts: parts) }

  /// One level down, into `part`.
  public func child(_ part: String) -> TagPath { TagPath(parts: parts + [part]) }

  /// The name shown on its card: "Tags", "All", or the last part.
  public var title: String {
    if isWhole { return "All" }
    return parts.last ?? "Tags"
  }

  /// "Tags › Places › Japan": where it is, for the Albums tab's header.
  public var trail: String {
    (["Tags"] + parts).joined(separator: " › ")
  }

  /// True when a photo tagged `path` is in it (at it or under it; every tag is in `all`).
  public func contains(_ path: [String]) -> Bool {
    path.count >= parts.count && path.starts(with: parts)
  }
}

/// What XMP (and IPTC) say about a photo that a library shows and searches: keywords, the
/// keyword hierarchy, rating, colour label, title, caption and named regions (people).
///
/// A field is nil when no packet wrote it; an empty array is an array that was written
/// empty (a sidecar that took every keyword away). That distinction is what lets a sidecar
/// win over the embedded packet field by field (`overlaid(by:)`).
public struct XMPMetadata: Sendable, Equatable, Codable {
  /// `dc:subject` (or IPTC 2:25 Keywords when the file has no `dc:subject`).
  public var keywords: [String]?
  /// `lr:hierarchicalSubject` (split at `|`) and `digiKam:TagsList` (split at `/`), as
  /// paths from the root ("Places", "Japan", "Kyoto"), without duplicates.
  public var hierarchicalKeywords: [[String]]?
  /// `xmp:Rating`: 1 to 5 stars, 0 unrated, -1 rejected.
  public var rating: Int?
  /// `xmp:Label` ("Red", "Approved"…).
  public var label: String?
  /// `dc:title` (its `x-default` alternative, else the first).
  public var title: String?
  /// `dc:description`, the caption (its `x-default` alternative, else the first).
  public var caption: String?
  /// `mwg-rs:Regions` and `MP:RegionInfo` regions.
  public var regions: [XMPRegion]?

  public init() {}

  /// True when no field was read.
  public var isEmpty: Bool { self == XMPMetadata() }

  /// The rating that means "rejected" in Lightroom, darktable and digiKam.
  public static let rejected = -1

  /// These fields, with each field `sidecar` has replacing this one's (the sidecar wins
  /// field by field, as exiftool and digiKam read a photo with a sidecar).
  public func overlaid(by sidecar: XMPMetadata) -> XMPMetadata {
    var merged = self
    if let value = sidecar.keywords { merged.keywords = value }
    if let value = sidecar.hierarchicalKeywords { merged.hierarchicalKeywords = value }
    if let value = sidecar.rating { merged.rating = value }
    if let value = sidecar.label { merged.label = value }
    if let value = sidecar.title { merged.title = value }
    if let value = sidecar.caption { merged.caption = value }
    if let value = sidecar.regions { merged.regions = value }
    return merged
  }

  /// The tags to show: every hierarchical path, then the keywords that are no part of any
  /// path (Lightroom and darktable write each path's parts as keywords too).
  public var tagPaths: [[String]] {
    let paths = hierarchicalKeywords ?? []
    let parts = Set(paths.joined())
    var seen = Set<String>()
    let flat = (keywords ?? []).filter { !parts.contains($0) && seen.insert($0).inserted }
    return paths + flat.map { [$0] }
  }

  /// The names of the people in named face regions, each once, in the order written.
  public var people: [String] {
    var seen = Set<String>()
    return (regions ?? []).compactMap { $0.isNamedPerson ? $0.name : nil }.filter {
      seen.insert($0).inserted
    }
  }
}

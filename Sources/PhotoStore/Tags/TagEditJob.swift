import PhotoModel

/// A change to photos' XMP tags, rating or caption (t, s, C), written into their sidecars by
/// the runner, which answers `.library(.tagsEdited)`.
public struct TagEditJob: Hashable, Sendable {
  public var ids: [AssetID]
  /// The files, in the order of `ids`.
  public var paths: [String]
  /// Tags to add, paths from the root (`["Places", "Japan", "Kyoto"]`).
  public var addTags: [[String]]
  /// Tags to remove (the exact paths).
  public var removeTags: [[String]]
  /// The rating to set: 0 to 5 stars, −1 rejected; nil leaves it.
  public var rating: Int?
  /// The caption to set (`dc:description`, x-default); empty removes it, nil leaves it.
  public var caption: String?
  /// The colour label to set ("Red"); nil leaves it.
  public var label: String?

  public init(
    ids: [AssetID], paths: [String], addTags: [[String]] = [], removeTags: [[String]] = [],
    rating: Int? = nil, caption: String? = nil, label: String? = nil
  ) {
    self.ids = ids
    self.paths = paths
    self.addTags = addTags
    self.removeTags = removeTags
    self.rating = rating
    self.caption = caption
    self.label = label
  }
}

/// A sidecar as it was before Lightbox wrote it: what u puts back, byte for byte.
public struct SidecarSnapshot: Hashable, Sendable {
  /// The photo it belongs to.
  public var photo: AssetID
  public var photoPath: String
  /// The sidecar's path.
  public var sidecar: String
  /// Its bytes before the write; nil when the write created it (u removes it).
  public var bytes: [UInt8]?
  /// True when the write went into the photo's own XMP (`xmp-write = embedded`): `sidecar`
  /// is then the photo and `bytes` a JPEG's XMP packet before (nil: u removes the segment)
  /// or a HEIF's undo record (its old `meta` box and length).
  public var isEmbedded: Bool

  public init(
    photo: AssetID, photoPath: String, sidecar: String, bytes: [UInt8]?, isEmbedded: Bool = false
  ) {
    self.photo = photo
    self.photoPath = photoPath
    self.sidecar = sidecar
    self.bytes = bytes
    self.isEmbedded = isEmbedded
  }
}

/// A photo's tags, rating, label and caption as read back from its files after a write.
public struct PhotoTagValues: Hashable, Sendable {
  public var id: AssetID
  public var tags: [[String]]
  public var rating: Int
  public var label: String?
  /// `dc:description`; nil when the photo has none.
  public var caption: String?

  public init(
    id: AssetID, tags: [[String]], rating: Int, label: String?, caption: String? = nil
  ) {
    self.id = id
    self.tags = tags
    self.rating = rating
    self.label = label
    self.caption = caption
  }
}

/// What came of a `TagEditJob` (or of putting sidecars back): each changed photo's values as
/// now read, the sidecars as they were before (for u), one line for each photo that failed.
public struct TagEditOutcome: Hashable, Sendable {
  /// True when this put sidecars back (u): nothing to undo after it.
  public var isUndo: Bool
  /// What was asked ("Kyoto", "4 stars"), for the status line; empty for an undo.
  public var what: String
  public var photos: [PhotoTagValues]
  public var before: [SidecarSnapshot]
  public var failures: [String]
  /// Lines about photos written elsewhere than asked (`xmp-write = embedded` and a PNG:
  /// its sidecar), for the status line.
  public var notes: [String]

  public init(
    isUndo: Bool, what: String, photos: [PhotoTagValues], before: [SidecarSnapshot],
    failures: [String], notes: [String] = []
  ) {
    self.isUndo = isUndo
    self.what = what
    self.photos = photos
    self.before = before
    self.failures = failures
    self.notes = notes
  }
}

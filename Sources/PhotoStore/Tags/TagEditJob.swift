import PhotoModel

/// A change to photos' XMP tags or rating (t, s), written into their sidecars by the runner,
/// which answers `.library(.tagsEdited)`.
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
  /// The colour label to set ("Red"); nil leaves it.
  public var label: String?

  public init(
    ids: [AssetID], paths: [String], addTags: [[String]] = [], removeTags: [[String]] = [],
    rating: Int? = nil, label: String? = nil
  ) {
    self.ids = ids
    self.paths = paths
    self.addTags = addTags
    self.removeTags = removeTags
    self.rating = rating
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

  public init(photo: AssetID, photoPath: String, sidecar: String, bytes: [UInt8]?) {
    self.photo = photo
    self.photoPath = photoPath
    self.sidecar = sidecar
    self.bytes = bytes
  }
}

/// A photo's tags, rating and label as read back from its files after a write.
public struct PhotoTagValues: Hashable, Sendable {
  public var id: AssetID
  public var tags: [[String]]
  public var rating: Int
  public var label: String?

  public init(id: AssetID, tags: [[String]], rating: Int, label: String?) {
    self.id = id
    self.tags = tags
    self.rating = rating
    self.label = label
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

  public init(
    isUndo: Bool, what: String, photos: [PhotoTagValues], before: [SidecarSnapshot],
    failures: [String]
  ) {
    self.isUndo = isUndo
    self.what = what
    self.photos = photos
    self.before = before
    self.failures = failures
  }
}

/// The XMP tags and colour labels of every photo in the library: each tag path kept once,
/// each photo's tags as indices into them.
///
/// A library of a million photos holds this beside its assets, so no photo holds strings:
/// the photos with tags are one sorted array of ids, and their tags one flat array of
/// 32-bit indices cut by offsets (a few bytes per tag a photo has; DECISIONS.md,
/// 2026-11-28). Tags are paths from the root (`["Places", "Japan", "Kyoto"]`); a flat
/// keyword is a one-part path.
public struct PhotoTags: Hashable, Sendable {
  /// Every tag path, each once; a photo's tags are indices into it.
  public private(set) var paths: [[String]]
  /// The photos with at least one tag, ascending.
  public private(set) var photoIDs: [AssetID]
  /// Where each photo's tags start in `tagIndices` (one more entry than `photoIDs`).
  private var starts: [UInt32]
  /// Every photo's tag indices, photo after photo.
  private var tagIndices: [UInt32]
  /// The photos' colour labels (`xmp:Label`: "Red", "Approved"…); few photos have one.
  public private(set) var labels: [AssetID: String]

  /// No tags and no labels.
  public init() {
    paths = []
    photoIDs = []
    starts = [0]
    tagIndices = []
    labels = [:]
  }

  /// The tags `paths` and each photo's indices into them (`photos`, in any order; a photo
  /// given twice keeps its last list), with the photos' labels.
  public init(
    paths: [[String]], photos: [(id: AssetID, tags: [Int])], labels: [AssetID: String] = [:]
  ) {
    self.init()
    self.paths = paths
    self.labels = labels
    var sorted = photos.filter { !$0.tags.isEmpty }
    sorted.sort { $0.id < $1.id }
    photoIDs.reserveCapacity(sorted.count)
    starts.reserveCapacity(sorted.count + 1)
    for photo in sorted {
      if photoIDs.last == photo.id {
        photoIDs.removeLast()
        starts.removeLast()
        tagIndices.removeSubrange(Int(starts[starts.count - 1])...)
      }
      photoIDs.append(photo.id)
      tagIndices.append(contentsOf: photo.tags.map { UInt32($0) })
      starts.append(UInt32(tagIndices.count))
    }
  }

  /// The tags `paths` and the photos' tags as (photo, tag index) pairs sorted by photo (as
  /// the catalog reads them): built in one pass, without a list per photo.
  public init(
    paths: [[String]], sortedPhotoIDs ids: [AssetID], tagIndices tags: [UInt32],
    labels: [AssetID: String] = [:]
  ) {
    self.init()
    self.paths = paths
    self.labels = labels
    tagIndices = tags
    for (i, id) in ids.enumerated() where photoIDs.last != id {
      if !photoIDs.isEmpty { starts.append(UInt32(i)) }
      photoIDs.append(id)
    }
    starts.append(UInt32(tags.count))
    if photoIDs.isEmpty { starts = [0] }
  }

  /// True when no photo has a tag or a label.
  public var isEmpty: Bool { photoIDs.isEmpty && labels.isEmpty }

  /// How many photos have at least one tag.
  public var taggedPhotoCount: Int { photoIDs.count }

  /// The tag indices of the photo `id` (into `paths`), empty when it has none.
  public func tagIndices(of id: AssetID) -> ArraySlice<UInt32> {
    guard let row = row(of: id) else { return [] }
    return tagIndices[Int(starts[row])..<Int(starts[row + 1])]
  }

  /// The tag paths of the photo `id`, in the order written.
  public func tags(of id: AssetID) -> [[String]] {
    tagIndices(of: id).map { paths[Int($0)] }
  }

  /// The colour label of the photo `id`, nil when it has none.
  public func label(of id: AssetID) -> String? { labels[id] }

  /// Calls `body` with each tagged photo's id and its tag indices, in id order: what
  /// counting and searching read, without a lookup per photo.
  public func forEachPhoto(_ body: (AssetID, ArraySlice<UInt32>) -> Void) {
    for row in photoIDs.indices {
      body(photoIDs[row], tagIndices[Int(starts[row])..<Int(starts[row + 1])])
    }
  }

  /// These tags with the photo `id`'s tags replaced by `tags` (new paths added) and its label
  /// by `label` when given (an empty label removes it).
  public func setting(_ tags: [[String]], for id: AssetID, label: String? = nil) -> PhotoTags {
    var copy = self
    copy.set(tags, for: [id])
    if let label { copy.labels[id] = label.isEmpty ? nil : label }
    return copy
  }

  /// Replaces the tags of the photos `ids` (each gets `tags`), adding new paths. One pass
  /// over the whole table: edits are few and small next to a library load.
  public mutating func set(_ tags: [[String]], for ids: Set<AssetID>) {
    set(Dictionary(uniqueKeysWithValues: ids.map { ($0, tags) }))
  }

  /// Replaces the tags of each photo in `changes` by its list, adding new paths.
  public mutating func set(_ changes: [AssetID: [[String]]]) {
    guard !changes.isEmpty else { return }
    var index: [[String]: Int] = [:]
    for (i, path) in paths.enumerated() { index[path] = i }
    func intern(_ path: [String]) -> Int {
      if let i = index[path] { return i }
      paths.append(path)
      index[path] = paths.count - 1
      return paths.count - 1
    }
    var rows: [(id: AssetID, tags: [Int])] = []
    rows.reserveCapacity(photoIDs.count + changes.count)
    for row in photoIDs.indices where changes[photoIDs[row]] == nil {
      rows.append(
        (photoIDs[row], tagIndices[Int(starts[row])..<Int(starts[row + 1])].map(Int.init)))
    }
    // In id order, so that new paths get the same indices whatever the dictionary's order.
    for id in changes.keys.sorted() { rows.append((id, changes[id]!.map(intern))) }
    self = PhotoTags(paths: paths, photos: rows, labels: labels)
  }

  /// Sets or removes (nil or empty) the label of the photo `id`.
  public mutating func setLabel(_ label: String?, for id: AssetID) {
    labels[id] = label?.isEmpty == false ? label : nil
  }

  /// The row of the photo `id` in `photoIDs`, by binary search.
  private func row(of id: AssetID) -> Int? { photoIDs.indexInSorted(id) }
}

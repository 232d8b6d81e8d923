import PhotoModel

/// The library as loaded from the catalog, and the Library tab's own place in it.
public struct LibraryState: Hashable, Sendable {
  /// Every library photo (not hidden, not trashed), oldest first: the Library tab's
  /// timeline. `AppState.assets` is the list the current grid shows (this one, an album,
  /// results).
  public var assets: [Asset] {
    // Any change, in place or whole, leaves the index behind.
    didSet { searchIndex.drop() }
  }
  /// Years → months → days of every photo of `assets` while shut burst stacks leave frames
  /// out of the Library's grid (`AppState.timeline` is then that of the photos shown); nil
  /// when the grid shows every photo (`AppState.timeline` is then this).
  public var unstackedTimeline: Timeline?
  /// The bursts stacked in the Library's grid.
  public var stacks: BurstStacks
  /// The Search tab's index of `assets`, built on its first query.
  public var searchIndex = SearchIndexCache()
  /// Albums, hidden and trashed photos, and the clock, as last loaded.
  public var collections: LibraryCollections
  /// Every photo's XMP tags and colour label, as last loaded (ratings are in the assets).
  public var tags = PhotoTags() {
    didSet { searchIndex.dropTags() }
  }
  /// Every photo's people (named XMP faces), as last loaded.
  public var people = PhotoPeople() {
    didSet { searchIndex.dropTags() }
  }
  /// The titles and captions of the photos that have one, as last loaded (not in the
  /// assets: most photos have none).
  public var captions = PhotoCaptions() {
    didSet { searchIndex.dropTags() }
  }
  /// The captions (`dc:description`) read or written while the browser runs, by photo: the
  /// caption editor starts from them and the info panel shows them. Fresher than
  /// `captions` (the catalog's, loaded again after a write) (DECISIONS.md, 2026-11-28, the caption editor).
  public var captionsRead: [AssetID: String] = [:]
  /// Indexing progress, or ready.
  public var status: LibraryStatus
  /// One line per file or folder that could not be read during the scan.
  public var problems: [String]
  /// Photos whose files decoded only in part (a truncated download), and why: the info
  /// panel and the status line say so.
  public var damaged: [AssetID: String] = [:]
  /// The photos the last delete moved to the Trash (u puts them back).
  public var undoableTrash: [AssetID]
  /// The rotations the last turn replaced (u puts them back); empty when the last undoable
  /// change was a delete.
  public var undoableRotation: [AssetID: Int]
  /// The last date adjustment (u moves the dates back), when it was the last undoable change.
  public var undoableDateShift: DateShiftJob?
  /// The last merge of duplicates (u brings the others back and the keeper's state as it
  /// was), when it was the last undoable change.
  public var undoableMerge: MergeUndo?
  /// The sidecars as they were before the last tag or rating edit (u puts them back), when
  /// it was the last undoable change.
  public var undoableTagEdit: [SidecarSnapshot]?
  /// The Library tab's segment.
  public var segment: LibrarySegment
  /// First visible card row of the Years segment.
  public var yearsTopRow: Int
  /// First visible card row of the Months segment.
  public var monthsTopRow: Int
  /// First visible entry of the Days segment.
  public var daysTopEntry: Int

  /// Nothing loaded yet: indexing, the All segment.
  public init() {
    assets = []
    unstackedTimeline = nil
    stacks = BurstStacks()
    collections = LibraryCollections()
    status = .indexing(done: 0, total: 0)
    problems = []
    undoableTrash = []
    undoableRotation = [:]
    segment = .all
    yearsTopRow = 0
    monthsTopRow = 0
    daysTopEntry = 0
  }
}

import PhotoModel
/// Everything the views draw and the reducer decides on. A value: the reducer returns a new
/// one for every action.
public struct AppState: Hashable, Sendable {
  /// Bumped by every change to a stored property, so a changed state is told from an
  /// unchanged one cheaply. The large properties (the library, the grid's list, the image
  /// requests…) bump on every write: their `didSet` reads no `oldValue`, which keeps a change
  /// in place instead of copying them. The small ones bump only when their value changed,
  /// so a key that moves nothing (the first photo's ←) leaves the revision and draws nothing.
  public private(set) var revision = StateRevision()
  /// The library's root folders.
  public var roots: [String] { didSet { if roots != oldValue { revision.bump() } } }
  /// The library as loaded, and the Library tab's segment and scroll positions.
  public var library: LibraryState { didSet { revision.bump() } }
  /// The Albums tab.
  public var albums: AlbumsState { didSet { revision.bump() } }
  /// The duplicate groups and bursts found, and the review of them.
  public var duplicates: DuplicatesState { didSet { revision.bump() } }
  /// The Search tab's query field.
  public var search: SearchState { didSet { revision.bump() } }
  /// The photos marked with v / V.
  public var marks: MarkState { didSet { revision.bump() } }
  /// A camera card's offer and the import running.
  public var importing: ImportState { didSet { if importing != oldValue { revision.bump() } } }
  /// The detail view's zoom, pan and bars.
  public var detail: DetailState { didSet { if detail != oldValue { revision.bump() } } }
  /// The world map.
  public var map: MapState { didSet { revision.bump() } }
  /// The tab shown (Library, Albums, Search).
  public var tab: Tab { didSet { if tab != oldValue { revision.bump() } } }
  public var screen: Screen { didSet { if screen != oldValue { revision.bump() } } }
  /// The panel or dialog open over the view.
  public var overlay: Overlay? { didSet { if overlay != oldValue { revision.bump() } } }

  /// The photos the current grid shows (the library, an album, results), oldest first
  /// (capture date, then path).
  public var assets: PhotoList { didSet { revision.bump() } }
  /// Years → months → days of `assets`, rebuilt when the list changes.
  public var timeline: Timeline { didSet { revision.bump() } }
  /// The Days segment's entries for the current width.
  public var daysLayout: DaysLayout { didSet { revision.bump() } }
  /// Index into `assets` of the selected photo (0 when the list is empty).
  public var selectedIndex: Int { didSet { if selectedIndex != oldValue { revision.bump() } } }
  /// The grid row (0 = oldest) shown at the top of the grid area.
  public var gridTopRow: Int { didSet { if gridTopRow != oldValue { revision.bump() } } }
  /// Where each grid was left: the selected photo and the top row.
  public var savedPositions: [BrowseContext: SavedPosition] { didSet { revision.bump() } }

  public var terminal: TerminalSize { didSet { if terminal != oldValue { revision.bump() } } }
  /// How many image pixels one cell shows (half-blocks: 1×2).
  public var cellPixelSize: PixelSize {
    didSet { if cellPixelSize != oldValue { revision.bump() } }
  }
  public var preferredTile: TileSize { didSet { if preferredTile != oldValue { revision.bump() } } }
  /// A one-line message for the status line (cleared by the next move).
  public var message: String? {
    didSet {
      guard message != oldValue else { return }
      revision.bump()
      // A new message is neutral unless its sender says it is an error (after setting it).
      messageIsError = false
    }
  }
  /// True when `message` reports a failure (drawn in the error colour); success and neutral
  /// messages ("turned clockwise · u undo") are drawn as the status line.
  public var messageIsError: Bool { didSet { if messageIsError != oldValue { revision.bump() } } }
  /// False once the user quit.
  public var isRunning: Bool { didSet { if isRunning != oldValue { revision.bump() } } }

  /// Every image request that is wanted now, and where it stands.
  public var images: [ImageKey: ImageStatus] { didSet { revision.bump() } }
  /// Requests made ahead at prefetch priority (re-sent as urgent when they come into view).
  public var prefetching: Set<ImageKey> { didSet { revision.bump() } }
  /// Requests whose file read has blocked for a second: their tiles say "waiting for disk".
  public var waitingForDisk: Set<ImageKey> { didSet { revision.bump() } }
  /// The way the grid last scrolled: +1 down (towards newer), -1 up. The row just off-screen
  /// that way is decoded ahead.
  public var scrollDirection: Int { didSet { if scrollDirection != oldValue { revision.bump() } } }

  public init(
    roots: [String], terminal: TerminalSize,
    cellPixelSize: PixelSize = PixelSize(width: 1, height: 2),
    preferredTile: TileSize = .standard
  ) {
    self.roots = roots
    self.library = LibraryState()
    self.albums = AlbumsState()
    self.search = SearchState()
    self.duplicates = DuplicatesState()
    self.importing = ImportState()
    self.marks = MarkState()
    self.detail = DetailState()
    self.map = MapState()
    self.tab = .library
    self.screen = .grid
    self.overlay = nil
    self.assets = []
    self.timeline = Timeline()
    self.daysLayout = DaysLayout()
    self.selectedIndex = 0
    self.gridTopRow = 0
    self.savedPositions = [:]
    self.terminal = terminal
    self.cellPixelSize = cellPixelSize
    self.preferredTile = preferredTile
    self.message = nil
    self.messageIsError = false
    self.isRunning = true
    self.images = [:]
    self.prefetching = []
    self.waitingForDisk = []
    // The grid opens at the newest photos, at the bottom: the way to go is up.
    self.scrollDirection = -1
  }

  /// The grid layout for the current terminal (All, Days, albums and search results;
  /// Recently Deleted has a label row for the days left under each photo).
  public var grid: GridGeometry {
    if isReviewingGroups {
      return GridGeometry(
        terminal: gridTerminal, preferredTile: Self.groupTile, labelRows: Self.groupLabelRows)
    }
    return GridGeometry(
      terminal: gridTerminal, preferredTile: preferredTile,
      labelRows: context == .album(.recentlyDeleted) ? 1 : 0)
  }

  /// The card layout of the Albums tab.
  public var albumsGrid: GridGeometry {
    GridGeometry(terminal: gridTerminal, preferredTile: Self.monthCard, labelRows: 1)
  }

  /// The part of the terminal the grids lay out in: all of it, or with the info panel open
  /// over a grid, what is left of the panel (it sits beside the grid, which flows into the
  /// narrower width: tiles under a panel were blanked to grey boxes, issue 33 item 14).
  public var gridTerminal: TerminalSize {
    guard overlay == .info, screen != .detail else { return terminal }
    let panel = GridGeometry.infoPanelWidth(terminal: terminal)
    return TerminalSize(columns: max(0, terminal.columns - panel), rows: terminal.rows)
  }

  /// Which grid the keys act on now.
  public var context: BrowseContext {
    switch tab {
    case .library: return .library
    case .albums: return albums.open.map { .album($0) } ?? .albumList
    case .search: return .search
    }
  }

  /// The segment the grid is drawn in: the Library's own, else one continuous grid.
  public var activeSegment: LibrarySegment { tab == .library ? library.segment : .all }

  /// How keys are read now.
  public var inputMode: InputMode {
    switch overlay {
    case .prompt?: return .text
    case .confirm?: return .confirm
    case .help?, .info?, .picker?, .importing?: return .normal
    case nil: return tab == .search && search.isEditing ? .text : .normal
    }
  }

  /// Card size of the Years segment: a large key photo and a title row.
  public static let yearCard = TileSize(columns: 30, rows: 12)

  /// Card size of the Months segment.
  public static let monthCard = TileSize(columns: 20, rows: 8)

  /// The card layout of the Years segment.
  public var yearsGrid: GridGeometry {
    GridGeometry(terminal: gridTerminal, preferredTile: Self.yearCard, labelRows: 1)
  }

  /// The card layout of the Months segment.
  public var monthsGrid: GridGeometry {
    GridGeometry(terminal: gridTerminal, preferredTile: Self.monthCard, labelRows: 1)
  }

  /// The index of the selected year card.
  public var selectedYear: Int? { timeline.yearIndex(ofAsset: selectedIndex) }

  /// The index of the selected month card.
  public var selectedMonth: Int? { timeline.monthIndex(ofAsset: selectedIndex) }

  /// The selected photo, when the library is not empty.
  public var selectedAsset: Asset? {
    assets.indices.contains(selectedIndex) ? assets[selectedIndex] : nil
  }
}

import PhotoModel
/// Everything the views draw and the reducer decides on. A value: the reducer returns a new
/// one for every action.
public struct AppState: Hashable, Sendable {
  /// The library's root folders.
  public var roots: [String]
  /// The library as loaded, and the Library tab's segment and scroll positions.
  public var library: LibraryState
  /// The Albums tab.
  public var albums: AlbumsState
  /// The Search tab's query field.
  public var search: SearchState
  /// The photos marked with v / V.
  public var marks: MarkState
  /// The detail view's zoom, pan and bars.
  public var detail: DetailState
  /// The tab shown (Library, Albums, Search).
  public var tab: Tab
  public var screen: Screen
  /// The panel or dialog open over the view.
  public var overlay: Overlay?

  /// The photos the current grid shows (the library, an album, results), oldest first
  /// (capture date, then path).
  public var assets: PhotoList
  /// Years → months → days of `assets`, rebuilt when the list changes.
  public var timeline: Timeline
  /// The Days segment's entries for the current width.
  public var daysLayout: DaysLayout
  /// Index into `assets` of the selected photo (0 when the list is empty).
  public var selectedIndex: Int
  /// The grid row (0 = oldest) shown at the top of the grid area.
  public var gridTopRow: Int
  /// Where each grid was left: the selected photo and the top row.
  public var savedPositions: [BrowseContext: SavedPosition]

  public var terminal: TerminalSize
  /// How many image pixels one cell shows (half-blocks: 1×2).
  public var cellPixelSize: PixelSize
  public var preferredTile: TileSize
  /// A one-line message for the status line (cleared by the next move).
  public var message: String?
  /// False once the user quit.
  public var isRunning: Bool

  /// Every image request that is wanted now, and where it stands.
  public var images: [ImageKey: ImageStatus]
  /// Requests made ahead at prefetch priority (re-sent as urgent when they come into view).
  public var prefetching: Set<ImageKey>
  /// Requests whose file read has blocked for a second: their tiles say "waiting for disk".
  public var waitingForDisk: Set<ImageKey>
  /// The way the grid last scrolled: +1 down (towards newer), -1 up. The row just off-screen
  /// that way is decoded ahead.
  public var scrollDirection: Int

  public init(
    roots: [String], terminal: TerminalSize,
    cellPixelSize: PixelSize = PixelSize(width: 1, height: 2),
    preferredTile: TileSize = .standard
  ) {
    self.roots = roots
    self.library = LibraryState()
    self.albums = AlbumsState()
    self.search = SearchState()
    self.marks = MarkState()
    self.detail = DetailState()
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
    GridGeometry(
      terminal: terminal, preferredTile: preferredTile,
      labelRows: context == .album(.recentlyDeleted) ? 1 : 0)
  }

  /// The card layout of the Albums tab.
  public var albumsGrid: GridGeometry {
    GridGeometry(terminal: terminal, preferredTile: Self.monthCard, labelRows: 1)
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
    case .help?, .info?, .picker?: return .normal
    case nil: return tab == .search && search.isEditing ? .text : .normal
    }
  }

  /// Card size of the Years segment: a large key photo and a title row.
  public static let yearCard = TileSize(columns: 30, rows: 12)

  /// Card size of the Months segment.
  public static let monthCard = TileSize(columns: 20, rows: 8)

  /// The card layout of the Years segment.
  public var yearsGrid: GridGeometry {
    GridGeometry(terminal: terminal, preferredTile: Self.yearCard, labelRows: 1)
  }

  /// The card layout of the Months segment.
  public var monthsGrid: GridGeometry {
    GridGeometry(terminal: terminal, preferredTile: Self.monthCard, labelRows: 1)
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

import PhotoModel

/// Everything the views draw and the reducer decides on. A value: the reducer returns a new
/// one for every action.
public struct AppState: Hashable, Sendable {
  /// The library's root folders.
  public var roots: [String]
  /// Every photo, oldest first (capture date, then path).
  public var assets: [Asset]
  public var libraryStatus: LibraryStatus
  /// One line per file or folder that could not be read during the scan.
  public var problems: [String]
  public var screen: Screen
  /// The Library tab's segment.
  public var segment: LibrarySegment
  /// Years → months → days of `assets`, rebuilt when the library changes.
  public var timeline: Timeline
  /// The Days segment's entries for the current width.
  public var daysLayout: DaysLayout
  /// First visible card row of the Years segment.
  public var yearsTopRow: Int
  /// First visible card row of the Months segment.
  public var monthsTopRow: Int
  /// First visible entry of the Days segment.
  public var daysTopEntry: Int
  /// Index into `assets` of the selected photo (0 when the library is empty).
  public var selectedIndex: Int
  /// The grid row (0 = oldest) shown at the top of the grid area.
  public var gridTopRow: Int
  public var terminal: TerminalSize
  /// How many image pixels one cell shows (half-blocks: 1×2).
  public var cellPixelSize: PixelSize
  public var preferredTile: TileSize
  /// Every image request that is wanted now, and where it stands.
  public var images: [ImageKey: ImageStatus]
  /// A one-line message for the status line (cleared by the next move).
  public var message: String?
  /// False once the user quit.
  public var isRunning: Bool

  /// The tab shown (Library, Albums, Search).
  public var tab: Tab
  /// Every library photo (not hidden, not trashed), oldest first: the Library tab's
  /// timeline. `assets` is the list the current grid shows (this one, an album, results).
  public var libraryAssets: [Asset]
  /// Albums, hidden and trashed photos, and the clock, as last loaded.
  public var collections: LibraryCollections
  /// The cards of the Albums tab, in section order.
  public var albumEntries: [AlbumEntry]
  /// The Albums tab's cards laid out for the current width.
  public var albumsLayout: AlbumsLayout
  /// Index into `albumEntries` of the selected card.
  public var albumCursor: Int
  /// First visible entry of the Albums tab.
  public var albumsTopEntry: Int
  /// The album shown as a grid in the Albums tab (nil: the list of albums).
  public var openAlbum: AlbumRef?
  /// The Search tab's query.
  public var searchText: String
  /// True while keys go into the query.
  public var isEditingSearch: Bool
  /// Characters of the query after the text cursor (0: the cursor is at the end).
  public var searchCursorFromEnd: Int
  /// True when the whole query is selected (/ on the Search tab): typing replaces it.
  public var searchSelectsAll: Bool
  /// The last queries, for ↑ and ↓ in the field.
  public var searchHistory: SearchHistory
  /// Photos marked with v / V; d, f, a and H act on them all.
  public var marked: Set<AssetID>
  /// Where V starts its range.
  public var markAnchor: AssetID?
  /// The panel or dialog open over the view.
  public var overlay: Overlay?
  /// The photos the last delete moved to the Trash (u puts them back).
  public var undoableTrash: [AssetID]
  /// Where each grid was left: the selected photo and the top row.
  public var savedPositions: [BrowseContext: SavedPosition]
  /// The way the grid last scrolled: +1 down (towards newer), -1 up. The row just off-screen
  /// that way is decoded ahead.
  public var scrollDirection: Int
  /// Requests made ahead at prefetch priority (re-sent as urgent when they come into view).
  public var prefetching: Set<ImageKey>

  public init(
    roots: [String], terminal: TerminalSize,
    cellPixelSize: PixelSize = PixelSize(width: 1, height: 2),
    preferredTile: TileSize = .standard
  ) {
    self.roots = roots
    self.assets = []
    self.libraryStatus = .indexing(done: 0, total: 0)
    self.problems = []
    self.screen = .grid
    self.segment = .all
    self.timeline = Timeline()
    self.daysLayout = DaysLayout()
    self.yearsTopRow = 0
    self.monthsTopRow = 0
    self.daysTopEntry = 0
    self.selectedIndex = 0
    self.gridTopRow = 0
    self.terminal = terminal
    self.cellPixelSize = cellPixelSize
    self.preferredTile = preferredTile
    self.images = [:]
    self.message = nil
    self.isRunning = true
    self.tab = .library
    self.libraryAssets = []
    self.collections = LibraryCollections()
    self.albumEntries = []
    self.albumsLayout = AlbumsLayout()
    self.albumCursor = 0
    self.albumsTopEntry = 0
    self.openAlbum = nil
    self.searchText = ""
    self.isEditingSearch = false
    self.searchCursorFromEnd = 0
    self.searchSelectsAll = false
    self.searchHistory = SearchHistory()
    self.marked = []
    self.markAnchor = nil
    self.overlay = nil
    self.undoableTrash = []
    self.savedPositions = [:]
    // The grid opens at the newest photos, at the bottom: the way to go is up.
    self.scrollDirection = -1
    self.prefetching = []
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
    case .albums: return openAlbum.map { .album($0) } ?? .albumList
    case .search: return .search
    }
  }

  /// The segment the grid is drawn in: the Library's own, else one continuous grid.
  public var activeSegment: LibrarySegment { tab == .library ? segment : .all }

  /// How keys are read now.
  public var inputMode: InputMode {
    switch overlay {
    case .prompt?: return .text
    case .confirm?: return .confirm
    case .help?, .info?, .picker?: return .normal
    case nil: return tab == .search && isEditingSearch ? .text : .normal
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

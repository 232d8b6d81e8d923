import PhotoModel

/// Everything that can happen to the app: input from the user and results of effects.
public enum Action: Hashable, Sendable {
  /// The app started: read the library.
  case start
  /// The terminal has this size (at start and on every resize).
  case resized(TerminalSize)
  /// The terminal's pictures changed format after the first frame (the probe's answers came,
  /// `PendingProbe`): every picture is asked for again, for cells of this many image pixels.
  case picturesReset(cellPixelSize: PixelSize)
  case move(Direction)
  /// Enter: open the selected photo (a burst's stack: open it in place, or shut it from its
  /// first frame).
  case open
  /// Esc: back to where the detail view was opened from; an open burst stack shut; in Days
  /// and Months, zoom out.
  case back
  /// Tab: the next Library segment (Years → Months → Days → All → Years).
  case nextSegment
  /// Shift-Tab: the previous Library segment.
  case previousSegment
  /// q: quit from every view (an open panel or dialog closes first); Esc is the way back.
  case quit
  /// Ctrl-C or a signal: quit at once from anywhere.
  case terminate

  /// 1/2/3: show a tab (Library, Albums, Search).
  case showTab(Tab)
  /// /: the Search tab with the cursor in the query; on the Search tab, a new query (the
  /// old one selected, so typing replaces it).
  case startSearch
  /// y / n in a confirmation.
  case answer(Bool)

  /// An edit of the focused text field (the query, a name prompt).
  case field(FieldEdit)
  /// A change to the selected (or marked) photos: favorite, hide, delete, restore, undo.
  case edit(EditAction)
  /// v / V: marking photos.
  case mark(MarkAction)
  /// Making, renaming and deleting albums, and putting photos in and out of them.
  case album(AlbumAction)
  /// i / ?: the info panel and the help overlay.
  case panel(PanelAction)
  /// The mouse.
  case pointer(PointerAction)
  /// The detail view's zoom, pan and bars.
  case detail(DetailAction)

  /// What the library service reports: indexing, the library and collections as loaded,
  /// and the outcome of changes.
  case library(LibraryEvent)
  /// What the image pipeline reports about a request.
  case image(ImageEvent)
  /// Importing from a camera card: offers, I, progress and the end.
  case importing(ImportAction)
  /// Reviewing the Duplicates album: picking keepers.
  case duplicates(DuplicatesAction)
  /// The world map: m, and its base map.
  case map(MapAction)
}

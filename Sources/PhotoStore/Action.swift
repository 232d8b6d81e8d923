import PhotoModel

/// Everything that can happen to the app: input from the user and results of effects.
public enum Action: Hashable, Sendable {
  /// The app started: read the library.
  case start
  /// The terminal has this size (at start and on every resize).
  case resized(TerminalSize)
  case move(Direction)
  /// Enter: open the selected photo.
  case open
  /// Esc: back to where the detail view was opened from; in Days and Months, zoom out.
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
  /// A printable character typed into the query, a name prompt.
  case typed(Character)
  /// Backspace in a text field.
  case deleteBackward
  /// Ctrl-U in a text field: empty it.
  case clearField
  /// Ctrl-W in a text field: delete the word before the cursor.
  case deleteWordBackward
  /// y / n in a confirmation.
  case answer(Bool)
  /// f: favorite or unfavorite the selected (or marked) photos.
  case toggleFavorite
  /// H: hide or unhide the selected (or marked) photos.
  case toggleHidden
  /// d: move to Recently Deleted; in Recently Deleted, delete for good (after a confirmation).
  case delete
  /// r in Recently Deleted: put the photo back where it was.
  case restore
  /// u: undo the last delete.
  case undo
  /// n: make a new album (a name prompt).
  case newAlbum
  /// R: rename the selected user album.
  case renameAlbum
  /// D: delete the selected user album (its photos stay in the library).
  case deleteAlbum
  /// a: add the selected (or marked) photos to an album (the album picker).
  case addToAlbum
  /// x in a user album: take the photo out of the album (not out of the library).
  case removeFromAlbum
  /// v: mark or unmark the selected photo.
  case toggleMark
  /// V: mark every photo between the last mark and the selection.
  case markRange
  /// i: show or hide the info panel.
  case toggleInfo
  /// ?: show or hide the help overlay.
  case toggleHelp
  /// A mouse click on a cell; `double` for a double-click.
  case click(row: Int, column: Int, double: Bool)
  /// The mouse wheel: up (true) or down, over a cell.
  case wheel(up: Bool)

  /// Albums, hidden and trashed photos as the catalog has them now, with the clock.
  case collectionsLoaded(LibraryCollections)
  /// A change to the library could not be made; `reason` is one line.
  case operationFailed(reason: String)
  /// A change to the library was made; `message` says what (shown in the status line).
  case operationDone(message: String)

  /// Indexing has examined `done` of `total` files.
  case indexProgress(done: Int, total: Int)
  /// The library as the catalog has it now (sorted oldest first), and per-file problems
  /// (sent at start-up from the catalog, during indexing, and after each live change).
  case libraryLoaded(assets: [Asset], problems: [String])
  /// Indexing finished.
  case indexFinished
  /// A first picture for the request (the EXIF thumbnail) is in the cache; the real one
  /// follows with `.imageLoaded`.
  case imagePreview(ImageKey)
  /// An image is in the runner's cache and can be drawn.
  case imageLoaded(ImageKey)
  /// An image could not be made; `reason` is one line.
  case imageFailed(ImageKey, reason: String)
}

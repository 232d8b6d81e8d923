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
  /// q: back from the detail view, or quit from the grid.
  case quit
  /// Ctrl-C or a signal: quit at once from anywhere.
  case terminate

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

/// Importing from a card: the watcher's offers, I, and the import's progress and end.
public enum ImportAction: Hashable, Sendable {
  /// A card with new photos was found (nil: it went, or has nothing new).
  case offered(ImportOffer?)
  /// I: import the offered photos (after a confirmation).
  case start
  /// The running import's progress.
  case progress(ImportRun)
  /// The import ended.
  case finished(ImportResult)
}

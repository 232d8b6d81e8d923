import PhotoModel

/// What the library service reports back to the store.
public enum LibraryEvent: Hashable, Sendable {
  /// Indexing has examined `done` of `total` files.
  case indexProgress(done: Int, total: Int)
  /// The library as the catalog has it now (sorted oldest first), and per-file problems
  /// (sent at start-up from the catalog, during indexing, and after each live change).
  case loaded(assets: [Asset], problems: [String])
  /// Photos' sidecars were written (or put back) for tags or a rating, or not, with why.
  case tagsEdited(TagEditOutcome)
  /// A photo's caption as its files say now (nil: it has none), asked by `.readCaption`.
  case captionRead(AssetID, caption: String?)
  /// Every photo's tags and labels as the catalog has them now (after each load).
  case tagsLoaded(PhotoTags)
  /// Every photo's people (named faces), titles and captions as the catalog has them now
  /// (after each load, with the tags).
  case peopleLoaded(people: PhotoPeople, captions: PhotoCaptions)
  /// Indexing finished.
  case indexFinished
  /// Albums, hidden and trashed photos as the catalog has them now, with the clock.
  case collectionsLoaded(LibraryCollections)
  /// A change to the library could not be made; `reason` is one line.
  case operationFailed(reason: String)
  /// A change to the library was made; `message` says what (shown in the status line).
  case operationDone(message: String)
  /// Photos' dates were moved in their files (or not, with why).
  case datesAdjusted(DateShiftOutcome)
  /// The background duplicate finder has hashed `done` of the `total` photos it must.
  case hashProgress(done: Int, total: Int)
  /// The duplicate finder's groups (exact and similar, keeper first) and bursts.
  case duplicatesFound(groups: [PhotoGroup], bursts: [PhotoGroup])
  /// Files of the library were added, changed or removed while the browser runs (the
  /// watcher or a poll read them, an import's copies among them), after the library that
  /// has them was sent (`loaded`).
  case filesChanged
}

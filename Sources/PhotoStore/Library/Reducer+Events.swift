import PhotoModel

extension Reducer {
  /// What the library service reports: progress, the library and collections, outcomes.
  static func reduceLibraryEvent(_ state: inout AppState, _ event: LibraryEvent) {
    switch event {
    case .collectionsLoaded(let collections):
      state.library.collections = collections
      state.library.undoableTrash = state.library.undoableTrash.filter { id in
        collections.trashed.contains { $0.asset.id == id }
      }
      state.libraryChanged(timelineToo: false)

    case .operationFailed(let reason):
      state.message = reason
      state.messageIsError = true

    case .operationDone(let message):
      state.message = message

    case .datesAdjusted(let outcome):
      state.datesAdjusted(outcome)

    case .hashProgress(let done, let total):
      state.duplicates.hashing = .init(done: done, total: total)

    case .duplicatesFound(let groups, let bursts):
      state.duplicatesFound(groups: groups, bursts: bursts)

    case .indexProgress(let done, let total):
      state.library.status = .indexing(done: done, total: total)

    case .tagsEdited(let outcome):
      state.tagsEdited(outcome)

    case .captionRead(let id, let caption):
      state.captionRead(id, caption: caption)

    case .tagsLoaded(let tags):
      guard tags != state.library.tags else { return }
      state.library.tags = tags
      state.libraryChanged(timelineToo: false)

    case .peopleLoaded(let people, let captions):
      guard people != state.library.people || captions != state.library.captions else { return }
      state.library.people = people
      state.library.captions = captions
      state.libraryChanged(timelineToo: false)

    case .indexFinished:
      state.library.status = .ready

    case .filesChanged:
      break

    case .loaded(let assets, let problems):
      state.library.assets = assets
      state.library.problems = problems
      if state.context == .library {
        state.loadLibrary(assets)
      } else {
        state.libraryChanged()
      }
      if let summary = ScanProblem.summary(problems) {
        state.message = summary
        state.messageIsError = true
      }
    }
  }

  /// What the image pipeline reports about a request: only wanted requests change state.
  static func reduceImageEvent(_ state: inout AppState, _ event: ImageEvent) {
    switch event {
    case .preview(let key):
      guard state.images[key] == .loading else { return }  // dropped, or already better
      state.images[key] = .preview

    case .waitingForDisk(let key):
      guard state.images[key] == .loading || state.images[key] == .preview else { return }
      state.waitingForDisk.insert(key)

    case .loaded(let key):
      state.waitingForDisk.remove(key)
      guard state.images[key] != nil else { return }  // no longer wanted: dropped
      state.images[key] = .ready

    case .damaged(let key, let reason):
      state.library.damaged[key.asset] = reason
      reduceImageEvent(&state, .loaded(key))

    case .failed(let key, let reason):
      state.waitingForDisk.remove(key)
      guard state.images[key] != nil else { return }
      state.images[key] = .failed(reason)
    }
  }
}

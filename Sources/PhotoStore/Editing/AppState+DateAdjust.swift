import PhotoModel

extension AppState {
  /// T: the date prompt for the selected (or marked) photos, filled with the earliest one's
  /// date and time to edit (or replace with an amount such as +1h30m).
  mutating func openDatePrompt() {
    let ids = actionTargets
    let targets = Set(ids)
    guard let earliest = assets.first(where: { targets.contains($0.id) }) else { return }
    let date = earliest.captureDate
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let text =
      "\(date.year)-\(two(date.month))-\(two(date.day)) "
      + "\(two(date.hour)):\(two(date.minute)):\(two(date.second))"
    overlay = .prompt(NamePrompt(purpose: .adjustDates(ids), text: text))
  }

  /// Enter in the date prompt: the job, or why the text is refused.
  mutating func submitDateAdjust(_ prompt: NamePrompt, ids: [AssetID]) -> [Effect] {
    var prompt = prompt
    guard let adjustment = DateAdjustment.parse(prompt.text) else {
      prompt.error = "A date and time (2024-08-13 10:22) or an amount (+1h30m, -2d)"
      overlay = .prompt(prompt)
      return []
    }
    let targets = Set(ids)
    let photos = assets.filter { targets.contains($0.id) }
    guard let earliest = photos.first else {
      overlay = nil
      return []
    }
    let seconds = adjustment.seconds(fromEarliest: earliest.captureDate.localSortKey / 1000)
    overlay = nil
    guard seconds != 0 else {
      message = "Dates unchanged"
      return []
    }
    marks.ids = []
    message = "Moving the dates of \(Self.photoCount(photos.count))…"
    return [
      .adjustDates(DateShiftJob(ids: photos.map(\.id), paths: photos.map(\.path), seconds: seconds))
    ]
  }

  /// u after T: the dates moved back by the same amount (the files come back as they were).
  mutating func undoDateShift() -> [Effect] {
    guard var job = library.undoableDateShift else { return [] }
    library.undoableDateShift = nil
    job.seconds = -job.seconds
    job.isUndo = true  // the sidecars in `restoring` are put back rather than moved
    message = "Moving the dates of \(Self.photoCount(job.ids.count)) back…"
    return [.adjustDates(job)]
  }

  /// The files changed: the photos move in the timeline at once (the catalog follows when the
  /// watcher reads them again), and the status line says what happened.
  mutating func datesAdjusted(_ outcome: DateShiftOutcome) {
    let amount = DateAdjustment.amountText(outcome.job.seconds)
    if !outcome.moved.isEmpty {
      let previous = selectedAsset?.id
      let moved = Set(outcome.moved)
      let removal = takeOutOfLibrary(moved)
      let shifted = removal.photos.map { photo in
        var photo = photo
        photo.captureDate = photo.captureDate.moved(by: outcome.job.seconds)
        return photo
      }
      putIntoLibrary(shifted)
      libraryRegrouped(keeping: previous, after: nil)
      library.undoableTrash = []
      library.undoableMerge = nil
      library.undoableRotation = [:]
      library.undoableTagEdit = nil
      if !outcome.job.isUndo {
        library.undoableDateShift = DateShiftJob(
          ids: outcome.moved,
          paths: outcome.job.ids.indices.filter { moved.contains(outcome.job.ids[$0]) }
            .map { outcome.job.paths[$0] }, seconds: outcome.job.seconds,
          restoring: outcome.sidecars)
      }
    }
    let count = Self.photoCount(outcome.moved.count)
    if outcome.failures.isEmpty {
      message =
        outcome.job.isUndo
        ? "Dates of \(count) moved back" : "Dates of \(count) moved \(amount) · u undo"
    } else {
      let first = outcome.failures[0]
      message =
        outcome.moved.isEmpty
        ? "Dates not changed: \(first)"
        : "Dates of \(count) moved \(amount); \(outcome.failures.count) not: \(first)"
      messageIsError = true
    }
  }
}

extension CaptureDate {
  /// The same date read `seconds` later on the same wall clock (the offset and the source
  /// kept).
  func moved(by seconds: Int64) -> CaptureDate {
    var date = CaptureDate(
      epochSeconds: localSortKey / 1000 + seconds, source: source)
    date.millisecond = millisecond
    date.utcOffsetSeconds = utcOffsetSeconds
    return date
  }
}

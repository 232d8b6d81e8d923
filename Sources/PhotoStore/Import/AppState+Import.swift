import PhotoModel

extension AppState {
  /// Reduces what the card watcher and the import report, and I.
  mutating func reduceImport(_ action: ImportAction) -> [Effect] {
    switch action {
    case .offered(let offer):
      guard importing.running == nil else { return [] }
      let isNew = offer != nil && offer?.source != importing.offer?.source
      if overlay == .importing, offer?.source != importing.offer?.source {
        // The card went (or another came) while its photos were shown: nothing to mark now.
        overlay = nil
        importing.picker = nil
        message = "The card \(importing.offer?.name ?? "") went away"
        messageIsError = true
      }
      importing.offer = offer
      if isNew, let offer, message == nil {
        message = "Import \(offerText(offer))? · I import"
      }
      return []
    case .start:
      guard importing.running == nil else {
        message = "An import is already running"
        return []
      }
      guard let offer = importing.offer else {
        message = "No camera card with new photos (mounted under /media)"
        return []
      }
      guard !offer.items.isEmpty else {
        overlay = .confirm(importConfirmation(ImportJob(offer: offer), allNew: true))
        return []
      }
      // Every new photo marked, the selection on the first of them.
      let new = offer.items.indices.filter { offer.items[$0].isNew }
      var picker = ImportPicker(selected: new.first ?? 0, marked: Set(new))
      picker.topRow = importGrid.topRow(
        keeping: picker.selected, from: 0, count: offer.items.count)
      importing.picker = picker
      overlay = .importing
      message = nil
      return []
    case .progress(let run):
      guard importing.running != nil else { return [] }
      importing.running = run
      return []
    case .finished(let result):
      importing.running = nil
      importing.offer = nil
      var text = "Imported \(Self.photoCount(result.imported))"
      if result.skipped > 0 { text += " · \(result.skipped) already in the library" }
      if result.failed > 0 { text += " · \(result.failed) not imported" }
      if result.deleted > 0 { text += " · \(result.deleted) deleted from the card" }
      if let problem = result.problem { text += ": \(problem)" }
      message = text
      messageIsError = result.failed > 0 || result.problem != nil
      return []
    }
  }

  /// The keys of the import view (the `.importing` overlay); nil lets the action through.
  mutating func reduceImportView(_ action: Action) -> [Effect]? {
    guard var picker = importing.picker, let offer = importing.offer else {
      overlay = nil
      return []
    }
    let items = offer.items
    switch action {
    case .move(let direction):
      picker.selected = importGrid.step(from: picker.selected, direction, count: items.count)
      picker.topRow = importGrid.topRow(
        keeping: picker.selected, from: picker.topRow, count: items.count)
      message = nil
    case .mark(.toggle):
      guard items.indices.contains(picker.selected) else { return [] }
      guard items[picker.selected].isNew else {
        message = "Already in the library: not imported again"
        return []
      }
      if picker.marked.remove(picker.selected) == nil { picker.marked.insert(picker.selected) }
      message = nil
    case .mark(.range):
      // V: every new photo, or none when all are marked already.
      let new = Set(items.indices.filter { items[$0].isNew })
      picker.marked = picker.marked == new ? [] : new
      message = nil
    case .edit(.delete):
      picker.deleteAfter.toggle()
      message =
        picker.deleteAfter
        ? "The card's copies will be deleted once each is imported and checked"
        : "The card will be left as it is"
    case .open, .importing(.start):
      guard !picker.marked.isEmpty else {
        message = "No photo marked: v marks one, V marks every new one"
        messageIsError = true
        return []
      }
      let chosen = picker.marked.sorted()
      let all = chosen.count == items.filter(\.isNew).count
      // Deleting after names the photos even when all are marked: a photo the library has
      // already (dimmed, not marked) must stay on the card.
      let job = ImportJob(
        name: offer.name, source: offer.source, library: offer.library,
        fronts: all && !picker.deleteAfter ? nil : Set(chosen.map { items[$0].asset.path }),
        count: chosen.count, bytes: chosen.reduce(0) { $0 + items[$1].bytes },
        deleteAfter: picker.deleteAfter)
      importing.picker = picker
      overlay = .confirm(importConfirmation(job, allNew: all))
      return []
    case .quit:
      overlay = nil
      importing.picker = nil
      return []
    case .importing, .library, .image, .terminate, .resized, .picturesReset:
      return nil
    default:
      return []
    }
    importing.picker = picker
    return []
  }

  /// The question before an import: how many, from where, into where, and what happens to
  /// the card. `allNew`: every new photo is imported ("new photos", as the offer said).
  func importConfirmation(_ job: ImportJob, allNew: Bool) -> Confirmation {
    let new = allNew ? "new " : ""
    let photos = job.count == 1 ? "1 \(new)photo" : "\(job.count) \(new)photos"
    let what = "\(photos) from \(job.name) (\(ByteCountText.format(job.bytes)))"
    guard job.deleteAfter else {
      return Confirmation(
        purpose: .importPhotos(job), question: "Import \(what)?",
        detail: "Into \(job.library). Each file is copied, checked, then named; the card is not "
          + "changed.")
    }
    // The deletion is in the question itself, where a long library path cannot push it out.
    return Confirmation(
      purpose: .importPhotos(job),
      question: "Import \(what) and delete \(job.count == 1 ? "it" : "them") from the card?",
      detail: "A card's file is deleted only once its copy is checked. Into \(job.library).")
  }

  /// Yes to the import question: the copying starts (the library follows as files land).
  mutating func startImport(_ job: ImportJob) -> [Effect] {
    importing.picker = nil
    importing.running = ImportRun(filesTotal: job.count, bytesTotal: job.bytes)
    message = "Importing \(Self.photoCount(job.count)) from \(job.name)…"
    return [.runImport(job)]
  }

  /// No to the import question: back to the import view when it was open.
  mutating func declineImport() {
    if importing.picker != nil { overlay = .importing }
  }

  /// The import view's grid: tiles with a name under each.
  public var importGrid: GridGeometry {
    GridGeometry(terminal: terminal, preferredTile: preferredTile, labelRows: 1)
  }

  /// "312 new photos from EOS_DIGITAL (4.1 GB)".
  func offerText(_ offer: ImportOffer) -> String {
    let photos = offer.newCount == 1 ? "1 new photo" : "\(offer.newCount) new photos"
    return "\(photos) from \(offer.name) (\(ByteCountText.format(offer.bytes)))"
  }
}

import PhotoModel

extension AppState {
  /// Reduces what the card watcher and the import report, and I.
  mutating func reduceImport(_ action: ImportAction) -> [Effect] {
    switch action {
    case .offered(let offer):
      guard importing.running == nil else { return [] }
      let isNew = offer != nil && offer?.source != importing.offer?.source
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
      overlay = .confirm(
        Confirmation(
          purpose: .importPhotos(offer),
          question: "Import \(offerText(offer))?",
          detail: "Into \(offer.library). Each file is copied, checked, then named; "
            + "the card is not changed."))
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
      if let problem = result.problem { text += ": \(problem)" }
      message = text
      messageIsError = result.failed > 0 || result.problem != nil
      return []
    }
  }

  /// Yes to the import question: the copying starts (the library follows as files land).
  mutating func startImport(_ offer: ImportOffer) -> [Effect] {
    importing.running = ImportRun(filesTotal: offer.newCount, bytesTotal: offer.bytes)
    message = "Importing \(Self.photoCount(offer.newCount)) from \(offer.name)…"
    return [.runImport(offer)]
  }

  /// "312 new photos from EOS_DIGITAL (4.1 GB)".
  func offerText(_ offer: ImportOffer) -> String {
    let photos = offer.newCount == 1 ? "1 new photo" : "\(offer.newCount) new photos"
    return "\(photos) from \(offer.name) (\(ByteCountText.format(offer.bytes)))"
  }
}

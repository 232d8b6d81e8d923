import PhotoModel

/// C: the caption editor. One line holding the photo's caption (`dc:description`), written
/// on Enter to the selected or marked photos through the same effect as t and s (their
/// sidecars, or their own XMP with `xmp-write = embedded`); u puts the files back.
extension AppState {
  /// C: the editor for the selected (or marked) photos. One photo's editor starts from its
  /// caption as last known, and its files are read again (a caption written by another
  /// program since); several photos start empty (Enter gives them all one caption).
  mutating func openCaptionPrompt() -> [Effect] {
    let ids = actionTargets
    guard !ids.isEmpty else { return [] }
    guard ids.count == 1, let photo = asset(withID: ids[0]) else {
      overlay = .prompt(NamePrompt(purpose: .caption(ids)))
      return []
    }
    let known = library.captionsRead[photo.id] ?? ""
    overlay = .prompt(NamePrompt(purpose: .caption(ids), text: Self.oneLine(known)))
    return [.readCaption(photo.id, path: photo.path)]
  }

  /// Enter in the caption editor: the caption written to the photos (empty removes it).
  mutating func submitCaption(_ prompt: NamePrompt, ids: [AssetID]) -> [Effect] {
    var prompt = prompt
    let caption = prompt.text.trimmingSpaces
    if caption.unicodeScalars.contains(where: {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
    }) {
      prompt.error = "A caption cannot hold control characters"
      overlay = .prompt(prompt)
      return []
    }
    overlay = nil
    guard let job = tagJob(ids, caption: caption) else { return [] }
    let count = Self.photoCount(job.ids.count)
    message =
      caption.isEmpty ? "Removing the caption of \(count)…" : "Writing the caption of \(count)…"
    return [.editTags(job)]
  }

  /// The caption of the photo `id` as its files say now: kept for the info panel, and put
  /// in the editor still open on that photo when nothing was typed there yet.
  mutating func captionRead(_ id: AssetID, caption: String?) {
    let before = library.captionsRead[id] ?? ""
    library.captionsRead[id] = caption.flatMap { $0.isEmpty ? nil : $0 }
    guard case .prompt(var prompt)? = overlay, prompt.purpose == .caption([id]),
      prompt.text == Self.oneLine(before)
    else { return }
    prompt.text = Self.oneLine(caption ?? "")
    overlay = .prompt(prompt)
  }

  /// i, and paging with the info panel open: the selected photo's caption read from its
  /// files for the panel (the catalog does not hold captions).
  func readSelectedCaption() -> [Effect] {
    guard let photo = selectedAsset else { return [] }
    return [.readCaption(photo.id, path: photo.path)]
  }

  /// The caption on one line, as the editor shows it: a line break (which other programs
  /// write) becomes a space, since the editor has one line.
  public static func oneLine(_ caption: String) -> String {
    String(
      caption.map { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\t" ? " " : $0 }
        .prefix(NamePrompt.Purpose.caption([]).maximumLength))
  }
}

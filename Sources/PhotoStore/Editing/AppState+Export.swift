import PhotoModel

extension AppState {
  /// e: the export prompt for the selected (or marked) photos, with a folder filled in:
  /// `~/Exports`, outside the usual library (`~/Pictures/Exports` put the copies in it).
  mutating func openExportPrompt() {
    let ids = actionTargets
    guard !ids.isEmpty else { return }
    overlay = .prompt(
      NamePrompt(purpose: .export(ids), text: "~/Exports \(ExportJob.defaultLongEdge)"))
  }

  /// The folder and long edge typed: "FOLDER" or "FOLDER SIZE" (a number of pixels last).
  static func parseExport(_ text: String) -> (folder: String, longEdge: Int)? {
    let trimmed = text.trimmingSpaces
    guard !trimmed.isEmpty else { return nil }
    if let space = trimmed.lastIndex(of: " "),
      let size = Int(trimmed[trimmed.index(after: space)...])
    {
      let folder = String(trimmed[..<space]).trimmingSpaces
      guard !folder.isEmpty, (16...65_536).contains(size) else { return nil }
      return (folder, size)
    }
    return (trimmed, ExportJob.defaultLongEdge)
  }

  /// Enter in the export prompt: the job, or why the text is refused.
  mutating func submitExport(_ prompt: NamePrompt, ids: [AssetID]) -> [Effect] {
    var prompt = prompt
    guard let (folder, longEdge) = Self.parseExport(prompt.text) else {
      prompt.error = "A folder, then a long edge of 16 to 65536 px if not 2048"
      overlay = .prompt(prompt)
      return []
    }
    guard folder.hasPrefix("/") || folder.hasPrefix("~/") || folder == "~" else {
      prompt.error = "The folder starts with / or ~/"
      overlay = .prompt(prompt)
      return []
    }
    overlay = nil
    marks.ids = []
    let targets = Set(ids)
    let photos = assets.filter { targets.contains($0.id) }
    message = "Exporting \(Self.photoCount(photos.count)) to \(folder)…"
    return [
      .exportPhotos(
        ExportJob(
          paths: photos.map(\.path), rotations: photos.map(\.userRotation), folder: folder,
          longEdge: longEdge))
    ]
  }
}

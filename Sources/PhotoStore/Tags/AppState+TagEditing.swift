import PhotoModel

/// t (add or remove a tag, with completion of the library's tags) and s (a rating, or x to
/// reject) on the selected or marked photos: written to their sidecars through an effect,
/// the state following the outcome; u puts the sidecars back.
extension AppState {
  /// t: the tag prompt for the selected (or marked) photos.
  mutating func openTagPrompt() {
    let ids = actionTargets
    guard !ids.isEmpty else { return }
    overlay = .prompt(NamePrompt(purpose: .tag(ids)))
  }

  /// s: the rating prompt (one key: 0–5, or x to reject).
  mutating func openRatingPrompt() {
    let ids = actionTargets
    guard !ids.isEmpty else { return }
    overlay = .prompt(NamePrompt(purpose: .rate(ids)))
  }

  /// The library's tags ("Places/Japan/Kyoto") that start with what is typed (a leading "-"
  /// aside), case and accents folded, by name; at most `limit`.
  public func tagCompletions(for text: String, limit: Int = 5) -> [String] {
    let typed = text.hasPrefix("-") ? String(text.dropFirst()) : text
    let folded = PlaceFolding.folded(typed)
    var found: [String] = []
    for path in library.tags.paths {
      let joined = path.joined(separator: "/")
      if PlaceFolding.folded(joined).hasPrefix(folded) { found.append(joined) }
    }
    found.sort { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    return Array(found.prefix(limit))
  }

  /// Tab in the tag prompt: the text completed as far as the matching tags agree.
  mutating func completeTag(_ prompt: NamePrompt) {
    var prompt = prompt
    let sign = prompt.text.hasPrefix("-") ? "-" : ""
    let matches = tagCompletions(for: prompt.text, limit: Int.max)
    guard let first = matches.first else {
      prompt.error = "No tag starts with that"
      overlay = .prompt(prompt)
      return
    }
    var common = Array(first)
    for other in matches.dropFirst() {
      let chars = Array(other)
      var n = 0
      while n < common.count, n < chars.count,
        String(common[n]).lowercased() == String(chars[n]).lowercased()
      {
        n += 1
      }
      common = Array(common[..<n])
    }
    let typed = prompt.text.dropFirst(sign.count)
    if common.count >= typed.count { prompt.text = sign + String(common) }
    prompt.error = nil
    overlay = .prompt(prompt)
  }

  /// The path of a typed tag ("Places / Japan/Kyoto" → three parts), or why it is refused.
  static func tagPath(_ text: String) -> Result<[String], TagProblem> {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map {
      String($0).trimmingSpaces
    }
    if parts.contains(where: \.isEmpty) {
      return .failure(TagProblem("A tag needs a name at every level"))
    }
    if text.contains("|") {
      return .failure(TagProblem("A tag cannot hold \"|\" (use \"/\" between levels)"))
    }
    if text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    {
      return .failure(TagProblem("A tag cannot hold control characters"))
    }
    return .success(parts)
  }

  /// Enter in the tag prompt: add the tag ("-tag" removes it), or why the text is refused.
  mutating func submitTag(_ prompt: NamePrompt, ids: [AssetID]) -> [Effect] {
    var prompt = prompt
    var text = prompt.text.trimmingSpaces
    let removing = text.hasPrefix("-")
    if removing { text = String(text.dropFirst()).trimmingSpaces }
    let path: [String]
    switch Self.tagPath(text) {
    case .success(let parts): path = parts
    case .failure(let problem):
      prompt.error = problem.reason
      overlay = .prompt(prompt)
      return []
    }
    overlay = nil
    let job = tagJob(ids, add: removing ? [] : [path], remove: removing ? [path] : [])
    guard let job else { return [] }
    let name = path.joined(separator: "/")
    message =
      removing
      ? "Removing the tag \(name) from \(Self.photoCount(job.ids.count))…"
      : "Tagging \(Self.photoCount(job.ids.count)) \(name)…"
    return [.editTags(job)]
  }

  /// A key in the rating prompt: 0–5 sets the stars, x rejects; anything else is refused.
  mutating func submitRating(_ prompt: NamePrompt, key: Character, ids: [AssetID]) -> [Effect] {
    let rating: Int
    switch key {
    case "0"..."5": rating = Int(String(key))!
    case "x", "X": rating = -1
    default:
      var prompt = prompt
      prompt.error = "0 to 5 stars, or x to reject"
      overlay = .prompt(prompt)
      return []
    }
    overlay = nil
    guard let job = tagJob(ids, rating: rating) else { return [] }
    message = "Rating \(Self.photoCount(job.ids.count)) \(Self.ratingText(rating))…"
    return [.editTags(job)]
  }

  /// "4 stars", "1 star", "no stars", "rejected".
  public static func ratingText(_ rating: Int) -> String {
    switch rating {
    case ..<0: return "rejected"
    case 0: return "no stars"
    case 1: return "1 star"
    default: return "\(rating) stars"
    }
  }

  /// The job for the photos `ids` still in the current list (their files), the marks
  /// cleared; nil when none is left.
  mutating func tagJob(
    _ ids: [AssetID], add: [[String]] = [], remove: [[String]] = [], rating: Int? = nil,
    caption: String? = nil
  ) -> TagEditJob? {
    let targets = Set(ids)
    let photos = assets.filter { targets.contains($0.id) }
    guard !photos.isEmpty else { return nil }
    marks.ids = []
    return TagEditJob(
      ids: photos.map(\.id), paths: photos.map(\.path), addTags: add, removeTags: remove,
      rating: rating, caption: caption)
  }

  /// u after t or s: the sidecars put back as they were.
  mutating func undoTagEdit() -> [Effect] {
    guard let before = library.undoableTagEdit else { return [] }
    library.undoableTagEdit = nil
    message = "Putting the tags of \(Self.photoCount(Set(before.map(\.photo)).count)) back…"
    return [.restoreSidecars(before)]
  }

  /// The sidecars were written (or put back): the photos' tags and ratings follow at once
  /// (the catalog already has them), and the status line says what happened.
  mutating func tagsEdited(_ outcome: TagEditOutcome) {
    if !outcome.photos.isEmpty {
      var changes: [AssetID: [[String]]] = [:]
      var ratings: [AssetID: Int] = [:]
      var tags = library.tags
      for photo in outcome.photos {
        changes[photo.id] = photo.tags
        ratings[photo.id] = photo.rating
        tags.setLabel(photo.label, for: photo.id)
        library.captionsRead[photo.id] = photo.caption
      }
      tags.set(changes)
      library.tags = tags
      let rated = Set(ratings.keys).filter { id in
        asset(withID: id).map { $0.rating != ratings[id] } ?? false
      }
      if !rated.isEmpty { changePhotosInPlace(rated) { $0.rating = ratings[$0.id] ?? 0 } }
      libraryChanged(timelineToo: false)
      if !outcome.isUndo, !outcome.before.isEmpty {
        library.undoableTagEdit = outcome.before
        library.undoableTrash = []
        library.undoableMerge = nil
        library.undoableRotation = [:]
        library.undoableDateShift = nil
      }
    }
    let count = Self.photoCount(outcome.photos.count)
    if outcome.failures.isEmpty {
      message =
        outcome.isUndo
        ? "Tags of \(count) put back"
        : "\(outcome.what) · \(count) · u undo"
          + (outcome.notes.first.map { " · \($0)" } ?? "")
    } else {
      let first = outcome.failures[0]
      message =
        outcome.photos.isEmpty
        ? "Not written: \(first)"
        : "\(outcome.what) · \(count); \(outcome.failures.count) not: \(first)"
      messageIsError = true
    }
  }
}

/// Why a typed tag is refused, in one line.
struct TagProblem: Error {
  let reason: String
  init(_ reason: String) { self.reason = reason }
}

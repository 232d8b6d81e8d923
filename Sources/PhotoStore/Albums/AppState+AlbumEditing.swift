import PhotoModel

extension AppState {
  /// The user album the keys act on: the open one, or the selected card of the list.
  var targetUserAlbum: AlbumRef? {
    switch context {
    case .album(let ref): return ref
    case .albumList: return selectedAlbumEntry?.ref
    default: return nil
    }
  }

  /// n: a prompt for a new (empty) album's name.
  mutating func newAlbum() {
    overlay = .prompt(NamePrompt(purpose: .newAlbum(adding: [])))
  }

  /// R: a prompt to rename the selected user album.
  mutating func renameAlbum() {
    guard let ref = targetUserAlbum else {
      message = "R renames an album: select one in Albums"
      return
    }
    guard case .user(let id) = ref, let album = album(id) else {
      message = "\(title(of: ref)) is built in and cannot be renamed"
      return
    }
    overlay = .prompt(NamePrompt(purpose: .rename(id), text: album.name))
  }

  /// D: asks before deleting the selected user album.
  mutating func deleteAlbum() {
    guard let ref = targetUserAlbum else {
      message = "D deletes an album: select one in Albums"
      return
    }
    guard case .user(let id) = ref, let album = album(id) else {
      message = "\(title(of: ref)) is built in and cannot be deleted"
      return
    }
    overlay = .confirm(
      Confirmation(
        purpose: .deleteAlbum(id), question: "Delete the album “\(album.name)”?",
        detail: "Its \(Self.photoCount(album.assetIDs.count)) stay in the library."))
  }

  /// a: the album picker for the selected or marked photos.
  mutating func openAlbumPicker() {
    let ids = actionTargets
    guard !ids.isEmpty, context != .albumList, context != .album(.recentlyDeleted) else {
      if context == .albumList { message = "a adds photos to an album: select photos first" }
      return
    }
    overlay = .picker(AlbumPicker(assets: ids))
  }

  /// x in a user album: takes the photos out of the album (not out of the library).
  mutating func removeFromAlbum() -> [Effect] {
    guard case .album(.user(let id)) = context,
      let index = library.collections.albums.firstIndex(where: { $0.id == id })
    else {
      message = "x takes a photo out of the album it is shown in"
      return []
    }
    let ids = actionTargets
    guard !ids.isEmpty else { return [] }
    let targets = Set(ids)
    library.collections.albums[index].assetIDs.removeAll { targets.contains($0) }
    marks.ids = []
    libraryChanged(timelineToo: false)
    message = "\(describeTargets(ids)) taken out of “\(library.collections.albums[index].name)”"
    return [.removeFromAlbum(id, withCompanions(ids))]
  }

  /// Enter in the picker: "New album…" asks for a name; an album gets the photos.
  mutating func choosePickerRow() -> [Effect] {
    guard case .picker(let picker)? = overlay else { return [] }
    if picker.row == 0 {
      overlay = .prompt(NamePrompt(purpose: .newAlbum(adding: picker.assets)))
      return []
    }
    overlay = nil
    guard library.collections.albums.indices.contains(picker.row - 1) else { return [] }
    let album = library.collections.albums[picker.row - 1]
    let known = Set(album.assetIDs)
    let adding = picker.assets.filter { !known.contains($0) }
    library.collections.albums[picker.row - 1].assetIDs += adding
    marks.ids = []
    libraryChanged(timelineToo: false)
    if adding.isEmpty {
      message = "Already in “\(album.name)”"
      return []
    }
    message = "\(describeTargets(adding)) added to “\(album.name)”"
    return [.addToAlbum(album.id, withCompanions(adding))]
  }

  /// Moves the picker's highlight.
  mutating func movePicker(_ direction: Direction) {
    guard case .picker(var picker)? = overlay else { return }
    let last = library.collections.albums.count
    switch direction {
    case .up, .left: picker.row -= 1
    case .down, .right: picker.row += 1
    case .pageUp, .first: picker.row = 0
    case .pageDown, .last: picker.row = last
    }
    picker.row = min(max(0, picker.row), last)
    overlay = .picker(picker)
  }

  /// Enter in a name prompt: refuses an empty or taken name, else makes the change.
  mutating func submitPrompt() -> [Effect] {
    guard case .prompt(var prompt)? = overlay else { return [] }
    if case .export(let ids) = prompt.purpose { return submitExport(prompt, ids: ids) }
    if case .adjustDates(let ids) = prompt.purpose { return submitDateAdjust(prompt, ids: ids) }
    if case .tag(let ids) = prompt.purpose { return submitTag(prompt, ids: ids) }
    if case .rate = prompt.purpose { return [] }  // a key rates, not Enter
    if case .caption(let ids) = prompt.purpose { return submitCaption(prompt, ids: ids) }
    let name = prompt.text.trimmingSpaces
    var except: AlbumID?
    if case .rename(let id) = prompt.purpose { except = id }
    if let problem = nameProblem(name, except: except) {
      prompt.error = problem
      overlay = .prompt(prompt)
      return []
    }
    overlay = nil
    switch prompt.purpose {
    case .newAlbum(let ids):
      marks.ids = []
      message =
        ids.isEmpty
        ? "Album “\(name)” made" : "Album “\(name)” made with \(Self.photoCount(ids.count))"
      return [.createAlbum(name: name, adding: withCompanions(ids))]
    case .export, .adjustDates, .tag, .rate, .caption:
      return []  // submitted above
    case .rename(let id):
      guard let index = library.collections.albums.firstIndex(where: { $0.id == id }) else {
        return []
      }
      library.collections.albums[index].name = name
      library.collections.albums.sort { $0.name.lowercased() < $1.name.lowercased() }
      libraryChanged(timelineToo: false)
      message = "Album renamed “\(name)”"
      return [.renameAlbum(id, to: name)]
    }
  }

  /// Why `name` cannot name an album, or nil when it can.
  func nameProblem(_ name: String, except: AlbumID?) -> String? {
    if name.isEmpty { return "An album needs a name" }
    if name.count > 100 { return "Names are at most 100 characters" }
    if name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    {
      return "Names cannot hold control characters"
    }
    let lower = name.lowercased()
    if AlbumRef.reservedNames.contains(where: { $0.lowercased() == lower }) {
      return "“\(name)” is a built-in album"
    }
    if library.collections.albums.contains(where: {
      $0.id != except && $0.name.lowercased() == lower
    }) {
      return "An album named “\(name)” already exists"
    }
    return nil
  }

  /// Yes to "Delete the album?": the album goes (its photos stay in the library), and the
  /// Albums tab closes it when it was open.
  mutating func deleteAlbumConfirmed(_ id: AlbumID) -> [Effect] {
    let name = album(id)?.name ?? "Album"
    library.collections.albums.removeAll { $0.id == id }
    if albums.open == .user(id) {
      albums.open = nil
      restoreContext()
    }
    libraryChanged(timelineToo: false)
    message = "Album “\(name)” deleted; its photos stay in the library"
    return [.deleteAlbum(id)]
  }
}

extension String {
  /// The text without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var s = Substring(self)
    while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
    while let c = s.last, c == " " || c == "\t" { s.removeLast() }
    return String(s)
  }
}

import PhotoModel
import PhotoStore

extension LibraryView {
  // MARK: Albums tab

  /// The list of albums: section headers, then cards (cover, title, count).
  static func renderAlbumList(_ state: AppState, into frame: inout Frame) {
    frame.fill(CellRect(row: 1, column: 0, width: frame.size.columns, height: 1), role: .header)
    if let path = state.albums.placePath {
      // A level of the Places collection: where it is, and how many places it lists.
      let used = frame.put(" ‹ " + path.trail, row: 1, column: 0, role: .header)
      // The Map card at the top of the countries is not a place.
      let count = state.albums.entries.filter { $0.ref != .worldMap }.count
      let nouns = [("country", "countries"), ("region", "regions"), ("town", "towns")]
      let noun = nouns[min(path.level, 2)]
      frame.put(
        "  \(formatCount(count)) \(count == 1 ? noun.0 : noun.1) · Esc back", row: 1,
        column: used, role: .headerDim)
    } else if let path = state.albums.tagPath {
      // A level of the Tags collection: where it is, and how many tags it lists.
      let used = frame.put(" ‹ " + path.trail, row: 1, column: 0, role: .header)
      let count = state.albums.entries.filter {
        if case .tag(let tag) = $0.ref { return !tag.isWhole } else { return false }
      }.count
      frame.put(
        "  \(formatCount(count)) \(count == 1 ? "tag" : "tags") · Esc back", row: 1,
        column: used, role: .headerDim)
    } else if state.albums.showsPeople {
      // The People collection: how many people it lists.
      let used = frame.put(" ‹ People", row: 1, column: 0, role: .header)
      let count = state.albums.entries.count
      frame.put(
        "  \(formatCount(count)) \(count == 1 ? "person" : "people") · Esc back", row: 1,
        column: used, role: .headerDim)
    } else {
      frame.put(" Albums", row: 1, column: 0, role: .header)
      let users = state.library.collections.albums.count
      frame.put(
        "  \(users) of your own · n new  R rename  D delete", row: 1, column: 8, role: .headerDim)
    }
    let geometry = state.albumsGrid
    let layout = state.albums.layout
    var row = geometry.area.row
    for entry in layout.visibleEntries(from: state.albums.topEntry, height: geometry.area.height) {
      switch layout.entries[entry] {
      case .header(let section):
        frame.put(section.title, row: row + 1, column: geometry.leftMargin + 1, role: .header)
      case .cards(let first, let count):
        for c in 0..<count {
          let card = first + c
          let album = state.albums.entries[card]
          let rect = CellRect(
            row: row + 1, column: geometry.leftMargin + 1 + c * (geometry.tile.columns + 1),
            width: geometry.tile.columns, height: geometry.tile.rows)
          renderCover(state, album, rect: rect, into: &frame)
          let countText = formatCount(album.count)
          let used = frame.put(
            album.title, row: rect.row + rect.height, column: rect.column, role: .header,
            maxWidth: rect.width - TerminalText.width(of: countText) - 1)
          _ = used
          frame.put(
            countText, row: rect.row + rect.height,
            column: rect.column + rect.width - TerminalText.width(of: countText), role: .headerDim)
          if card == state.albums.cursor {
            renderSelectionFrame(
              around: CellRect(
                row: rect.row, column: rect.column, width: rect.width, height: rect.height + 1),
              into: &frame)
          }
        }
      }
      row += layout.height(of: layout.entries[entry])
    }
    var text = ""
    if let album = state.selectedAlbumEntry {
      if case .memory(let year) = album.ref, let memory = state.memory(year) {
        text = " On this day · \(memory.summary)"
      } else {
        text =
          " \(album.title) · \(formatCount(album.count)) \(album.count == 1 ? "photo" : "photos")"
        if case .place(let path) = album.ref, path.level > 0 {
          text =
            " \(path.trail) · \(formatCount(album.count)) "
            + (album.count == 1 ? "photo" : "photos")
        } else if case .tag(let path) = album.ref, path.level > 0 {
          text =
            " \(path.trail) · \(formatCount(album.count)) "
            + (album.count == 1 ? "photo" : "photos")
        } else if case .person(let name) = album.ref {
          text =
            " People › \(name) · \(formatCount(album.count)) "
            + (album.count == 1 ? "photo" : "photos")
        } else if album.ref.isBuiltIn {
          text += " · built in"
        }
      }
    }
    let hints =
      state.albums.placePath == nil && state.albums.tagPath == nil && !state.albums.showsPeople
      ? "Enter open  n new album  ? help" : "Enter open  Esc back"
    renderStatus(text, state, hints: hints, into: &frame)
  }

  /// An album card's cover, or a placeholder naming the album kind when it is empty.
  static func renderCover(
    _ state: AppState, _ album: AlbumEntry, rect: CellRect, into frame: inout Frame
  ) {
    let key = state.coverKey(for: album)
    switch key.flatMap({ state.images[$0] }) {
    case .ready?: frame.place(key!, in: rect)
    case .preview?: frame.place(key!, in: rect, revision: 0)
    case .failed?:
      frame.fill(rect, role: .tileFailed)
      frame.putCentered(Glyphs.failed, row: rect.row + rect.height / 2, in: rect, role: .tileFailed)
    default:
      frame.fill(rect, role: .tilePlaceholder)
      let symbol: String
      switch album.ref {
      case .favorites: symbol = Glyphs.favorite
      case .recentlyDeleted: symbol = Glyphs.trash
      case .hidden: symbol = Glyphs.hidden
      default: symbol = album.count == 0 ? "empty" : ""
      }
      if rect.height >= 3 {
        frame.putCentered(symbol, row: rect.row + rect.height / 2, in: rect, role: .tilePlaceholder)
      }
    }
  }

  /// An album opened as a grid, or its empty state.
  static func renderAlbumGrid(_ state: AppState, ref: AlbumRef, into frame: inout Frame) {
    if ref == .duplicates || ref == .bursts { return renderGroups(state, ref: ref, into: &frame) }
    frame.fill(CellRect(row: 1, column: 0, width: frame.size.columns, height: 1), role: .header)
    var title = " ‹ " + state.title(of: ref)
    if case .place(let path) = ref { title = " ‹ " + path.trail }
    if case .tag(let path) = ref, path.level > 0 { title = " ‹ " + path.trail }
    if case .person(let name) = ref { title = " ‹ People › " + name }
    let used = frame.put(title, row: 1, column: 0, role: .header)
    var context = "  \(AppState.photoCount(state.assets.count))"
    if case .place = ref {
      // A town of the Places collection: its trail says what it is.
    } else if case .tag = ref {
      // A tag: its trail says what it is.
    } else if case .person = ref {
      // A person: the trail says what it is.
    } else if ref == .recentlyDeleted {
      context +=
        " · erased \(state.library.collections.retentionDays) days after deletion · r restore  d delete for good"
    } else if case .memory = ref {
      context += " · on this day"
    } else if ref.isBuiltIn {
      context += " · built in"
    }
    frame.put(context, row: 1, column: used, role: .headerDim)
    if state.assets.isEmpty {
      let area = state.grid.area
      let middle = area.row + area.height / 2
      frame.putCentered(
        "No photos in \(state.title(of: ref))", row: middle - 1, in: area, role: .emptyTitle)
      frame.putCentered(emptyHint(for: ref, state), row: middle + 1, in: area, role: .emptyHint)
      renderStatus("", state, hints: "Esc back  ? help", into: &frame)
      return
    }
    renderAll(state, into: &frame)
    renderStatusLine(
      state,
      hints: ref == .recentlyDeleted
        ? "r restore  d delete  Esc back" : "Enter open  Esc back  ? help", into: &frame)
  }

  /// What to do to fill an empty album.
  static func emptyHint(for ref: AlbumRef, _ state: AppState) -> String {
    switch ref {
    case .recents: return "Photos in the library's folders appear here"
    case .favorites: return "Press f on a photo to add it to Favorites"
    case .user: return "Press a in the Library to add photos"
    case .mediaType: return "Photos of this kind appear here"
    case .imports:
      return "Photos the library found in the last \(AppState.importsDays) days appear here"
    case .hidden: return "Press H on a photo to hide it from the Library"
    case .recentlyDeleted:
      return "Deleted photos stay here for \(state.library.collections.retentionDays) days"
    case .memory: return "Photos from this week in earlier years appear here"
    case .place, .mapCluster: return "Photos with a position taken here appear here"
    case .tag: return "Photos with this tag (t adds one) appear here"
    case .people, .person:
      return "Photos whose XMP names a face (digiKam, Lightroom, Picasa) appear here"
    case .duplicates:
      return "Copies of a photo (the same picture, resized or re-encoded) appear here"
    case .bursts: return "One camera's shots seconds apart appear here"
    case .worldMap: return "Photos with a position appear on the map"
    }
  }

  // MARK: Search tab

  /// The query field, then the results as a grid (or a hint).
  static func renderSearch(_ state: AppState, into frame: inout Frame) {
    frame.fill(CellRect(row: 1, column: 0, width: frame.size.columns, height: 1), role: .header)
    let label = " Search: "
    var column = frame.put(label, row: 1, column: 0, role: .header)
    let fieldWidth = max(10, min(40, frame.size.columns / 3))
    renderSearchField(
      state, in: CellRect(row: 1, column: column, width: fieldWidth, height: 1), into: &frame)
    column += fieldWidth + 2
    if !state.search.text.isEmpty {
      frame.put(AppState.photoCount(state.assets.count), row: 1, column: column, role: .headerDim)
    }
    let area = state.grid.area
    let middle = area.row + area.height / 2
    if state.search.text.trimmingCharacters(in: " ").isEmpty {
      frame.putCentered(
        "Search file names, albums, cameras, places and dates", row: middle - 1, in: area,
        role: .emptyTitle
      )
      frame.putCentered(
        "2024 · 2024-08 · August 2024 · aug · 13 Aug 2024 · yesterday · last week", row: middle + 1,
        in: area, role: .emptyHint)
      renderStatus("", state, hints: "type to search  ↓ results  Esc done", into: &frame)
      return
    }
    if state.assets.isEmpty {
      frame.putCentered(
        "No results for “\(state.search.text)”", row: middle, in: area, role: .emptyTitle)
      renderStatus("", state, hints: "Backspace edit  Esc done", into: &frame)
      return
    }
    renderAll(state, into: &frame)
    renderStatusLine(
      state,
      hints: state.search.isEditing ? "↓ results  Enter results" : "Enter open  / edit  ? help",
      into: &frame)
  }

  // MARK: Tiles

  /// The selection frame and a marked photo's frame.
  static func renderFrames(
    _ state: AppState, index: Int, rect: CellRect, labelRows: Int, into frame: inout Frame
  ) {
    let framed = CellRect(
      row: rect.row, column: rect.column, width: rect.width, height: rect.height + labelRows)
    if state.marks.ids.contains(state.assets[index].id) {
      renderSelectionFrame(around: framed, role: .marked, heavy: true, into: &frame)
    }
    if index == state.selectedIndex { renderSelectionFrame(around: framed, into: &frame) }
  }

  /// A marked photo's tick, a favorite's heart and the badges (length, LIVE, RAW) in the gap
  /// row under the tile.
  ///
  /// That row is also the top edge of the frame of the tile below: badges are drawn after
  /// every frame (`renderTiles`), so a selected tile's frame no longer hid the length and
  /// the heart of the tile above it (issue 33 item 11); the frame runs on around them.
  static func renderBadges(
    _ state: AppState, index: Int, rect: CellRect, labelRows: Int, into frame: inout Frame
  ) {
    let asset = state.assets[index]
    if state.marks.ids.contains(asset.id) {
      frame.put(Glyphs.mark, row: rect.row - 1, column: rect.column, role: .marked)
    }
    if asset.isFavorite {
      frame.put(
        Glyphs.favorite, row: rect.row + rect.height + labelRows, column: rect.column,
        role: .favorite)
    }
    // The rating after the heart's place: "4*", or the reject mark.
    if let badge = ratingBadge(asset.rating), rect.width >= 8 {
      frame.put(
        badge, row: rect.row + rect.height + labelRows, column: rect.column + 2,
        role: asset.isRejected ? .statusError : .headerDim)
    }
    // Apple Photos' badges for a Live Photo and a RAW+JPEG pair, under the tile's right edge;
    // a burst stack's count before them ("×7", or "2/7" for a frame of the open stack).
    let badges = [
      stackBadge(state, asset.id), asset.liveMovie.map { _ in "LIVE" },
      asset.rawCompanion.map { _ in "RAW" },
    ]
    .compactMap { $0 }.joined(separator: " ")
    let width = TerminalText.width(of: badges)
    if !badges.isEmpty, rect.width >= width + 2 {
      frame.put(
        badges, row: rect.row + rect.height + labelRows,
        column: rect.column + rect.width - width, role: .headerDim)
    }
    // A video's length, under the tile's right edge as Apple Photos shows it.
    if asset.format == .video, let duration = asset.duration {
      let text = DurationText.badge(seconds: duration)
      if rect.width >= text.count + 2 {
        frame.put(
          text, row: rect.row + rect.height + labelRows,
          column: rect.column + rect.width - text.count, role: .headerDim)
      }
    }
  }

  /// A tile's rating badge: "4*" for four stars, the reject mark for a rejected photo, nil
  /// for an unrated one.
  static func ratingBadge(_ rating: Int) -> String? {
    if rating < 0 { return Glyphs.rejected }
    return rating > 0 ? "\(rating)\(Glyphs.star)" : nil
  }

  /// The badge of a burst stack's tile in the Library: "×7" under a shut stack's cover,
  /// "2/7" under the frames of the open one; nil elsewhere.
  static func stackBadge(_ state: AppState, _ id: AssetID) -> String? {
    guard state.context == .library, !state.library.stacks.isEmpty else { return nil }
    if let count = state.library.stacks.count(ofCover: id) { return "\(Glyphs.stack)\(count)" }
    if let place = state.library.stacks.place(inOpenStack: id) {
      return "\(place.index + 1)/\(place.count)"
    }
    return nil
  }

  /// Recently Deleted's label under a photo: the days left.
  static func renderTileLabel(
    _ state: AppState, index: Int, rect: CellRect, into frame: inout Frame
  ) {
    let id = state.assets[index].id
    guard let item = state.library.collections.trashed.first(where: { $0.asset.id == id }) else {
      return
    }
    let days = item.daysLeft(
      now: state.library.collections.now, retentionDays: state.library.collections.retentionDays)
    let text = days == 1 ? "1 day left" : "\(days) days left"
    frame.putCentered(
      text, row: rect.row + rect.height, in: rect, role: days <= 3 ? .statusError : .headerDim)
  }

  /// The status line with a given text (else the selected photo).
  static func renderStatus(
    _ text: String, _ state: AppState, hints: String, into frame: inout Frame
  ) {
    let row = frame.size.rows - 1
    guard row >= 1 else { return }
    if state.message != nil { return renderStatusLine(state, hints: hints, into: &frame) }
    frame.fill(CellRect(row: row, column: 0, width: frame.size.columns, height: 1), role: .status)
    let hintWidth = TerminalText.width(of: hints) + 3
    let showHints = TerminalText.width(of: text) + hintWidth <= frame.size.columns
    frame.put(text, row: row, column: 0, role: .status, maxWidth: frame.size.columns - 1)
    if showHints { frame.putRight(hints, row: row, role: .statusDim) }
  }
}

extension String {
  /// The text without leading and trailing `character`s.
  func trimmingCharacters(in character: Character) -> String {
    var s = Substring(self)
    while s.first == character { s.removeFirst() }
    while s.last == character { s.removeLast() }
    return String(s)
  }
}

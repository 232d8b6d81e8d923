import PhotoModel
import PhotoStore

/// The view: a pure function from the state to a frame. It never decodes; it places the
/// images the state says are ready and draws placeholders for the rest.
public enum LibraryView {
  /// The frame for `state` at the state's terminal size.
  public static func render(_ state: AppState) -> Frame {
    render(state, keyMap: KeyMap())
  }

  /// The frame for `state`, with the help naming the keys of `keyMap`.
  public static func render(_ state: AppState, keyMap: KeyMap) -> Frame {
    var frame = Frame(size: state.terminal)
    guard state.terminal.rows > 0, state.terminal.columns > 0 else { return frame }
    if state.importing.picker != nil {
      // The import view fills the terminal (nothing of the library shows through), under its
      // question when Enter asked it.
      renderImportView(state, into: &frame)
      if let overlay = state.overlay, overlay != .importing {
        renderOverlay(overlay, state, keyMap: keyMap, into: &frame)
      }
      return frame
    }
    if state.map.isShown {
      renderMap(state, into: &frame)
    } else {
      switch state.screen {
      case .grid: renderGrid(state, into: &frame)
      case .detail: renderDetail(state, into: &frame)
      }
    }
    if let overlay = state.overlay { renderOverlay(overlay, state, keyMap: keyMap, into: &frame) }
    return frame
  }

  // MARK: Grid

  static func renderGrid(_ state: AppState, into frame: inout Frame) {
    renderTabBar(state, into: &frame)
    switch state.context {
    case .library: break
    case .albumList:
      renderAlbumList(state, into: &frame)
      return
    case .album(let ref):
      renderAlbumGrid(state, ref: ref, into: &frame)
      return
    case .search:
      renderSearch(state, into: &frame)
      return
    }
    renderSegmentBar(state, into: &frame)
    let area = state.grid.area
    if state.assets.isEmpty {
      renderEmptyLibrary(state, area: area, into: &frame)
      renderStatusLine(state, hints: "q quit", into: &frame)
      return
    }
    switch state.library.segment {
    case .all: renderAll(state, into: &frame)
    case .days: renderDays(state, into: &frame)
    case .years:
      renderCards(
        state, groups: state.timeline.years.map(\.assets), geometry: state.yearsGrid,
        top: state.library.yearsTopRow, selected: state.selectedYear,
        title: { "\(state.timeline.years[$0].year)" },
        count: { yearCount(state, $0) }, into: &frame)
    case .months:
      renderCards(
        state, groups: state.timeline.months.map(\.assets), geometry: state.monthsGrid,
        top: state.library.monthsTopRow, selected: state.selectedMonth,
        title: {
          let month = state.timeline.months[$0]
          return "\(CaptureDate.monthNames[month.month - 1].prefix(3)) \(month.year)"
        }, count: { monthCount(state, $0) }, into: &frame)
    }
    let hints =
      state.library.segment == .all || state.library.segment == .days
      ? "Enter open  Tab view  ? help" : "Enter open  Tab view  ? help"
    renderStatusLine(state, hints: hints, into: &frame)
  }

  static func renderAll(_ state: AppState, into frame: inout Frame) {
    let geometry = state.grid
    let first = state.gridTopRow * geometry.columns
    var tiles: [(index: Int, rect: CellRect)] = []
    for visibleRow in 0..<geometry.visibleRows {
      for column in 0..<geometry.columns {
        let index = first + visibleRow * geometry.columns + column
        guard index < state.assets.count else { break }
        tiles.append((index, geometry.tileRect(visibleRow: visibleRow, column: column)))
      }
    }
    renderTiles(state, tiles, labelRows: geometry.labelRows, into: &frame)
  }

  /// The tiles, then every frame, then every badge: a frame shares its top row with the
  /// badges of the tile above, and the badges must stay readable.
  static func renderTiles(
    _ state: AppState, _ tiles: [(index: Int, rect: CellRect)], labelRows: Int,
    into frame: inout Frame
  ) {
    for (index, rect) in tiles {
      renderTile(state, index: index, rect: rect, into: &frame)
      if labelRows > 0 { renderTileLabel(state, index: index, rect: rect, into: &frame) }
    }
    for (index, rect) in tiles {
      renderFrames(state, index: index, rect: rect, labelRows: labelRows, into: &frame)
    }
    for (index, rect) in tiles {
      renderBadges(state, index: index, rect: rect, labelRows: labelRows, into: &frame)
    }
  }

  static func renderDays(_ state: AppState, into frame: inout Frame) {
    let geometry = state.grid
    let layout = state.daysLayout
    guard geometry.columns > 0 else { return }
    var row = geometry.area.row
    let top = state.library.daysTopEntry
    let tileRows = geometry.tile.rows
    let height = geometry.area.height
    if let day = layout.pinnedDay(top: top, height: height, tileRows: tileRows) {
      // The header of the day at the top stays while its photos scroll under it.
      renderDayHeader(state, day: day, row: row + 1, geometry: geometry, into: &frame)
      row += layout.pinnedRows(top: top, height: height, tileRows: tileRows)
    }
    var tiles: [(index: Int, rect: CellRect)] = []
    for entry in layout.visibleEntries(from: top, height: height, tileRows: tileRows) {
      switch layout.entries[entry] {
      case .header(let dayIndex):
        renderDayHeader(state, day: dayIndex, row: row + 1, geometry: geometry, into: &frame)
      case .tiles(_, let first, let count):
        for column in 0..<count {
          let rect = CellRect(
            row: row + 1, column: geometry.leftMargin + 1 + column * (geometry.tile.columns + 1),
            width: geometry.tile.columns, height: geometry.tile.rows)
          tiles.append((first + column, rect))
        }
      }
      row += DaysLayout.height(of: layout.entries[entry], tileRows: geometry.tile.rows)
    }
    renderTiles(state, tiles, labelRows: 0, into: &frame)
  }

  /// A Days header: "Tuesday, 13 August 2024" on the left, the count on the right.
  static func renderDayHeader(
    _ state: AppState, day dayIndex: Int, row: Int, geometry: GridGeometry, into frame: inout Frame
  ) {
    let left = geometry.leftMargin + 1
    let right = geometry.leftMargin + geometry.columns * (geometry.tile.columns + 1)
    let day = state.timeline.days[dayIndex]
    let date = CaptureDate(year: day.year, month: day.month, day: day.day, source: .exif)
    let photos =
      state.libraryPhotoCount(year: day.year, month: day.month, day: day.day) ?? day.assets.count
    let count = "\(formatCount(photos)) \(photos == 1 ? "photo" : "photos")"
    let countWidth = TerminalText.width(of: count)
    frame.put(
      date.longDayTitle, row: row, column: left, role: .header,
      maxWidth: max(0, right - left - countWidth - 2))
    if right - left > countWidth + 12 {
      frame.put(count, row: row, column: right - countWidth, role: .headerDim)
    }
  }

  static func renderCards(
    _ state: AppState, groups: [Range<Int>], geometry: GridGeometry, top: Int, selected: Int?,
    title: (Int) -> String, count photos: (Int) -> Int, into frame: inout Frame
  ) {
    let first = top * geometry.columns
    for visibleRow in 0..<geometry.visibleRows {
      for column in 0..<geometry.columns {
        let card = first + visibleRow * geometry.columns + column
        guard card < groups.count else { break }
        let rect = geometry.tileRect(visibleRow: visibleRow, column: column)
        renderTile(state, index: Timeline.keyAsset(of: groups[card]), rect: rect, into: &frame)
        let labelRow = rect.row + rect.height
        let count = formatCount(photos(card))
        let countWidth = TerminalText.width(of: count)
        let used = frame.put(
          title(card), row: labelRow, column: rect.column, role: .header, maxWidth: rect.width)
        if used + countWidth + 1 <= rect.width {
          frame.put(
            count, row: labelRow, column: rect.column + rect.width - countWidth, role: .headerDim)
        }
        if card == selected {
          let framed = CellRect(
            row: rect.row, column: rect.column, width: rect.width,
            height: rect.height + geometry.labelRows)
          renderSelectionFrame(around: framed, into: &frame)
        }
      }
    }
  }

  static func renderSegmentBar(_ state: AppState, into frame: inout Frame) {
    guard frame.size.rows > 2 else { return }
    frame.fill(CellRect(row: 1, column: 0, width: frame.size.columns, height: 1), role: .header)
    for (segment, columns) in BarLayout.segments() {
      let active = segment == state.library.segment
      let text = active ? "[\(segment.title)]" : " \(segment.title) "
      frame.put(text, row: 1, column: columns.lowerBound, role: active ? .header : .headerDim)
    }
    let column = BarLayout.segmentsEnd
    guard !state.assets.isEmpty else { return }
    var context = ""
    switch state.library.segment {
    case .all:
      let geometry = state.grid
      guard geometry.columns > 0 else { return }
      let first = min(state.assets.count - 1, state.gridTopRow * geometry.columns)
      let last = min(state.assets.count - 1, first + max(1, geometry.tilesPerPage) - 1)
      context = dateRange(state.assets[first].captureDate, state.assets[last].captureDate)
    case .days:
      if let day = state.timeline.dayIndex(ofAsset: state.selectedIndex) {
        let d = state.timeline.days[day]
        context = "\(CaptureDate.monthNames[d.month - 1]) \(d.year)"
      }
    case .years:
      let n = state.timeline.years.count
      context = "\(n) \(n == 1 ? "year" : "years")"
      // On This Day announced where the years are, with its key (Photos' memories row).
      let memories = state.albums.memories.count
      if memories > 0 {
        context += " · On this day: \(memories) \(memories == 1 ? "memory" : "memories") (M)"
      }
    case .months:
      let n = state.timeline.months.count
      context = "\(n) \(n == 1 ? "month" : "months")"
    }
    frame.put("  " + context, row: 1, column: column, role: .headerDim)
  }

  static func renderTabBar(_ state: AppState, into frame: inout Frame) {
    frame.fill(CellRect(row: 0, column: 0, width: frame.size.columns, height: 1), role: .tabBar)
    var column = 1
    for (tab, columns) in BarLayout.tabs() {
      let active = tab == state.tab
      let text = active ? "[\(tab.title)]" : " \(tab.title) "
      frame.put(text, row: 0, column: columns.lowerBound, role: active ? .tabActive : .tabBar)
      column = columns.upperBound + 2
    }
    let count = state.library.assets.count
    var right = "\(formatCount(count)) \(count == 1 ? "photo" : "photos")"
    let favorites = state.albums.entries.first { $0.ref == .favorites }?.count ?? 0
    if favorites > 0 { right += "  \(Glyphs.favorite) \(formatCount(favorites))" }
    if case .indexing = state.library.status, count == 0 {
      right = "Reading library…"
    }
    if TerminalText.width(of: right) + 1 < frame.size.columns - column {
      frame.putRight(right, row: 0, role: .tabBar)
    }
  }

  static func renderTile(_ state: AppState, index: Int, rect: CellRect, into frame: inout Frame) {
    let asset = state.assets[index]
    let key = state.imageKey(forIndex: index)
    switch key.flatMap({ state.images[$0] }) {
    case .ready?:
      frame.place(key!, in: rect)
    case .preview?:
      frame.place(key!, in: rect, revision: 0)
    case .failed?:
      frame.fill(rect, role: .tileFailed)
      frame.putCentered(Glyphs.failed, row: rect.row + rect.height / 2, in: rect, role: .tileFailed)
    default:
      frame.fill(rect, role: .tilePlaceholder)
      if let key, state.waitingForDisk.contains(key), rect.height >= 2 {
        // A stalled mount or a sleeping disk: say why nothing comes (two lines if narrow).
        let middle = rect.row + rect.height / 2
        if rect.width >= 18 {
          frame.putCentered("waiting for disk", row: middle, in: rect, role: .tilePlaceholder)
        } else {
          frame.putCentered("waiting", row: middle - 1, in: rect, role: .tilePlaceholder)
          frame.putCentered("for disk", row: middle, in: rect, role: .tilePlaceholder)
        }
      } else if rect.height >= 3 {
        frame.putCentered(
          asset.format.label, row: rect.row + rect.height / 2, in: rect, role: .tilePlaceholder)
      }
    }
  }

  static func renderSelectionFrame(
    around rect: CellRect, role: StyleRole = .selection, heavy: Bool = false,
    into frame: inout Frame
  ) {
    let top = rect.row - 1
    let bottom = rect.row + rect.height
    let left = rect.column - 1
    let right = rect.column + rect.width
    let (h, v, tl, tr, bl, br) = heavy ? Glyphs.heavyFrame : Glyphs.lightFrame
    frame.put(tl + String(repeating: h, count: rect.width) + tr, row: top, column: left, role: role)
    frame.put(
      bl + String(repeating: h, count: rect.width) + br, row: bottom, column: left, role: role)
    for r in rect.row..<(rect.row + rect.height) {
      frame.put(v, row: r, column: left, role: role)
      frame.put(v, row: r, column: right, role: role)
    }
  }

  static func renderEmptyLibrary(_ state: AppState, area: CellRect, into frame: inout Frame) {
    guard area.height > 0 else { return }
    let middle = area.row + area.height / 2
    if case .indexing = state.library.status {
      frame.putCentered("Reading your library…", row: middle, in: area, role: .emptyTitle)
      return
    }
    let roots = state.roots.joined(separator: ", ")
    frame.putCentered("No photos in \(roots)", row: middle - 1, in: area, role: .emptyTitle)
    frame.putCentered(
      "Try Lightbox on a generated library: lightbox demo", row: middle + 1, in: area,
      role: .emptyHint)
  }

  // MARK: Status line

  /// "Importing 45 of 312 · 38 MB/s · 1:10 left".
  static func importProgress(_ run: ImportRun) -> String {
    var text = "Importing \(formatCount(run.filesDone)) of \(formatCount(run.filesTotal))"
    if run.bytesPerSecond > 0 {
      text += " · \(ByteCountText.format(Int64(run.bytesPerSecond)))/s"
    }
    if let left = run.secondsLeft {
      let seconds = Int(left.rounded(.up))
      let minutes = seconds / 60
      text += " · \(minutes):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60) left"
    }
    return text
  }

  static func renderStatusLine(_ state: AppState, hints: String, into frame: inout Frame) {
    let row = frame.size.rows - 1
    guard row >= 1 else { return }
    frame.fill(CellRect(row: row, column: 0, width: frame.size.columns, height: 1), role: .status)
    var text = ""
    var role = StyleRole.status
    if let message = state.message {
      text = " " + message
      role = state.messageIsError ? .statusError : .status
    } else if state.screen == .grid, state.library.segment == .years, let year = state.selectedYear
    {
      let group = state.timeline.years[year]
      text = " \(group.year) · \(formatCount(yearCount(state, year))) photos"
    } else if state.screen == .grid, state.library.segment == .months,
      let month = state.selectedMonth
    {
      let group = state.timeline.months[month]
      text =
        " \(CaptureDate.monthNames[group.month - 1]) \(group.year) · \(formatCount(monthCount(state, month))) photos"
    } else if state.screen == .detail, let playback = state.detail.playback {
      let room = frame.size.columns - TerminalText.width(of: hints) - 4
      text = playbackBar(playback, width: max(room, frame.size.columns / 2))
    } else if let asset = state.selectedAsset {
      let key = state.imageKey(forIndex: state.selectedIndex)
      if case .failed(let reason)? = key.flatMap({ state.images[$0] }) {
        text = " \(asset.fileName): \(reason)"
        role = .statusError
      } else {
        text = (asset.isFavorite ? " \(Glyphs.favorite) " : " ") + describe(asset)
        // A file decoded only in part says so where the user looks (issue 33 item 18).
        if state.library.damaged[asset.id] != nil {
          text += " \(Glyphs.separator) damaged file"
          role = .statusError
        }
      }
    }
    // While indexing, its progress takes the place of the key hints; an import's progress
    // or a card's offer too.
    var hints = hints
    if case .indexing(let done, let total) = state.library.status {
      hints = total > 0 ? "Indexing \(formatCount(done)) of \(formatCount(total))" : "Indexing…"
    }
    if case .ready = state.library.status, let hashing = state.duplicates.hashing {
      hints = "Finding duplicates \(formatCount(hashing.done)) of \(formatCount(hashing.total))"
    }
    if let run = state.importing.running {
      hints = importProgress(run)
    } else if let offer = state.importing.offer {
      hints = "I import \(formatCount(offer.newCount)) new from \(offer.name)"
    }
    // What is going on matters more than the key hints: they show only where both fit, and
    // where they do not, the pointer to the help may still.
    if TerminalText.width(of: text) + TerminalText.width(of: hints) + 3 > frame.size.columns {
      if case .indexing = state.library.status {} else { hints = "? help" }
    }
    let hintWidth = TerminalText.width(of: hints) + 3
    var showHints = TerminalText.width(of: text) + hintWidth <= frame.size.columns
    var textWidth = frame.size.columns - 1
    if case .indexing = state.library.status, frame.size.columns >= hintWidth + 12 {
      // Progress is news: it stays, and the photo's description gives way.
      showHints = true
      textWidth = frame.size.columns - hintWidth
    }
    frame.put(text, row: row, column: 0, role: role, maxWidth: textWidth)
    if showHints { frame.putRight(hints, row: row, role: .statusDim) }
  }

  /// "IMG_2041.jpg · 4032×3024 · 3.1 MB · 13 Aug 2024 10:22".
  static func describe(_ asset: Asset) -> String {
    var parts = [asset.fileName]
    if let size = asset.displayPixelSize { parts.append(size.description) }
    parts.append(ByteCountText.format(asset.byteSize))
    if asset.rawCompanion != nil { parts.append("RAW+\(asset.format.label)") }
    if asset.liveMovie != nil { parts.append("LIVE") }
    if let duration = asset.duration { parts.append(DurationText.badge(seconds: duration)) }
    parts.append(asset.captureDate.shortDateTime)
    return parts.joined(separator: " · ")
  }

  // MARK: Formatting

  /// The photos of year card `year`, the frames of shut burst stacks counted.
  static func yearCount(_ state: AppState, _ year: Int) -> Int {
    let group = state.timeline.years[year]
    return state.libraryPhotoCount(year: group.year) ?? group.assets.count
  }

  /// The photos of month card `month`, the frames of shut burst stacks counted.
  static func monthCount(_ state: AppState, _ month: Int) -> Int {
    let group = state.timeline.months[month]
    return state.libraryPhotoCount(year: group.year, month: group.month) ?? group.assets.count
  }

  /// "12,408".
  static func formatCount(_ n: Int) -> String {
    let digits = Array(String(n))
    var out = ""
    for (i, d) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(d)
    }
    return out
  }

  /// "13 Aug – 2 Sep 2024", "13 – 20 Aug 2024", "13 Aug 2024".
  static func dateRange(_ a: CaptureDate, _ b: CaptureDate) -> String {
    func mon(_ d: CaptureDate) -> String { String(CaptureDate.monthNames[d.month - 1].prefix(3)) }
    if a.year == b.year && a.month == b.month && a.day == b.day {
      return "\(a.day) \(mon(a)) \(a.year)"
    }
    if a.year == b.year && a.month == b.month { return "\(a.day) – \(b.day) \(mon(b)) \(b.year)" }
    if a.year == b.year { return "\(a.day) \(mon(a)) – \(b.day) \(mon(b)) \(b.year)" }
    return "\(a.day) \(mon(a)) \(a.year) – \(b.day) \(mon(b)) \(b.year)"
  }
}

import PhotoModel
import PhotoStore

extension LibraryView {
  /// The keys of the current view, as bound now.
  static func helpLines(_ state: AppState, keyMap: KeyMap) -> [(keys: String, what: String)] {
    func keys(_ command: KeyCommand) -> String {
      keyMap.keys(for: command).map(keyName).filter { !$0.isEmpty }.prefix(2).joined(separator: " ")
    }
    var lines: [(String, String)] = []
    func add(_ command: KeyCommand, _ what: String) {
      let k = keys(command)
      if !k.isEmpty { lines.append((k, what)) }
    }
    /// Commands that pair up ("+ -  zoom in / out") share a line, so the help fits 80×24.
    func add(_ commands: [KeyCommand], _ what: String) {
      let k = commands.map(keys).filter { !$0.isEmpty }.joined(separator: " ")
      if !k.isEmpty { lines.append((k, what)) }
    }
    let context = state.context
    if state.map.isShown {
      lines.append(("←↑↓→ hjkl", "the nearest cluster that way"))
      add([.zoomIn, .zoomOut], "zoom in / out (clusters re-formed)")
      add(.open, "the cluster's photos")
      add(.back, "back")
    } else if state.screen == .detail {
      let playing = state.detail.playback?.arrowsSeek ?? false
      add(
        .moveLeft,
        playing ? "5 s back" : state.detail.zoom == nil ? "previous photo" : "pan (zoomed)")
      add(.moveRight, playing ? "5 s on" : state.detail.zoom == nil ? "next photo" : "pan (zoomed)")
      add(.back, "back to the grid")
      add([.zoomIn, .zoomOut], "zoom in / out")
      add([.zoomFit, .zoomActualSize, .zoomFill], "fit / 1:1 / fill")
      add(.chrome, "hide or show the bars")
      add([.slideshow, .slideshowFaster, .slideshowSlower], "slideshow, pause / speed")
      if let asset = state.selectedAsset, AppState.playableClip(of: asset) != nil {
        add(.play, "play / pause")
        add([.seekBack, .seekForward], "5 s back / on")
      }
    } else {
      lines.append(("←↑↓→ hjkl", context == .albumList ? "move between albums" : "move"))
      // PgUp, PgDn and Space as bound (Ctrl-B and Ctrl-F, less's and vim's, are in the docs).
      let paging = [KeyCommand.pageUp, .pageDown].flatMap { keyMap.keys(for: $0).map(keyName) }
        .filter { !$0.isEmpty && !$0.hasPrefix("Ctrl-") }
      if !paging.isEmpty { lines.append((paging.joined(separator: " "), "a screen up / down")) }
      add(.first, "first")
      add(.last, "last (newest)")
      if context == .library && !state.library.stacks.isEmpty {
        add(.open, "open; a burst's stack (\(Glyphs.stack)N): open / shut it")
      } else {
        add(.open, context == .albumList ? "open the album" : "open")
      }
      if !state.albums.memories.isEmpty { add(.memories, "today's memories (On This Day)") }
      if state.tab != .search { add(.map, "the world map of the photos' places") }
      if state.tab == .library {
        add(.nextSegment, "Years · Months · Days · All")
        add(.back, "zoom out (Days → Months → Years)")
      } else if case .album = context {
        add(.back, "back to Albums")
      }
    }
    if state.map.isShown {
      // No photo is selected on the map: the photo keys act in a cluster's grid.
    } else if context == .albumList {
      add(.newAlbum, "new album")
      add(.renameAlbum, "rename the album")
      add(.deleteAlbum, "delete the album (photos stay)")
    } else if context == .album(.recentlyDeleted) {
      add(.restore, "restore to where it was")
      add(.delete, "delete for good (asks first)")
    } else {
      if context == .album(.duplicates) {
        add(.chooseKeeper, "keep this photo of its group")
        add(.merge, "merge the group into its keeper (u undoes)")
      }
      add(.favorite, "favorite \(Glyphs.favorite)")
      add(.delete, "move to Recently Deleted")
      add(.undo, "undo the delete, turn, date, tag or caption change")
      add(.hide, context == .album(.hidden) ? "unhide" : "hide")
      add([.rotateAnticlockwise, .rotateClockwise], "turn left / right (file untouched)")
      add(.export, "export as JPEG to a folder")
      // One line for the three (at 80×24 the photo view's keys fill the screen already).
      add([.adjustDates, .tag, .rate, .caption], "date / tag / stars 0-5, x rejects / caption")
      if state.importing.offer != nil { add(.importPhotos, "import the card's new photos") }
      add(.addToAlbum, "add to an album")
      if case .album(.user) = context { add(.removeFromAlbum, "take out of this album") }
      if state.screen == .grid {
        add(.mark, "mark (then d f a H act on all)")
        add(.markRange, "mark a range")
      }
      add(.info, "info")
      add(.copyPath, "copy the path (OSC 52)")
      if state.screen == .grid { add(.copyMarkedPaths, "copy the marked photos' paths") }
      add(.openExternally, "open in another program (opener)")
      add(.openFolder, "open the containing folder")
    }
    if state.tab == .search && state.screen == .grid {
      // The query field's own keys (not rebindable, like Backspace); not over a photo opened
      // from the results, whose keys are the photo's.
      add(.searchTab, "a new query (the old one selected)")
      lines.append(("← → Home End", "move in the query"))
      lines.append(("↑ ↓", "earlier queries"))
      lines.append(("Ctrl-U", "clear the query"))
      lines.append(("Ctrl-W", "delete a word"))
    }
    // The tabs by their number keys ("1 2 3"); / for Search is listed with the query's keys.
    let tabKeys = [KeyCommand.libraryTab, .albumsTab, .searchTab].compactMap {
      keys($0).split(separator: " ").last.map(String.init)
    }
    if !tabKeys.isEmpty {
      lines.append((tabKeys.joined(separator: " "), "Library · Albums · Search"))
    }
    add(.help, "this help")
    // q quits from every view (as in nsxiv and yazi); Esc and Backspace are the way back.
    add(.quit, "quit")
    return lines
  }

  /// How a key is written in the help.
  static func keyName(_ event: InputEvent) -> String { event.keyLabel ?? "" }

  static func renderHelp(_ state: AppState, keyMap: KeyMap, into frame: inout Frame) {
    let lines = helpLines(state, keyMap: keyMap)
    let keyWidth = min(15, lines.map { TerminalText.width(of: $0.keys) }.max() ?? 0)
    let whatWidth = lines.map { TerminalText.width(of: $0.what) }.max() ?? 0
    // A page over the whole view between the tab bar and the status line, as htop's and
    // yazi's help: a box over part of a grid blanked every tile it touched, the parts it
    // left uncovered too (pictures are whole or gone), issue 33 item 14.
    // The tab bar and the status line stay when the keys fit between them (at 80×24 the
    // photo view's keys need the whole screen).
    let fits = lines.count + 2 <= frame.size.rows - 2
    let box = CellRect(
      row: fits ? 1 : 0, column: 0, width: frame.size.columns,
      height: max(0, frame.size.rows - (fits ? 2 : 0)))
    let inner = renderBox(box, title: "Keys", into: &frame)
    let contentWidth = min(inner.width, keyWidth + whatWidth + 2)
    let left = inner.column + max(0, (inner.width - contentWidth) / 2)
    let top = inner.row + max(0, (inner.height - lines.count) / 2)
    for (i, line) in lines.enumerated() where top + i < inner.row + inner.height {
      frame.put(line.keys, row: top + i, column: left, role: .panelTitle, maxWidth: keyWidth)
      frame.put(
        line.what, row: top + i, column: left + keyWidth + 2, role: .panel,
        maxWidth: max(0, contentWidth - keyWidth - 2))
    }
  }
}

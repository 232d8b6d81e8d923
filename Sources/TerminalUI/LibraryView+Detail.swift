import PhotoModel
import PhotoStore

extension LibraryView {
  /// The detail view: one photo, its title bar, filmstrip and status line.
  static func renderDetail(_ state: AppState, into frame: inout Frame) {
    guard let asset = state.selectedAsset else { return }
    // Hidden bars leave their cells empty: the photo keeps its place and size (seed 002).
    if !state.detail.chromeHidden { renderDetailTitle(state, asset: asset, into: &frame) }
    let area = state.detailImageArea
    if !area.isEmpty { renderDetailPhoto(state, asset: asset, in: area, into: &frame) }
    guard !state.detail.chromeHidden else { return }
    renderFilmstrip(state, into: &frame)
    let hints: String
    if let playback = state.detail.playback {
      // ← → seek only while a clip longer than a seek step plays; Shift-← → always do.
      let seek = playback.arrowsSeek ? "←→ 5 s" : "Shift-←→ 5 s"
      hints = "\(playback.isPaused ? "p play" : "p pause")  \(seek)  Esc back"
    } else if state.detail.slideshow != nil {
      hints = "S pause  [ ] speed  any key stops"
    } else {
      let playable = AppState.playableClip(of: asset) != nil
      hints =
        state.detail.zoom != nil
        ? "←↑↓→ pan  0 fit  Esc back"
        : playable ? "p play  ←→ page  + zoom  Esc back" : "←→ page  + zoom  i info  Esc back"
    }
    renderStatusLine(state, hints: hints, into: &frame)
  }

  /// The detail view's title bar: favorite, date and time, town, zoom, position.
  static func renderDetailTitle(_ state: AppState, asset: Asset, into frame: inout Frame) {
    frame.fill(CellRect(row: 0, column: 0, width: frame.size.columns, height: 1), role: .title)
    let date = asset.captureDate
    var title = " \(date.longDayTitle)  \(date.timeOfDay)"
    if let offset = date.offsetText { title += " \(offset)" }
    if let place = asset.place { title += " · \(place.locality)" }
    if asset.isFavorite { title = " " + Glyphs.favorite + title }
    var position = "\(formatCount(state.selectedIndex + 1)) of \(formatCount(state.assets.count))"
    if let zoom = state.zoomLabel { position = "\(zoom)  \(position)" }
    if let show = state.slideshowLabel { position = "\(show)  \(position)" }
    let positionWidth = TerminalText.width(of: position) + 2
    frame.put(
      title, row: 0, column: 0, role: .title, maxWidth: max(0, frame.size.columns - positionWidth))
    if frame.size.columns > positionWidth + 10 { frame.putRight(position, row: 0, role: .titleDim) }
  }

  /// The photo (or the zoomed part of it, with the minimap), or why it is not there yet.
  static func renderDetailPhoto(
    _ state: AppState, asset: Asset, in area: CellRect, into frame: inout Frame
  ) {
    if let playing = state.playbackFrameKey {
      // The clip's newest frame (the player put it in the picture cache).
      frame.place(playing, in: area)
      return
    }
    let key = state.imageKey(forIndex: state.selectedIndex)
    switch key.flatMap({ state.images[$0] }) {
    case .ready?:
      frame.place(key!, in: area)
    case .preview?:
      frame.place(key!, in: area, revision: 0)
    case .failed(let reason)?:
      frame.putCentered(
        "\(Glyphs.failed) \(asset.fileName)", row: area.row + area.height / 2 - 1, in: area,
        role: .tileFailed)
      frame.putCentered(reason, row: area.row + area.height / 2 + 1, in: area, role: .emptyHint)
    default:
      // Zooming: the fitted photo stays until the sharp region arrives.
      if key?.region != nil, let fitted = state.fittedKey(forIndex: state.selectedIndex),
        state.images[fitted] == .ready
      {
        frame.place(fitted, in: area)
      } else {
        let waiting = key.map { state.waitingForDisk.contains($0) } ?? false
        frame.putCentered(
          waiting ? "Waiting for disk: \(asset.fileName)…" : "Loading \(asset.fileName)…",
          row: area.row + area.height / 2, in: area, role: .emptyHint)
      }
    }
    if let minimap = state.minimap, state.images[minimap.key] == .ready {
      frame.place(minimap.key, in: minimap.rect)
    }
  }

  /// The status line's playback bar: "playing 0:03 ━━━━━━━──────── 0:42", as wide as
  /// `width` allows; an animated image loops and has no end ("playing 0:03 · loops").
  static func playbackBar(_ playback: Playback, width: Int) -> String {
    let state = playback.hasEnded ? "ended" : playback.isPaused ? "paused" : "playing"
    var elapsed = DurationText.elapsed(milliseconds: playback.positionMilliseconds)
    guard let duration = playback.durationMilliseconds, duration > 0 else {
      return " \(state) \(elapsed) \(Glyphs.separator) loops"
    }
    // The length as the tile's badge shows it (rounded), and at the end the clock says the
    // same: a 1.5 s clip ended at "0:01 … 0:02".
    let total = DurationText.badge(seconds: Double(duration) / 1000)
    if playback.hasEnded || playback.positionMilliseconds >= duration { elapsed = total }
    let head = " \(state) \(elapsed) "
    let tail = " \(total)"
    let barWidth = min(40, width - TerminalText.width(of: head) - TerminalText.width(of: tail))
    guard barWidth >= 4 else { return head + "/" + tail }
    let done = min(barWidth, barWidth * max(0, playback.positionMilliseconds) / duration)
    return head + String(repeating: Glyphs.heavyFrame.0, count: done)
      + String(repeating: Glyphs.lightFrame.0, count: barWidth - done) + tail
  }
}

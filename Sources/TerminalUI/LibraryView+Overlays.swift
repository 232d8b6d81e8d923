import PhotoModel
import PhotoStore

extension LibraryView {
  /// Draws a panel or dialog over the view; no picture shows through it.
  static func renderOverlay(
    _ overlay: Overlay, _ state: AppState, keyMap: KeyMap, into frame: inout Frame
  ) {
    switch overlay {
    case .help: renderHelp(state, keyMap: keyMap, into: &frame)
    case .info: renderInfo(state, into: &frame)
    case .picker(let picker): renderPicker(picker, state, into: &frame)
    case .prompt(let prompt): renderPrompt(prompt, state, into: &frame)
    case .confirm(let confirmation): renderConfirmation(confirmation, into: &frame)
    case .importing: break  // drawn as a view of its own (`render`)
    }
  }

  /// A bordered box with a title; returns the inner rectangle.
  @discardableResult
  static func renderBox(_ rect: CellRect, title: String, into frame: inout Frame) -> CellRect {
    frame.removeImages(intersecting: rect)
    frame.fill(rect, role: .panel)
    guard rect.width >= 4, rect.height >= 3 else {
      return CellRect(row: rect.row, column: rect.column, width: 0, height: 0)
    }
    let inner = rect.width - 2
    frame.put(
      "╭" + String(repeating: "─", count: inner) + "╮", row: rect.row, column: rect.column,
      role: .panelDim)
    frame.put(
      "╰" + String(repeating: "─", count: inner) + "╯", row: rect.row + rect.height - 1,
      column: rect.column, role: .panelDim)
    for r in (rect.row + 1)..<(rect.row + rect.height - 1) {
      frame.put("│", row: r, column: rect.column, role: .panelDim)
      frame.put("│", row: r, column: rect.column + rect.width - 1, role: .panelDim)
    }
    if !title.isEmpty {
      frame.put(
        " \(title) ", row: rect.row, column: rect.column + 2, role: .panelTitle, maxWidth: inner - 2
      )
    }
    return CellRect(
      row: rect.row + 1, column: rect.column + 2, width: rect.width - 4, height: rect.height - 2)
  }

  /// A box of `width` × `height` centred on the screen (clipped to it).
  static func centredBox(width: Int, height: Int, in size: TerminalSize) -> CellRect {
    let w = min(width, size.columns)
    let h = min(height, size.rows)
    return CellRect(
      row: max(0, (size.rows - h) / 2), column: max(0, (size.columns - w) / 2), width: w, height: h)
  }

  // MARK: Info

  /// The lines of the info panel for a photo.
  static func infoLines(_ asset: Asset, _ state: AppState) -> [(label: String, value: String)] {
    var lines: [(String, String)] = [("Name", asset.fileName)]
    let folder = asset.path.lastIndex(of: "/").map { String(asset.path[..<$0]) } ?? ""
    lines.append(("Folder", folder.isEmpty ? "/" : folder))
    lines.append(("Size", ByteCountText.format(asset.byteSize)))
    if let size = asset.displayPixelSize {
      let megapixels = Double(size.width * size.height) / 1_000_000
      // Under 0.1 MP a megapixel figure reads "0.0 MP": the pixel count says more.
      let amount =
        megapixels < 0.1
        ? "\(formatCount(size.width * size.height)) px"
        : "\((megapixels * 10).rounded() / 10) MP"
      lines.append(("Pixels", "\(size.description) (\(amount))"))
    }
    lines.append(("Format", asset.formatLabel))
    if let damage = state.library.damaged[asset.id] {
      lines.append(("Damaged", "\(damage); the rest of the picture is missing"))
    }
    if let duration = asset.duration {
      lines.append(("Length", DurationText.badge(seconds: duration)))
    }
    let date = asset.captureDate
    lines.append(("Taken", date.longDayTitle))
    var time = date.timeOfDay
    if let offset = date.offsetText { time += " \(offset)" }
    lines.append(("Time", time))
    lines.append(("Date from", date.source.fieldName))
    // "Canon EOS 40D", not "Canon Canon EOS 40D"; "Nikon E950", not "NIKON CORPORATION E950".
    if let camera = CameraName.display(make: asset.cameraMake, model: asset.cameraModel) {
      lines.append(("Camera", camera))
    }
    if let lens = asset.lensModel { lines.append(("Lens", lens)) }
    if let exposure = asset.exposure, !exposure.isEmpty {
      var parts: [String] = []
      if let f = exposure.fNumber { parts.append("f/\(trimmed(f))") }
      if let t = exposure.exposureTime?.text { parts.append(t) }
      if let iso = exposure.iso { parts.append("ISO \(iso)") }
      if let focal = exposure.focalLength { parts.append("\(trimmed(focal)) mm") }
      lines.append(("Exposure", parts.joined(separator: " · ")))
    }
    // The place in words ("Shibakōen · Tokyo, Tokyo, Japan"), then where exactly.
    let place = asset.place
    if let place { lines.append(("Place", place.description)) }
    if let lat = asset.latitude, let lon = asset.longitude {
      lines.append((place == nil ? "Place" : "", coordinates(lat, lon)))
    }
    if let raw = asset.rawCompanion {
      lines.append(("RAW", "\(raw.fileName) · \(ByteCountText.format(raw.byteSize))"))
    }
    if let movie = asset.liveMovie {
      var parts = [movie.fileName, ByteCountText.format(movie.byteSize)]
      if let duration = movie.duration { parts.append(DurationText.badge(seconds: duration)) }
      lines.append(("Live", parts.joined(separator: " · ")))
    }
    let albums = state.library.collections.albums.filter { $0.assetIDs.contains(asset.id) }.map(
      \.name)
    lines.append(("Albums", albums.isEmpty ? "none" : albums.joined(separator: ", ")))
    // XMP: the rating, the colour label, the tags ("Places/Japan/Kyoto"), by name.
    let rating = asset.rating
    if rating != 0 {
      lines.append(("Rating", rating < 0 ? "rejected" : rating == 1 ? "1 star" : "\(rating) stars"))
    }
    if let label = state.library.tags.label(of: asset.id) { lines.append(("Label", label)) }
    let people = state.library.people.names(of: asset.id)
    if !people.isEmpty { lines.append(("People", people.joined(separator: ", "))) }
    let captions = state.library.captions.entry(of: asset.id)
    if let title = captions.title { lines.append(("Title", title)) }
    // The caption as last read or written (C) while the catalog catches up, else the
    // catalog's; on one line.
    if let caption = state.library.captionsRead[asset.id] ?? captions.caption {
      lines.append(("Caption", AppState.oneLine(caption)))
    }
    let tags = state.library.tags.tags(of: asset.id).map { $0.joined(separator: "/") }
    if !tags.isEmpty {
      lines.append(
        ("Tags", tags.sorted { $0.lowercased() < $1.lowercased() }.joined(separator: ", ")))
    }
    var flags: [String] = []
    if asset.isFavorite { flags.append("\(Glyphs.favorite) Favorite") }
    if asset.isHidden { flags.append("Hidden") }
    if !flags.isEmpty { lines.append(("", flags.joined(separator: " · "))) }
    return lines
  }

  /// "2.8" for 2.8, "26" for 26.0.
  static func trimmed(_ value: Double) -> String {
    let tenths = (value * 10).rounded() / 10
    return tenths == tenths.rounded() ? "\(Int(tenths))" : "\(tenths)"
  }

  /// "37.5665° N, 126.9780° E".
  static func coordinates(_ lat: Double, _ lon: Double) -> String {
    func part(_ v: Double, _ positive: String, _ negative: String) -> String {
      let scaled = Int((abs(v) * 10_000).rounded())
      let fraction = String(scaled % 10_000)
      return
        "\(scaled / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)° \(v < 0 ? negative : positive)"
    }
    return "\(part(lat, "N", "S")), \(part(lon, "E", "W"))"
  }

  /// The info panel: a column beside the photo in the detail view (which the photo
  /// re-fits around, so none of it is hidden), a box over the right of the grid.
  static func renderInfo(_ state: AppState, into frame: inout Frame) {
    guard let asset = state.selectedAsset else { return }
    let lines = infoLines(asset, state)
    let box: CellRect
    let gap: Int
    if state.screen == .detail {
      box = DetailGeometry.infoPanel(terminal: state.terminal)
      // The column is as tall as the photo: no blank line under the title, to fit more.
      gap = 0
    } else {
      // A column beside the grid, which is laid out in the columns left of it
      // (`gridTerminal`), from the section header down to the status line.
      let width = GridGeometry.infoPanelWidth(terminal: state.terminal)
      box = CellRect(
        row: 1, column: frame.size.columns - width, width: width,
        height: max(3, frame.size.rows - 2))
      gap = 1
    }
    let inner = renderBox(box, title: "Info", into: &frame)
    let labelWidth = min(10, max(0, inner.width / 3))
    let valueWidth = max(0, inner.width - labelWidth - 1)
    var row = inner.row + gap
    for line in lines {
      // The narrow column wraps a long value under itself rather than cutting it.
      let parts = wrap(line.value, width: valueWidth)
      for (k, part) in parts.enumerated() where row < inner.row + inner.height - gap {
        if k == 0 {
          frame.put(
            line.label, row: row, column: inner.column, role: .panelDim, maxWidth: labelWidth)
        }
        frame.put(
          part, row: row, column: inner.column + labelWidth + 1, role: .panel,
          maxWidth: valueWidth)
        row += 1
      }
    }
  }

  /// `text` in lines of at most `width` columns, broken at spaces (a longer word is left
  /// whole, for the frame to cut).
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0, TerminalText.width(of: text) > width else { return [text] }
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
      let candidate = current.isEmpty ? word : current + " " + word
      if TerminalText.width(of: candidate) <= width || current.isEmpty {
        current = candidate
      } else {
        lines.append(current)
        current = word
      }
    }
    lines.append(current)
    return lines
  }

  // MARK: Dialogs

  static func renderPicker(_ picker: AlbumPicker, _ state: AppState, into frame: inout Frame) {
    let rows =
      ["+ New album…"]
      + state.library.collections.albums.map { album in
        "\(album.name)  \(formatCount(album.assetIDs.count))"
      }
    let visible = max(1, min(rows.count, frame.size.rows - 8))
    let first = min(max(0, picker.row - visible + 1), max(0, rows.count - visible))
    let width = min(max(38, (rows.map { TerminalText.width(of: $0) }.max() ?? 0) + 8), 60)
    let box = centredBox(width: width, height: visible + 5, in: frame.size)
    let inner = renderBox(
      box, title: "Add \(AppState.photoCount(picker.assets.count)) to…", into: &frame)
    for i in 0..<visible where first + i < rows.count && i < inner.height - 2 {
      let row = first + i
      let rect = CellRect(
        row: inner.row + 1 + i, column: inner.column, width: inner.width, height: 1)
      let selected = row == picker.row
      if selected { frame.fill(rect, role: .panelSelected) }
      frame.put(
        rows[row], row: rect.row, column: rect.column + 1, role: selected ? .panelSelected : .panel,
        maxWidth: rect.width - 2)
    }
    frame.put(
      "↑↓ choose  Enter add  Esc cancel", row: inner.row + inner.height - 1, column: inner.column,
      role: .panelDim, maxWidth: inner.width)
  }

  static func renderPrompt(_ prompt: NamePrompt, _ state: AppState, into frame: inout Frame) {
    let title: String
    var label = "Name:"
    var hint = "Enter save  Esc cancel"
    switch prompt.purpose {
    case .newAlbum(let ids):
      title = ids.isEmpty ? "New album" : "New album with \(AppState.photoCount(ids.count))"
    case .rename: title = "Rename album"
    case .export(let ids):
      title = "Export \(AppState.photoCount(ids.count)) as JPEG"
      label = "To:"
      hint = "folder, then long edge in px · Enter export"
    case .adjustDates(let ids):
      title = "Adjust the date of \(AppState.photoCount(ids.count))"
      label = "Date:"
      hint = "the earliest's date, or +1h30m / -2d · Enter"
    case .tag(let ids):
      title = "Tag \(AppState.photoCount(ids.count))"
      label = "Tag:"
      hint = "Places/Japan/Kyoto · -tag removes · Tab completes"
    case .rate(let ids):
      title = "Rate \(AppState.photoCount(ids.count))"
      label = "Stars:"
      hint = "0 to 5 stars, x rejects · Esc cancel"
    case .caption(let ids):
      title = ids.count == 1 ? "Caption" : "Caption of \(AppState.photoCount(ids.count))"
      label = "Caption:"
      hint = "Enter save · empty removes · Esc cancel"
    }
    // A caption is a sentence: its field is as wide as the terminal allows.
    var width = 48
    if case .caption = prompt.purpose { width = max(48, min(frame.size.columns - 4, 100)) }
    let box = centredBox(width: width, height: 7, in: frame.size)
    let inner = renderBox(box, title: title, into: &frame)
    guard inner.height >= 4 else { return }
    let labelWidth = TerminalText.width(of: label) + 1
    frame.put(label, row: inner.row + 1, column: inner.column, role: .panel)
    let field = CellRect(
      row: inner.row + 1, column: inner.column + labelWidth,
      width: max(1, inner.width - labelWidth), height: 1)
    frame.fill(field, role: .panelSelected)
    let text = String((prompt.text + Glyphs.cursor).suffix(field.width))
    frame.put(
      text, row: field.row, column: field.column, role: .panelSelected, maxWidth: field.width)
    if let error = prompt.error {
      frame.put(
        error, row: inner.row + 2, column: inner.column, role: .panelError, maxWidth: inner.width)
    } else if case .tag = prompt.purpose, !prompt.text.isEmpty {
      // The tags Tab would complete to, on the line under the field.
      let matches = state.tagCompletions(for: prompt.text, limit: 3)
      frame.put(
        matches.joined(separator: ", "), row: inner.row + 2, column: inner.column,
        role: .panelDim, maxWidth: inner.width)
    }
    frame.put(
      hint, row: inner.row + inner.height - 1, column: inner.column, role: .panelDim,
      maxWidth: inner.width)
  }

  static func renderConfirmation(_ confirmation: Confirmation, into frame: inout Frame) {
    let width = min(
      frame.size.columns,
      max(
        40, TerminalText.width(of: confirmation.question) + 6,
        TerminalText.width(of: confirmation.detail) + 6))
    let box = centredBox(width: width, height: 7, in: frame.size)
    let inner = renderBox(box, title: "Confirm", into: &frame)
    guard inner.height >= 4 else { return }
    frame.put(
      confirmation.question, row: inner.row + 1, column: inner.column, role: .panelTitle,
      maxWidth: inner.width)
    frame.put(
      confirmation.detail, row: inner.row + 2, column: inner.column, role: .panelDim,
      maxWidth: inner.width)
    frame.put("y yes   n no", row: inner.row + inner.height - 1, column: inner.column, role: .panel)
  }
}

import PhotoModel

/// The row of small neighbour thumbnails under the detail photo, centred on the current
/// photo (which the view frames). A pure function of the terminal size, the selection and
/// the library's size, like the other geometries, so the reducer and the view agree.
public struct Filmstrip: Hashable, Sendable {
  /// One thumbnail: which photo and where.
  public struct Slot: Hashable, Sendable {
    public var index: Int
    public var rect: CellRect
  }

  /// The strip's rows, frame included (the detail photo's area ends above it).
  public let area: CellRect
  /// The cells of each thumbnail.
  public let tile: TileSize
  /// The thumbnails shown, left to right.
  public let slots: [Slot]

  /// Terminals shorter than this show no filmstrip: the photo needs the rows more.
  public static let minimumRows = 20
  /// At most this many thumbnails, however wide the terminal.
  public static let maximumSlots = 15

  /// The cells of one thumbnail: square in pixels for cells about twice as tall as wide.
  public static func tile(terminal: TerminalSize) -> TileSize {
    let rows = terminal.rows >= 48 ? 4 : 3
    return TileSize(columns: rows * 2, rows: rows)
  }

  /// Rows the strip takes under the photo (0 when the terminal is too small for it).
  public static func height(terminal: TerminalSize) -> Int {
    guard terminal.rows >= minimumRows, terminal.columns >= 30 else { return 0 }
    // The thumbnails and the current one's frame above and below.
    return tile(terminal: terminal).rows + 2
  }

  /// The strip for photo `selected` of `count`, or nil when the terminal is too small.
  public init?(terminal: TerminalSize, selected: Int, count: Int) {
    let height = Self.height(terminal: terminal)
    guard height > 0, count > 0, (0..<count).contains(selected) else { return nil }
    let tile = Self.tile(terminal: terminal)
    let pitch = tile.columns + 1
    var slots = min(Self.maximumSlots, max(1, (terminal.columns - 1) / pitch))
    if slots % 2 == 0 { slots -= 1 }  // odd, so the current photo is in the middle
    let width = slots * pitch + 1
    let left = (terminal.columns - width) / 2 + 1
    let top = terminal.rows - 1 - height
    self.area = CellRect(row: top, column: 0, width: terminal.columns, height: height)
    self.tile = tile
    var shown: [Slot] = []
    for k in 0..<slots {
      let index = selected - slots / 2 + k
      guard (0..<count).contains(index) else { continue }
      shown.append(
        Slot(
          index: index,
          rect: CellRect(
            row: top + 1, column: left + k * pitch, width: tile.columns, height: tile.rows)))
    }
    self.slots = shown
  }
}

extension AppState {
  /// The detail view's filmstrip now, or nil (grid, or a terminal too small for it).
  public var filmstrip: Filmstrip? {
    guard screen == .detail else { return nil }
    return Filmstrip(terminal: terminal, selected: selectedIndex, count: assets.count)
  }

  /// The key of the filmstrip thumbnail of photo `index`.
  public func filmstripKey(forIndex index: Int) -> ImageKey? {
    guard assets.indices.contains(index) else { return nil }
    let tile = Filmstrip.tile(terminal: terminal)
    return ImageKey(
      asset: assets[index].id, size: pixelSize(of: tile), fit: .fill,
      rotation: assets[index].userRotation)
  }

  /// The filmstrip's thumbnails, nearest to the current photo first, after the detail
  /// photo and its neighbours (`.prefetch`), so paging stays instant.
  func filmstripRequests() -> [ImageRequest] {
    guard let strip = filmstrip else { return [] }
    let size = pixelSize(of: strip.tile)
    let nearestFirst = strip.slots.sorted {
      let a = abs($0.index - selectedIndex)
      let b = abs($1.index - selectedIndex)
      return a != b ? a < b : $0.index > $1.index
    }
    return nearestFirst.map {
      let asset = assets[$0.index]
      return ImageRequest(
        key: ImageKey(asset: asset.id, size: size, fit: .fill, rotation: asset.userRotation),
        path: asset.path,
        format: asset.format, orientation: asset.orientation, priority: .prefetch,
        bestQuality: false, exifThumbnail: asset.exifThumbnail,
        storedSize: asset.storedPixelSize)
    }
  }
}

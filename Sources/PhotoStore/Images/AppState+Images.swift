import PhotoModel

extension AppState {
  /// The image requests the current screen wants, most urgent first.
  public var wantedImages: [ImageRequest] {
    guard isRunning else { return [] }
    if importing.picker != nil { return importRequests() }
    if map.isShown { return mapRequests() }
    if context == .albumList && screen == .grid { return albumCoverRequests() }
    guard !assets.isEmpty else { return [] }
    switch screen {
    case .grid:
      switch activeSegment {
      case .all: return allRequests()
      case .days: return daysRequests()
      case .years:
        return cardRequests(
          groups: timeline.years.map(\.assets), geometry: yearsGrid, top: library.yearsTopRow)
      case .months:
        return cardRequests(
          groups: timeline.months.map(\.assets), geometry: monthsGrid, top: library.monthsTopRow)
      }
    case .detail:
      guard let size = fittedKey(forIndex: selectedIndex)?.size else { return [] }
      var wanted: [ImageRequest] = []
      if let key = imageKey(forIndex: selectedIndex), key.region != nil {
        // Zoomed: the sharp region and the minimap first; the fitted photo stays wanted
        // (it is on screen until the region arrives, and zooming out is instant).
        wanted.append(request(for: selectedAsset!, key: key, priority: .visible))
        if let minimap {
          wanted.append(request(for: selectedAsset!, key: minimap.key, priority: .visible))
        }
      }
      wanted.append(request(for: selectedIndex, size: size, fit: .fit, priority: .visible))
      for neighbour in [selectedIndex + 1, selectedIndex - 1]
      where assets.indices.contains(neighbour) {
        wanted.append(request(for: neighbour, size: size, fit: .fit, priority: .neighbour))
      }
      return detail.chromeHidden ? wanted : wanted + filmstripRequests()
    }
  }

  /// The detail photo's cells now: narrower while the info column is open beside it.
  public var detailImageArea: CellRect {
    DetailGeometry.imageArea(terminal: terminal, showsInfo: overlay == .info)
  }

  /// Pixel size of a tile or card image.
  func pixelSize(of tile: TileSize) -> PixelSize {
    PixelSize(width: tile.columns * cellPixelSize.width, height: tile.rows * cellPixelSize.height)
  }

  private func allRequests() -> [ImageRequest] {
    let geometry = grid
    guard geometry.tilesPerPage > 0 else { return [] }
    let size = pixelSize(of: geometry.tile)
    if isReviewingGroups {
      return groupRequests(size: size).map {
        request(for: $0.index, size: size, fit: .fill, priority: $0.priority)
      }
    }
    let first = gridTopRow * geometry.columns
    let end = min(assets.count, first + geometry.tilesPerPage)
    guard first < end else { return [] }
    var requests = (first..<end).map {
      request(for: $0, size: size, fit: .fill, priority: .visible)
    }
    // The row just off-screen in the way the grid scrolls, so the next step has it ready.
    let ahead =
      scrollDirection > 0
      ? end..<min(assets.count, end + geometry.columns)
      : max(0, first - geometry.columns)..<first
    requests += ahead.map { request(for: $0, size: size, fit: .fill, priority: .prefetch) }
    return requests
  }

  private func daysRequests() -> [ImageRequest] {
    let geometry = grid
    guard geometry.tilesPerPage > 0 else { return [] }
    let size = pixelSize(of: geometry.tile)
    var requests: [ImageRequest] = []
    for entry in daysLayout.visibleEntries(
      from: library.daysTopEntry, height: geometry.area.height, tileRows: geometry.tile.rows)
    {
      if case .tiles(_, let first, let count) = daysLayout.entries[entry] {
        for index in first..<(first + count) {
          requests.append(request(for: index, size: size, fit: .fill, priority: .visible))
        }
      }
    }
    return requests
  }

  private func cardRequests(groups: [Range<Int>], geometry: GridGeometry, top: Int)
    -> [ImageRequest]
  {
    guard geometry.tilesPerPage > 0 else { return [] }
    let size = pixelSize(of: geometry.tile)
    let first = top * geometry.columns
    let end = min(groups.count, first + geometry.tilesPerPage)
    guard first < end else { return [] }
    return (first..<end).map {
      request(for: Timeline.keyAsset(of: groups[$0]), size: size, fit: .fill, priority: .visible)
    }
  }

  /// The key the view draws for photo `index` on the current screen.
  ///
  /// Called for every tile of every frame, so it works out the key from the screen's
  /// geometry instead of building the wanted requests.
  public func imageKey(forIndex index: Int) -> ImageKey? {
    if screen == .detail, index == selectedIndex, let (region, size) = loupeRegion {
      return ImageKey(
        asset: assets[index].id, size: size, fit: .fit, region: region,
        rotation: assets[index].userRotation)
    }
    return fittedKey(forIndex: index)
  }

  /// The key of photo `index` as the screen shows it unzoomed.
  public func fittedKey(forIndex index: Int) -> ImageKey? {
    guard assets.indices.contains(index) else { return nil }
    let size: PixelSize
    let fit: ImageFit
    switch screen {
    case .detail:
      let area = detailImageArea
      guard !area.isEmpty, abs(index - selectedIndex) <= 1 else { return nil }
      size = PixelSize(
        width: area.width * cellPixelSize.width, height: area.height * cellPixelSize.height)
      fit = .fit
    case .grid:
      let geometry: GridGeometry
      switch activeSegment {
      case .all, .days: geometry = grid
      case .years: geometry = yearsGrid
      case .months: geometry = monthsGrid
      }
      guard geometry.tilesPerPage > 0 else { return nil }
      size = pixelSize(of: geometry.tile)
      fit = .fill
    }
    return ImageKey(
      asset: assets[index].id, size: size, fit: fit, rotation: assets[index].userRotation)
  }

  private func request(for index: Int, size: PixelSize, fit: ImageFit, priority: ImagePriority)
    -> ImageRequest
  {
    request(for: assets[index], size: size, fit: fit, priority: priority)
  }

  /// The covers of the visible album cards.
  private func albumCoverRequests() -> [ImageRequest] {
    let geometry = albumsGrid
    guard geometry.tilesPerPage > 0 else { return [] }
    var requests: [ImageRequest] = []
    for entry in albums.layout.visibleEntries(from: albums.topEntry, height: geometry.area.height) {
      guard case .cards(let first, let count) = albums.layout.entries[entry] else { continue }
      for card in first..<(first + count) {
        let entry = albums.entries[card]
        guard let cover = entry.cover, let key = coverKey(for: entry) else { continue }
        let request = request(for: cover, key: key, priority: .visible)
        if !requests.contains(where: { $0.key == request.key }) { requests.append(request) }
      }
    }
    return requests
  }

  /// The key of an album card's cover.
  public func coverKey(for entry: AlbumEntry) -> ImageKey? {
    guard let cover = entry.cover, albumsGrid.tilesPerPage > 0 else { return nil }
    return ImageKey(
      asset: cover.id, size: pixelSize(of: albumsGrid.tile), fit: .fill,
      rotation: cover.userRotation, crop: entry.coverCrop)
  }

  private func request(for asset: Asset, size: PixelSize, fit: ImageFit, priority: ImagePriority)
    -> ImageRequest
  {
    request(
      for: asset,
      key: ImageKey(asset: asset.id, size: size, fit: fit, rotation: asset.userRotation),
      priority: priority)
  }

  private func request(for asset: Asset, key: ImageKey, priority: ImagePriority) -> ImageRequest {
    ImageRequest(
      key: key, path: asset.path, format: asset.format, orientation: asset.orientation,
      priority: priority, bestQuality: key.fit == .fit, exifThumbnail: asset.exifThumbnail,
      storedSize: asset.storedPixelSize)
  }

  /// The visible new tiles of the import view (under its question too): the card's files, decoded as a library photo's
  /// are (through the same worker), under the items' negative ids.
  private func importRequests() -> [ImageRequest] {
    guard let picker = importing.picker, let items = importing.offer?.items else { return [] }
    let geometry = importGrid
    let first = picker.topRow * geometry.columns
    let last = min(items.count, first + geometry.tilesPerPage)
    guard first < last else { return [] }
    let size = pixelSize(of: geometry.tile)
    // What the library has already is drawn dimmed, without its picture.
    return (first..<last).filter { items[$0].isNew }.map {
      request(for: items[$0].asset, size: size, fit: .fill, priority: .visible)
    }
  }

  /// The key of the import view's tile for item `index`.
  public func importKey(forItem index: Int) -> ImageKey? {
    guard let items = importing.offer?.items, items.indices.contains(index) else { return nil }
    return ImageKey(asset: items[index].asset.id, size: pixelSize(of: importGrid.tile), fit: .fill)
  }

  /// Brings `images` in line with what is wanted: cancels what left, requests what came.
  mutating func reconcileImages() -> [Effect] {
    let wanted = wantedImages
    let wantedKeys = Set(wanted.map(\.key))
    var effects: [Effect] = []
    let leaving = images.keys.filter { !wantedKeys.contains($0) }.sorted(by: Self.keyOrder)
    for key in leaving {
      if images[key] == .loading || images[key] == .preview { effects.append(.cancelImage(key)) }
      images[key] = nil
      prefetching.remove(key)
      waitingForDisk.remove(key)
    }
    for request in wanted {
      if images[request.key] == nil {
        images[request.key] = .loading
        effects.append(.loadImage(request))
        if request.priority == .prefetch { prefetching.insert(request.key) }
      } else if request.priority < .prefetch, prefetching.contains(request.key) {
        // Asked for ahead, now on screen: ask again as urgent if it is not done yet.
        prefetching.remove(request.key)
        if images[request.key] == .loading || images[request.key] == .preview {
          effects.append(.loadImage(request))
        }
      }
    }
    return effects
  }

  /// Cancels every pending image (on quit).
  mutating func cancelAllImages() -> [Effect] {
    let pending = images.filter { $0.value == .loading || $0.value == .preview }.keys
      .sorted(by: Self.keyOrder)
    images = [:]
    return pending.map { .cancelImage($0) }
  }

  /// A total order on keys so effects come out in a stable order.
  static func keyOrder(_ a: ImageKey, _ b: ImageKey) -> Bool {
    if a.asset != b.asset { return a.asset < b.asset }
    if a.size.width != b.size.width { return a.size.width < b.size.width }
    if a.size.height != b.size.height { return a.size.height < b.size.height }
    if a.fit != b.fit { return a.fit.rawValue < b.fit.rawValue }
    // One photo's covers cropped around two people's faces (none first).
    let faces = [a.crop, b.crop].map { crop in
      crop.map { [$0.x, $0.y, $0.width, $0.height] } ?? []
    }
    return faces[0].lexicographicallyPrecedes(faces[1])
  }
}

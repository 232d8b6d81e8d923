import PhotoModel

extension AppState {
  /// The Library's grid: every photo, less the frames of shut burst stacks.
  func libraryList() -> PhotoList {
    guard let shown = library.stacks.shown else { return PhotoList(library.assets) }
    return PhotoList(library.assets, positions: shown)
  }

  /// Years → months → days of every photo of the library (the stacks' frames too).
  var libraryTimeline: Timeline { library.unstackedTimeline ?? timeline }

  /// The stacks built again after the library or the bursts changed (the open stack stays
  /// open, unless `open` names another), and the grid's timeline from the library's (`full`,
  /// when it changed). `positions`: where the frames are now, when the change says (else
  /// they are looked for in the library).
  mutating func restack(
    timeline full: Timeline? = nil, open: AssetID?? = .none, positions: [AssetID: Int]? = nil,
    changed: Set<AssetID> = []
  ) {
    let full = full ?? libraryTimeline
    let open = open ?? library.stacks.expanded
    if duplicates.bursts.isEmpty && library.stacks.isEmpty {
      // No bursts (most libraries, and every one until hashing is done): nothing to build.
      timeline = full
      return
    }
    if let positions {
      // Photos out or back, or a stack opened or shut: the bursts they touch stacked again.
      library.stacks = library.stacks.moved(
        to: positions, changed: changed, bursts: duplicates.bursts, open: open,
        library: library.assets)
    } else {
      library.stacks = BurstStacks(bursts: duplicates.bursts, library: library.assets, open: open)
    }
    let hidden = library.stacks.hidden
    library.unstackedTimeline = hidden.isEmpty ? nil : full
    timeline = hidden.isEmpty ? full : full.removing(positions: hidden)
  }

  /// Enter on a photo of the Library's All or Days: a shut stack's cover opens the stack in
  /// place (its first frame selected), the open stack's first frame shuts it. False for any
  /// other photo (Enter opens it).
  mutating func toggleStack() -> Bool {
    guard context == .library, let id = selectedAsset?.id else { return false }
    if library.stacks.count(ofCover: id) != nil {
      openStack(id)
      return true
    }
    if library.stacks.place(inOpenStack: id)?.index == 0 {
      shutStack()
      return true
    }
    return false
  }

  /// Opens the stack whose cover is `cover` (shutting another one open), its first frame
  /// selected.
  mutating func openStack(_ cover: AssetID) {
    restack(open: .some(cover), positions: library.stacks.positions)
    rebuildLayouts()
    assets = libraryList()
    if let first = library.stacks.frames[cover]?.first,
      let position = library.stacks.positions[first],
      let index = shownIndex(ofLibraryPosition: position)
    {
      selectedIndex = index
    }
    keepSelectionInView()
  }

  /// Esc, or Enter on its first frame: shuts the open stack. The selection goes to its cover
  /// when it was on one of its frames, and stays where it was otherwise.
  mutating func shutStack() {
    guard let cover = library.stacks.expanded else { return }
    let selected = selectedAsset
    let inStack = selected.map { library.stacks.coverOf[$0.id] == cover } ?? false
    let position =
      inStack
      ? library.stacks.positions[cover]
      : selected.flatMap { PhotoPositions.sorted($0, in: library.assets) }
    restack(open: .some(nil), positions: library.stacks.positions)
    rebuildLayouts()
    assets = libraryList()
    if let position, let index = shownIndex(ofLibraryPosition: position) {
      selectedIndex = index
    } else {
      selectedIndex = min(selectedIndex, max(0, assets.count - 1))
    }
    keepSelectionInView()
  }

  /// The index in the Library's grid of the photo at `position` in the library's list, nil
  /// when it is a frame of a shut stack (found by halving: the positions shown ascend).
  func shownIndex(ofLibraryPosition position: Int) -> Int? {
    guard let shown = library.stacks.shown else {
      return position < library.assets.count ? position : nil
    }
    var low = 0
    var high = shown.count
    while low < high {
      let middle = (low + high) / 2
      if shown[middle] < position { low = middle + 1 } else { high = middle }
    }
    return low < shown.count && shown[low] == position ? low : nil
  }

  /// The photo the Library's grid shows for `id`: itself, or the cover of the shut stack
  /// it is a frame of.
  func shownPhoto(for id: AssetID) -> AssetID {
    guard let cover = library.stacks.coverOf[id], cover != library.stacks.expanded else {
      return id
    }
    return cover
  }
}

extension AppState {
  /// How many of the library's photos were taken on that day, in that month or year (`day`
  /// or `month` nil for a whole month or year), the frames of shut stacks counted: the Days
  /// headers and the cards say how many photos, not how many tiles. Nil when the grid shows
  /// every photo (the timeline's own counts are then the library's).
  public func libraryPhotoCount(year: Int, month: Int? = nil, day: Int? = nil) -> Int? {
    guard let full = library.unstackedTimeline else { return nil }
    func find<G>(_ groups: [G], _ key: (G) -> [Int]) -> G? {
      let wanted = [year, month ?? 0, day ?? 0].prefix(day != nil ? 3 : month != nil ? 2 : 1)
      var low = 0
      var high = groups.count
      while low < high {
        let middle = (low + high) / 2
        if key(groups[middle]).lexicographicallyPrecedes(wanted) {
          low = middle + 1
        } else {
          high = middle
        }
      }
      return low < groups.count && key(groups[low]).elementsEqual(wanted) ? groups[low] : nil
    }
    if month != nil, day != nil {
      return find(full.days) { [$0.year, $0.month, $0.day] }.map(\.assets.count)
    }
    if month != nil { return find(full.months) { [$0.year, $0.month] }.map(\.assets.count) }
    return find(full.years) { [$0.year] }.map(\.assets.count)
  }
}

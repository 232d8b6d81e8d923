import PhotoModel

extension AppState {
  /// > and <: turns the selected (or marked) photos a quarter clockwise or anticlockwise.
  /// Only the catalog changes; every picture of them is made again (the key carries the
  /// rotation), and u turns them back.
  mutating func rotate(by quarterTurns: Int) -> [Effect] {
    let ids = actionTargets
    guard !ids.isEmpty else { return [] }
    let targets = Set(ids)
    var previous: [AssetID: Int] = [:]
    for asset in libraryPhotos(withIDs: targets) { previous[asset.id] = asset.userRotation }
    let turned = previous.mapValues { (($0 + quarterTurns) % 4 + 4) % 4 }
    setRotations(turned)
    library.undoableRotation = previous
    library.undoableTrash = []
    library.undoableMerge = nil
    library.undoableDateShift = nil
    library.undoableTagEdit = nil
    marks.ids = []
    let way = quarterTurns > 0 ? "clockwise" : "anticlockwise"
    message = "\(describeTargets(ids)) turned \(way) · u undo"
    return [.setRotation(turned)]
  }

  /// u after a turn: the rotations it replaced.
  mutating func undoRotation() -> [Effect] {
    let previous = library.undoableRotation
    library.undoableRotation = [:]
    setRotations(previous)
    message = "Turn undone"
    return [.setRotation(previous)]
  }

  /// Puts `turns` into every copy of those photos the state holds.
  private mutating func setRotations(_ turns: [AssetID: Int]) {
    // The zoomed region was in the old orientation's pixels.
    detail.zoom = nil
    changePhotosInPlace(Set(turns.keys)) { $0.userRotation = turns[$0.id]! }
  }
}

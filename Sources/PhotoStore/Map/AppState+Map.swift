import PhotoModel

/// The world map (`m`): show and leave it, move between clusters, zoom, open a cluster's
/// photos as a grid and come back to the map from it.
extension AppState {
  /// The asset number map pictures are keyed under: no photo has it (catalog ids are
  /// positive).
  public static let mapPictureID = AssetID(-1)

  /// The cells the map fills: under the tab bar and the map's header, over the status line.
  public var mapArea: CellRect {
    let top = GridGeometry.topChromeRows
    return CellRect(
      row: top, column: 0, width: terminal.columns,
      height: max(0, terminal.rows - top - GridGeometry.bottomChromeRows))
  }

  /// The map's viewport over its area.
  public var mapGeometry: MapGeometry {
    MapGeometry(
      viewport: map.viewport, area: mapArea,
      cellAspect: Double(cellPixelSize.height) / Double(max(1, cellPixelSize.width)))
  }

  /// True when the map is a picture (the base map with the clusters drawn in): the
  /// terminal draws pictures (not half-blocks) and the base map is loaded. Else the text
  /// map: braille land from the mask, clusters as labelled markers.
  public var drawsMapPicture: Bool {
    cellPixelSize.width > 1 && map.baseMap.baseMap != nil
  }

  /// m: the map (from a grid of the Library or the Albums tab); on the map, back.
  mutating func showMap() -> [Effect] {
    if map.isShown {
      hideMap()
      return []
    }
    guard screen == .grid, tab != .search else { return [] }
    message = nil
    map.isShown = true
    map.originTab = tab
    map.places = MapPlace.tally(library.assets)
    map.viewport = .world
    reformClusters(keeping: nil)
    if map.clusters.isEmpty { message = "No photo has a place yet" }
    guard map.baseMap == .notLoaded else { return [] }
    map.baseMap = .loading
    return [.loadBaseMap]
  }

  /// Esc on the map: back to where m was pressed.
  mutating func hideMap() {
    message = nil
    map.isShown = false
    map.drawnPicture = nil
    tab = map.originTab
  }

  /// The arrows on the map: the nearest cluster that way; the map follows it.
  mutating func moveOnMap(_ direction: Direction) {
    guard let from = map.selectedCluster else { return }
    message = nil
    guard
      let next = MapClustering.neighbour(
        of: from, direction, in: map.clusters, geometry: mapGeometry)
    else { return }
    map.selected = next
    followSelection()
  }

  /// + / - on the map: one zoom step about the selected cluster, the clusters formed anew
  /// and the one holding the selection's largest place selected.
  mutating func zoomMap(in zoomIn: Bool) {
    guard let cluster = map.selectedCluster else { return }
    let zoom = map.viewport.zoom + (zoomIn ? 1 : -1)
    guard (0...MapViewport.maxZoom).contains(zoom) else { return }
    message = nil
    map.viewport.zoom = zoom
    map.viewport = mapGeometry.centred(latitude: cluster.latitude, longitude: cluster.longitude)
    reformClusters(keeping: cluster.largest)
    if let selected = map.selectedCluster {
      map.viewport = mapGeometry.centred(
        latitude: selected.latitude, longitude: selected.longitude)
    }
  }

  /// Enter on the map: the selected cluster's photos as a grid (time ordered, like a town);
  /// Esc there comes back to the map.
  mutating func openMapCluster() {
    guard let cluster = map.selectedCluster else { return }
    message = nil
    saveContext()
    map.isShown = false
    map.drawnPicture = nil
    tab = .albums
    albums.open = .mapCluster(MapSelection(slots: cluster.slots, title: name(of: cluster)))
    restoreContext()
  }

  /// Esc in a cluster's grid: the map again, as it was left.
  mutating func returnToMap() {
    saveContext()
    albums.open = nil
    tab = map.originTab
    restoreContext()
    map.isShown = true
  }

  /// The library changed under the map: its places counted again, the selection kept.
  mutating func refreshMap() {
    let kept = map.selectedCluster?.largest
    map.places = MapPlace.tally(library.assets)
    reformClusters(keeping: kept)
  }

  /// "Paris, France" for one place; "Paris and 3 more places" (the largest named).
  public func name(of cluster: MapCluster) -> String {
    guard let largest = PhotoPlace.place(slot: cluster.largest) else { return "Map" }
    if cluster.slots.count == 1 { return "\(largest.collectionTown), \(largest.country)" }
    let more = cluster.slots.count - 1
    return "\(largest.collectionTown) and \(more) more \(more == 1 ? "place" : "places")"
  }

  /// The clusters at the viewport's zoom; the one holding `slot` selected (else the one with
  /// the most photos), and in view.
  mutating func reformClusters(keeping slot: UInt32?) {
    let clusters = MapClustering.clusters(map.places, geometry: mapGeometry)
    map.clusters = clusters
    if let slot, let index = clusters.firstIndex(where: { $0.slots.contains(slot) }) {
      map.selected = index
    } else {
      var best = 0
      for (i, cluster) in clusters.enumerated() where cluster.count > clusters[best].count {
        best = i
      }
      map.selected = best
    }
    followSelection()
  }

  /// Centres the map on the selected cluster when it is off-screen (or at its edge).
  mutating func followSelection() {
    guard let cluster = map.selectedCluster else { return }
    let geometry = mapGeometry
    if !geometry.shows(latitude: cluster.latitude, longitude: cluster.longitude, margin: 2) {
      map.viewport = geometry.centred(latitude: cluster.latitude, longitude: cluster.longitude)
    }
  }

  /// The map's picture now: the base map's part under the viewport with the clusters drawn
  /// in, at the map area's pixel size; nil when the map is text.
  public var mapPictureRequest: ImageRequest? {
    guard map.isShown, drawsMapPicture, let base = map.baseMap.baseMap else { return nil }
    let geometry = mapGeometry
    let area = geometry.area
    guard area.width > 0, area.height > 0 else { return nil }
    let cell = cellPixelSize
    let size = PixelSize(width: area.width * cell.width, height: area.height * cell.height)
    let corner = geometry.position(x: 0, y: 0)
    let perDegreeX = Double(base.size.width) / 360
    let perDegreeY = Double(base.size.height) / 180
    let region = ImageRegion(
      x: Int(((corner.longitude + 180) * perDegreeX).rounded()),
      y: Int(((90 - corner.latitude) * perDegreeY).rounded()),
      width: max(1, Int((Double(area.width) * geometry.degreesPerColumn * perDegreeX).rounded())),
      height: max(1, Int((Double(area.height) * geometry.degreesPerRow * perDegreeY).rounded())))
    var markers: [MapMarker] = []
    for (i, cluster) in map.clusters.enumerated() {
      let (x, y) = geometry.cell(latitude: cluster.latitude, longitude: cluster.longitude)
      guard x >= 0, y >= 0, x < Double(area.width), y < Double(area.height) else { continue }
      markers.append(
        MapMarker(
          x: Int(x * Double(cell.width)), y: Int(y * Double(cell.height)), count: cluster.count,
          isSelected: i == map.selected))
    }
    let key = ImageKey(
      asset: Self.mapPictureID, size: size, fit: .fill, region: region, markers: markers)
    return ImageRequest(
      key: key, path: base.path, format: .jpeg, orientation: .up, priority: .visible,
      bestQuality: true, storedSize: base.size)
  }

  /// The map pictures wanted: the current one, and while it is on its way the one drawn
  /// before (it stays on screen until the new one replaces it).
  func mapRequests() -> [ImageRequest] {
    guard let request = mapPictureRequest else { return [] }
    var requests = [request]
    if images[request.key] != .ready, let drawn = map.drawnPicture, drawn != request.key {
      var previous = request
      previous.key = drawn
      requests.append(previous)
    }
    return requests
  }
}

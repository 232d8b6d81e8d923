import PhotoModel
import PhotoStore

extension LibraryView {
  /// The world map: a header with the zoom, the map (the base map's picture with the
  /// clusters drawn in, or the text map), and the selected cluster in the status line.
  static func renderMap(_ state: AppState, into frame: inout Frame) {
    renderTabBar(state, into: &frame)
    let map = state.map
    let places = map.places.count
    let header =
      " Map \(Glyphs.separator) zoom \(map.viewport.zoom) \(Glyphs.separator) "
      + "\(formatCount(places)) \(places == 1 ? "place" : "places") in "
      + "\(formatCount(map.clusters.count)) \(map.clusters.count == 1 ? "cluster" : "clusters")"
    frame.fill(CellRect(row: 1, column: 0, width: frame.size.columns, height: 1), role: .header)
    frame.put(header, row: 1, column: 0, role: .header)
    let geometry = state.mapGeometry
    if let key = shownMapPicture(state) {
      frame.place(key, in: geometry.area)
    } else {
      renderTextMap(state, geometry: geometry, into: &frame)
    }
    renderMapStatus(state, into: &frame)
  }

  /// The map picture to draw: the current one when it is ready, else the one drawn before
  /// while the new one is made; nil: the text map.
  static func shownMapPicture(_ state: AppState) -> ImageKey? {
    guard let request = state.mapPictureRequest else { return nil }
    if state.images[request.key] == .ready { return request.key }
    if let drawn = state.map.drawnPicture, state.images[drawn] == .ready { return drawn }
    return nil
  }

  /// Land from the base map's mask (a plain background without one): a full block where
  /// the four corners of a cell are land, a shade where some are (the coast); the clusters as
  /// "●count" markers, the selected one highlighted and drawn last.
  static func renderTextMap(_ state: AppState, geometry: MapGeometry, into frame: inout Frame) {
    let area = geometry.area
    let land = state.map.baseMap.baseMap?.land ?? .water
    for row in 0..<area.height {
      for column in 0..<area.width {
        var count = 0
        for corner in 0..<4 {
          let point = geometry.position(
            x: Double(column) + 0.25 + 0.5 * Double(corner & 1),
            y: Double(row) + 0.25 + 0.5 * Double(corner >> 1))
          guard abs(point.latitude) <= 90, abs(point.longitude) <= 180 else { continue }
          if land.isLand(latitude: point.latitude, longitude: point.longitude) { count += 1 }
        }
        guard count > 0 else { continue }
        frame.put(
          count == 4 ? Glyphs.land : Glyphs.coast, row: area.row + row,
          column: area.column + column, role: .titleDim)
      }
    }
    let selected = state.map.selected
    let order = state.map.clusters.indices.filter { $0 != selected } + [selected]
    for i in order where state.map.clusters.indices.contains(i) {
      let cluster = state.map.clusters[i]
      let (x, y) = geometry.cell(latitude: cluster.latitude, longitude: cluster.longitude)
      guard x >= 0, y >= 0, x < Double(area.width), y < Double(area.height) else { continue }
      let text = Glyphs.mark + formatCount(cluster.count)
      let width = TerminalText.width(of: text)
      let column = min(Int(x), max(0, area.width - width))
      frame.put(
        text, row: area.row + Int(y), column: area.column + column,
        role: i == selected ? .selection : .title)
    }
  }

  /// The selected cluster ("Paris and 3 more places · 1,234 photos") or the message, and
  /// the map's keys.
  static func renderMapStatus(_ state: AppState, into frame: inout Frame) {
    let row = frame.size.rows - 1
    guard row >= 1 else { return }
    frame.fill(CellRect(row: row, column: 0, width: frame.size.columns, height: 1), role: .status)
    var text = ""
    var role = StyleRole.status
    if let message = state.message {
      text = " " + message
      role = state.messageIsError ? .statusError : .status
    } else if let cluster = state.map.selectedCluster {
      let photos = cluster.count == 1 ? "photo" : "photos"
      text =
        " \(state.name(of: cluster)) \(Glyphs.separator) \(formatCount(cluster.count)) \(photos)"
    }
    let hints = "\(Glyphs.arrows.joined()) move  + - zoom  Enter open  Esc back"
    let fits =
      TerminalText.width(of: text) + TerminalText.width(of: hints) + 3
      <= frame.size.columns
    frame.put(text, row: row, column: 0, role: role, maxWidth: frame.size.columns - 1)
    if fits { frame.putRight(hints, row: row, role: .statusDim) }
  }
}

/// The part of the world the map shows: a centre and a zoom, laid over an area of cells.
///
/// Equirectangular, as the base map is: a column spans `degreesPerColumn` of longitude and
/// a row `degreesPerColumn × cellAspect` of latitude (cells are taller than wide), so the
/// picture's pixels and the text's cells show the same degrees. Zoom 0 shows the whole
/// world; each step halves the degrees a cell spans.
public struct MapViewport: Hashable, Sendable {
  /// The centre, in degrees.
  public var latitude: Double
  public var longitude: Double
  /// 0 the whole world … `maxZoom`.
  public var zoom: Int

  /// Deepest zoom: a cluster's bin is then well under a kilometre, so towns stand apart.
  public static let maxZoom = 12

  /// The whole world.
  public static let world = MapViewport(latitude: 0, longitude: 0, zoom: 0)

  public init(latitude: Double, longitude: Double, zoom: Int) {
    self.latitude = latitude
    self.longitude = longitude
    self.zoom = zoom
  }
}

/// A viewport laid over an area: degrees per cell and the conversions both ways.
public struct MapGeometry: Hashable, Sendable {
  public var viewport: MapViewport
  /// The cells the map fills.
  public var area: CellRect
  /// A cell's height over its width in pixels (2 for half-blocks and most fonts).
  public var cellAspect: Double

  public init(viewport: MapViewport, area: CellRect, cellAspect: Double) {
    self.viewport = viewport
    self.area = area
    self.cellAspect = cellAspect > 0 ? cellAspect : 2
  }

  /// Longitude degrees one column spans: at zoom 0 the world fits the area both ways.
  public var degreesPerColumn: Double {
    let width = Double(max(1, area.width))
    let height = Double(max(1, area.height))
    let whole = max(360 / width, 180 / (height * cellAspect))
    return whole / Double(1 << max(0, min(MapViewport.maxZoom, viewport.zoom)))
  }

  /// Latitude degrees one row spans.
  public var degreesPerRow: Double { degreesPerColumn * cellAspect }

  /// Where a position falls, in cells from the area's top left (fractions kept).
  public func cell(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
    (
      (longitude - viewport.longitude) / degreesPerColumn + Double(area.width) / 2,
      (viewport.latitude - latitude) / degreesPerRow + Double(area.height) / 2
    )
  }

  /// The position at a point of the area, in cells from its top left.
  public func position(x: Double, y: Double) -> (latitude: Double, longitude: Double) {
    (
      viewport.latitude - (y - Double(area.height) / 2) * degreesPerRow,
      viewport.longitude + (x - Double(area.width) / 2) * degreesPerColumn
    )
  }

  /// True when the position is inside the area, `margin` cells in from its edges.
  public func shows(latitude: Double, longitude: Double, margin: Double = 0) -> Bool {
    let (x, y) = cell(latitude: latitude, longitude: longitude)
    return x >= margin && x < Double(area.width) - margin && y >= min(margin, 0.5)
      && y < Double(area.height) - min(margin, 0.5)
  }

  /// The viewport centred on a position, then moved the least that keeps the world's edges
  /// off-screen (the whole world stays centred when it fits).
  public func centred(latitude: Double, longitude: Double) -> MapViewport {
    var viewport = self.viewport
    let halfWidth = Double(area.width) / 2 * degreesPerColumn
    let halfHeight = Double(area.height) / 2 * degreesPerRow
    viewport.longitude =
      halfWidth >= 180 ? 0 : min(180 - halfWidth, max(-180 + halfWidth, longitude))
    viewport.latitude = halfHeight >= 90 ? 0 : min(90 - halfHeight, max(-90 + halfHeight, latitude))
    return viewport
  }
}

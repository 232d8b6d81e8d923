/// The world map: the library's places as clusters over a base map.
public struct MapState: Hashable, Sendable {
  /// True while the map fills the screen.
  public var isShown: Bool
  /// The tab `m` was pressed in: Esc goes back to it.
  public var originTab: Tab
  /// The library's places with their counts (counted when the map is shown and when the
  /// library changes under it).
  public var places: [MapPlace]
  /// What is shown: centre and zoom.
  public var viewport: MapViewport
  /// The clusters at the viewport's zoom.
  public var clusters: [MapCluster]
  /// Index into `clusters` of the selected one.
  public var selected: Int
  /// The picture behind the clusters, asked for when the map is first shown.
  public var baseMap: BaseMapStatus
  /// The last map picture that was drawn: kept on screen (and wanted) until the next one,
  /// with the new selection, is ready, so a key never blanks the map.
  public var drawnPicture: ImageKey?

  /// No map shown; nothing counted yet.
  public init() {
    isShown = false
    originTab = .library
    places = []
    viewport = .world
    clusters = []
    selected = 0
    baseMap = .notLoaded
    drawnPicture = nil
  }

  /// The selected cluster, when there is one.
  public var selectedCluster: MapCluster? {
    clusters.indices.contains(selected) ? clusters[selected] : nil
  }
}

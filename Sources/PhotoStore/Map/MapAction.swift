/// The world map of the Library and the Places collection.
public enum MapAction: Hashable, Sendable {
  /// m (or the Map card of Places): the map, the largest cluster selected; m on the map
  /// goes back as Esc does.
  case show
  /// The base map was read (`Effect.loadBaseMap`): its picture's path and size, and the
  /// land mask the text map draws.
  case baseMapLoaded(BaseMap)
  /// There is no base map (or it could not be read): the map is drawn on a plain
  /// background, and `reason` is said once.
  case baseMapMissing(reason: String)
}

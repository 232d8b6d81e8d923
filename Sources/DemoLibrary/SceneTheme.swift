/// The kind of landscape a demo photo shows.
public enum SceneTheme: String, Sendable, Equatable, CaseIterable {
  /// Layered ridges with snow caps, forest in front.
  case mountains
  /// Mountains behind a still lake that mirrors them.
  case lake
  /// Open sea to the horizon, a headland, a beach.
  case coast
  /// A skyline, often over water; lit windows at night.
  case city
  /// Rolling green (or autumn) hills with lone trees.
  case hills
  /// Dunes under a big sun.
  case desert
  /// Snow-covered hills and pines, falling snow.
  case snowfield
}

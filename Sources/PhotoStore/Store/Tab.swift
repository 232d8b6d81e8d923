/// The three tabs of the top bar.
public enum Tab: String, Hashable, Sendable, CaseIterable {
  case library, albums, search

  /// The title on the tab bar.
  public var title: String {
    switch self {
    case .library: return "Library"
    case .albums: return "Albums"
    case .search: return "Search"
    }
  }
}

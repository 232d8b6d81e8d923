/// What the navigation keys (the arrows, Enter, Esc) act on now, decided in one place from
/// the tab, the screen and the Search field, so that no feature's handler asks which tab or
/// screen is shown before it acts.
enum Focus: Equatable {
  /// The Search tab's query field, being typed in.
  case searchField
  /// The Albums tab's cards.
  case albumList
  /// A grid of photos in the segment it is drawn in (the Library's own segment, else All).
  case grid(LibrarySegment)
  /// The detail view, zoomed in (the loupe: the arrows pan) or fitted.
  case detail(zoomed: Bool)
  /// The world map: the arrows move between clusters.
  case map
}

extension AppState {
  /// What the navigation keys act on now.
  var focus: Focus {
    if map.isShown { return .map }
    if tab == .search && search.isEditing { return .searchField }
    if context == .albumList { return .albumList }
    if screen == .detail { return .detail(zoomed: detail.zoom != nil) }
    return .grid(activeSegment)
  }
}

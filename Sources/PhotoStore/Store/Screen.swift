/// Which view fills the terminal.
public enum Screen: Hashable, Sendable {
  /// The All grid of the Library tab.
  case grid
  /// One photo full screen; the selected photo of the grid is the one shown.
  case detail
}

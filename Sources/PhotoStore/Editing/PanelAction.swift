/// Panels shown over the view.
public enum PanelAction: Hashable, Sendable {
  /// i: show or hide the info panel.
  case info
  /// ?: show or hide the help overlay.
  case help
}

import TerminalGraphics

/// Resolves the `--graphics` option.
public enum GraphicsChoice {
  /// `auto`, `sixel` or `halfblock` (nil for anything else).
  public static func parse(_ text: String) -> GraphicsMode? { try? GraphicsMode.parse(text).get() }
}

import PhotoStore

/// Turns input events into actions. Arrows and hjkl move, PgUp/PgDn and Home/End (g/G) jump,
/// Enter opens, Esc goes back, q quits.
public struct KeyMap: Sendable {
  public init() {}

  /// The action for `event`, or nil when the key does nothing.
  public func action(for event: InputEvent) -> Action? {
    switch event {
    case .up, .character("k"): return .move(.up)
    case .down, .character("j"): return .move(.down)
    case .left, .character("h"): return .move(.left)
    case .right, .character("l"): return .move(.right)
    case .pageUp, .character("\u{02}"): return .move(.pageUp)  // Ctrl-B, as in less/vim
    case .pageDown, .character("\u{06}"), .character(" "): return .move(.pageDown)
    case .home, .character("g"): return .move(.first)
    case .end, .character("G"): return .move(.last)
    case .enter, .character("\n"), .character("\r"): return .open
    case .escape, .backspace: return .back
    case .tab: return .nextSegment
    case .backTab: return .previousSegment
    case .character("q"): return .quit
    case .interrupt: return .terminate
    default: return nil
    }
  }
}

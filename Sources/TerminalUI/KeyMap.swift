import PhotoStore

/// Turns input events into actions: the bindings (defaults, or the config's) in normal use;
/// printable keys as text while a text field has the focus; y/n in a confirmation.
public struct KeyMap: Sendable {
  /// Which command each key sends.
  public private(set) var bindings: [InputEvent: KeyCommand]

  /// The default bindings.
  public init() {
    var bindings: [InputEvent: KeyCommand] = [:]
    for command in KeyCommand.allCases {
      for key in command.defaultKeys { bindings[key] = command }
    }
    self.bindings = bindings
  }

  /// The defaults with `overrides` replacing the keys of the commands they name.
  public init(overrides: [KeyCommand: [InputEvent]]) {
    self.init()
    for (command, keys) in overrides {
      bindings = bindings.filter { $0.value != command }
      for key in keys { bindings[key] = command }
    }
  }

  /// The keys bound to `command`, defaults first (for the help overlay).
  public func keys(for command: KeyCommand) -> [InputEvent] {
    let bound = bindings.filter { $0.value == command }.map(\.key)
    let ordered = command.defaultKeys.filter { bound.contains($0) }
    return ordered + bound.filter { !ordered.contains($0) }.sorted { "\($0)" < "\($1)" }
  }

  /// The action for `event` in normal use, or nil when the key does nothing.
  public func action(for event: InputEvent) -> Action? {
    action(for: event, mode: .normal)
  }

  /// The action for `event` when the screen takes input as `mode`.
  public func action(for event: InputEvent, mode: InputMode) -> Action? {
    switch event {
    case .interrupt: return .terminate
    case .click(let row, let column, let double):
      return .pointer(.click(row: row, column: column, double: double))
    case .wheel(let up): return .pointer(.wheel(up: up))
    default: break
    }
    switch mode {
    case .normal:
      return bindings[event]?.action
    case .text:
      switch event {
      case .enter, .character("\n"), .character("\r"): return .open
      case .escape: return .back
      case .backspace, .delete: return .field(.deleteBackward)
      case .character("\u{15}"): return .field(.clear)  // Ctrl-U, as in a shell
      case .character("\u{17}"): return .field(.deleteWordBackward)  // Ctrl-W
      case .up: return .move(.up)
      case .down: return .move(.down)
      case .left: return .move(.left)
      case .right: return .move(.right)
      case .home: return .move(.first)
      case .end: return .move(.last)
      case .tab: return .field(.complete)
      case .character(let c) where !c.isASCII || (c.asciiValue! >= 0x20 && c.asciiValue! != 0x7F):
        return .field(.typed(c))
      default: return nil
      }
    case .confirm:
      switch event {
      case .character("y"), .character("Y"), .enter, .character("\n"), .character("\r"):
        return .answer(true)
      case .character("n"), .character("N"), .escape, .character("q"): return .answer(false)
      default: return nil
      }
    }
  }
}

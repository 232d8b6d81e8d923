import Foundation

/// What tmux says about the terminal outside it, for pictures: whether it lets programs
/// pass escape sequences through (`allow-passthrough`) and which terminal its client is.
///
/// tmux answers the probe's queries itself, so the outer terminal is known only through tmux:
/// `#{client_termname}` is its TERM, `#{client_termtype}` its XTVERSION answer (empty in
/// tmux 3.3a, recorded here inside kitty 0.26.5).
public struct TmuxPassthrough: Sendable, Hashable {
  /// `tmux show -gv allow-passthrough` says `on` or `all`.
  public var allowed: Bool
  /// The outer terminal's TERM, e.g. `xterm-kitty`.
  public var clientTermName: String?
  /// The outer terminal's name and version, e.g. `kitty(0.35.2)`, when tmux knows it.
  public var clientTermType: String?

  public init(allowed: Bool, clientTermName: String? = nil, clientTermType: String? = nil) {
    self.allowed = allowed
    self.clientTermName = clientTermName
    self.clientTermType = clientTermType
  }

  /// The arguments that print the passthrough option.
  public static let passthroughOption = ["show", "-gv", "allow-passthrough"]
  /// The arguments that print the client's terminal name and type.
  public static let clientTerminal = ["display", "-p", "#{client_termname}|#{client_termtype}"]

  /// Asks tmux (only call inside tmux).
  public static func ask(_ tmux: TmuxQuery) -> TmuxPassthrough {
    let option = tmux.run(passthroughOption)?.trimmingCharacters(in: .whitespacesAndNewlines)
    let client = tmux.run(clientTerminal)?.trimmingCharacters(in: .whitespacesAndNewlines)
    let parts = (client ?? "").split(separator: "|", omittingEmptySubsequences: false).map {
      String($0)
    }
    func nonEmpty(_ index: Int) -> String? {
      index < parts.count && !parts[index].isEmpty ? parts[index] : nil
    }
    return TmuxPassthrough(
      allowed: option == "on" || option == "all", clientTermName: nonEmpty(0),
      clientTermType: nonEmpty(1))
  }

  /// The outer kitty's version (major, minor) from `kitty(0.35.2)`, nil for another terminal
  /// or when tmux does not know.
  public var outerKittyVersion: (major: Int, minor: Int)? {
    guard let type = clientTermType, type.hasPrefix("kitty(") else { return nil }
    let numbers = type.dropFirst("kitty(".count).split(whereSeparator: { !$0.isNumber })
      .compactMap { Int($0) }
    guard numbers.count >= 2 else { return nil }
    return (numbers[0], numbers[1])
  }

  /// The terminal outside is Ghostty (its XTVERSION is `ghostty 1.1.3`), which has drawn
  /// kitty's Unicode placeholders since its first release.
  public var outerIsGhostty: Bool {
    clientTermType?.lowercased().hasPrefix("ghostty") ?? false
      || clientTermName == "xterm-ghostty"
  }

  /// kitty's Unicode placeholders (kitty ≥ 0.28, Ghostty) could carry pictures through this
  /// tmux. A kitty of unknown version (tmux 3.3a does not know it) is not trusted: kitty
  /// before 0.28 would show the placeholders as boxes.
  public var kittyPlaceholdersPossible: Bool {
    guard allowed else { return false }
    if outerIsGhostty { return true }
    guard let version = outerKittyVersion else { return false }
    return version.major > 0 || version.minor >= 28
  }
}

extension TerminalCapabilities {
  /// One line for `lightbox doctor` when pictures fall back to half-blocks inside tmux: why,
  /// and what would give real pixels. Nil outside tmux or when sixel passes through it.
  public func tmuxHint(_ passthrough: TmuxPassthrough) -> String? {
    guard environment.insideTmux, !sixelSupport.available else { return nil }
    let tmux = environment.tmuxVersion.map { "tmux \($0)" } ?? "this tmux"
    let outer = passthrough.clientTermType ?? passthrough.clientTermName ?? "unknown"
    // kitty images with Unicode placeholders go through: nothing to hint.
    if passthrough.kittyPlaceholdersPossible { return nil }
    if passthrough.outerKittyVersion != nil || passthrough.outerIsGhostty, !passthrough.allowed {
      return "\(tmux) could pass kitty graphics to \(outer) with `set -g allow-passthrough on` "
        + "(and kitty ≥ 0.28): half-blocks until then"
    }
    if let version = environment.tmuxVersion, version < TmuxVersion.firstWithSixel {
      return "\(tmux) passes no pictures (sixel needs tmux ≥ 3.4 built with it): half-blocks; "
        + "run Lightbox outside tmux (outer terminal: \(outer)) for pixels"
    }
    return "\(tmux) passes no pictures to \(outer) (no sixel in its DA1, "
      + "allow-passthrough \(passthrough.allowed ? "on" : "off")): half-blocks; "
      + "run Lightbox outside tmux for pixels"
  }
}

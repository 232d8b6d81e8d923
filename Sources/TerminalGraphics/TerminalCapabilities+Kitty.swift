extension TerminalCapabilities {
  /// Whether the kitty graphics protocol can be used, and the one-line reason.
  ///
  /// Only the terminal's `OK` to the query counts, never `TERM`: a terminal that does not
  /// know the protocol ignores the query. Inside tmux or screen the answer (if any came
  /// through) would be the outer terminal's, and the multiplexer would not pass the images
  /// themselves without passthrough, so it is not used there.
  public var kittyGraphicsSupport: (available: Bool, reason: String) {
    if environment.insideTmux {
      if let tmux = tmuxPassthrough, tmux.kittyPlaceholdersPossible {
        let outer = tmux.clientTermType ?? "the terminal outside"
        return (
          true,
          "tmux passes kitty graphics to \(outer) (allow-passthrough on): Unicode placeholders"
        )
      }
      return (false, "inside tmux, which does not pass kitty graphics without passthrough")
    }
    if environment.insideScreen {
      return (false, "inside GNU screen, which does not pass kitty graphics")
    }
    guard queried else { return (false, "the terminal was not asked (output is not a terminal)") }
    guard let reply = kittyGraphicsReply else {
      return (false, "no reply to the kitty graphics query")
    }
    guard reply == "OK" else {
      let shown = ReplyParser.displayText(Array(reply.prefix(60).utf8))
      return (false, "the kitty graphics query was refused (\(shown))")
    }
    return (true, "the terminal answered the kitty graphics query OK")
  }

  /// How kitty pictures go: as temporary files when the terminal read the probe's file
  /// (it is on this machine), else in the stream.
  public var kittyMedium: KittyMedium {
    guard kittyGraphicsSupport.available, !environment.insideTmux, kittyFileReply == "OK" else {
      return .stream
    }
    return .temporaryFile(directory: KittyMedium.temporaryDirectory)
  }

  /// True when kitty pictures must be drawn as Unicode placeholders sent through tmux
  /// (`KittyPlaceholderDriver`) rather than placed directly (`KittyDriver`).
  public var kittyNeedsPlaceholders: Bool { environment.insideTmux }
}

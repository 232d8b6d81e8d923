/// Replies of terminals that speak the kitty graphics protocol (and of some that do not) to
/// `CapabilityProbe.queries`, including the kitty graphics query (`i=31`, `a=q`) sent just
/// before DA1. Each says where it comes from: recorded here, or put together from published
/// answers (ucs-detect's recordings for DA1, the protocol's documented reply format).
extension RecordedTerminals {
  /// The kitty graphics protocol's answer to the query, as its documentation gives it.
  static let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"

  /// kitty 0.26.5 (Debian 12) in term-shot, 100×30 cells of 10×19 px: recorded on this machine
  /// by a script that wrote the probe's batch to `/dev/tty` and saved every byte read.
  static let kitty026 = bytes(
    "\u{1B}P>|kitty(0.26.5)\u{1B}\\" + "\u{1B}[6;19;10t" + "\u{1B}[4;570;1000t"
      + "\u{1B}[?2026;2$y" + kittyOK + "\u{1B}[?62;c")

  /// kitty 0.35.2: the same answers with its version (kitty's DA1 has been `?62;c` since
  /// before 0.26; documentation and kitty's source, not recorded).
  static let kitty035 = bytes(
    "\u{1B}P>|kitty(0.35.2)\u{1B}\\" + "\u{1B}[6;20;10t" + "\u{1B}[4;600;1000t"
      + "\u{1B}[?2026;2$y" + kittyOK + "\u{1B}[?62;c")

  /// Ghostty 1.2.3: DA1 `?62;22;52c` as ucs-detect recorded it (linux-ghostty-1.2.3.yaml),
  /// XTVERSION `ghostty 1.2.3`, 2026 supported, the kitty reply per the protocol.
  static let ghostty = bytes(
    "\u{1B}P>|ghostty 1.2.3\u{1B}\\" + "\u{1B}[6;22;10t" + "\u{1B}[?2026;2$y" + kittyOK
      + "\u{1B}[?62;22;52c")

  /// WezTerm 20240203 with `enable_kitty_graphics = true`: the sixel answers of `wezterm`
  /// plus the kitty reply. WezTerm lists sixel (4) in DA1: kitty must still win.
  static let weztermKitty = bytes(
    "\u{1B}P>|WezTerm 20240203-110809-5046fc22\u{1B}\\" + "\u{1B}[?2026;2$y" + kittyOK
      + "\u{1B}[?65;4;6;18;22c")

  /// Konsole 23.08.5: DA1 `?62;1;4c` (sixel) as ucs-detect recorded it
  /// (linux-konsole-23.08.5.yaml), no XTVERSION; the kitty reply per the protocol (Konsole
  /// speaks it since 22.04).
  static let konsole = bytes("\u{1B}[6;26;11t" + kittyOK + "\u{1B}[?62;1;4c")

  /// iTerm2 3.6.5: DA1 `?64;1;2;4;6;17;18;21;22c` as ucs-detect recorded it
  /// (macos-iTerm2-3.6.5.yaml), XTVERSION `iTerm2 3.6.5` as iTerm2 documents its reply,
  /// 2026 supported; no answer to the kitty graphics query (documentation, not recorded).
  static let iTerm2 = bytes(
    "\u{1B}P>|iTerm2 3.6.5\u{1B}\\" + "\u{1B}[?2026;2$y" + "\u{1B}[?64;1;2;4;6;17;18;21;22c")
  static let iTerm2Environment = [
    "TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app", "LC_TERMINAL": "iTerm2",
  ]

  /// xterm 379 as term-shot runs it, recorded on this machine with the kitty query in the
  /// batch: no answer to it (xterm drops the APC string), everything else as `xterm`.
  static let xtermWithKittyQuery = xterm

  /// tmux 3.3a recorded on this machine with the kitty query in the batch (tui-drive): tmux
  /// swallows the APC string and answers only XTVERSION and DA1.
  static let tmux33WithKittyQuery = tmux33
}

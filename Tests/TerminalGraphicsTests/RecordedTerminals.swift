/// Replies of real terminals to `CapabilityProbe.queries`, as byte strings, each with its
/// source. Where a terminal ignores a query, it simply has no reply for it.
enum RecordedTerminals {
  static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  /// xterm 379 (Debian 12) as `-ti vt340` with numColorRegisters 256 and allowWindowOps,
  /// in a 100×40 window of 10×19 cells: recorded on this machine with
  /// `term-shot --size 100x40 -- lightbox doctor` (the same answers the harness README
  /// lists). Stock xterm (`allowWindowOps` off) does not answer 14t/16t.
  static let xterm = bytes(
    "\u{1B}P>|XTerm(379)\u{1B}\\" + "\u{1B}[?1;0;256S" + "\u{1B}[?2;0;1000;760S"
      + "\u{1B}[6;19;10t" + "\u{1B}[4;760;1000t" + "\u{1B}[?2026;0$y"
      + "\u{1B}[?63;1;2;4;6;9;15;16;22;28c")
  /// TIOCGWINSZ in that window: the 2 px borders are included in the pixels.
  static let xtermWindow = (columns: 100, rows: 40, pixelWidth: 1004, pixelHeight: 764)

  /// mlterm 3.9: DA1 as mlterm sends it (`CSI ? 63;1;2;3;4;7;29 c`, as tabulated in
  /// finalcut's and other terminal-detection tables). Only DA1 is replayed: what mlterm
  /// answers to the other queries was not recorded, so they stay unanswered here.
  static let mlterm = bytes("\u{1B}[?63;1;2;3;4;7;29c")

  /// foot 1.27.0, from the ucs-detect results (jquast/ucs-detect data/foot.yaml:
  /// XTVERSION `foot(1.27.0)`, DA1 class 62 with 4;22;28;52, mode 2026 reset = 2, cell
  /// 6×12 px).
  static let foot = bytes(
    "\u{1B}P>|foot(1.27.0)\u{1B}\\" + "\u{1B}[6;12;6t" + "\u{1B}[?2026;2$y"
      + "\u{1B}[?62;4;22;28;52c")

  /// WezTerm 20240203-110809-5046fc22: XTVERSION and DA1 `CSI ? 65;4;6;18;22 c` as
  /// published in WezTerm's terminalstate (and recorded by ucs-detect); 2026 supported.
  static let wezterm = bytes(
    "\u{1B}P>|WezTerm 20240203-110809-5046fc22\u{1B}\\" + "\u{1B}[?2026;2$y"
      + "\u{1B}[?65;4;6;18;22c")

  /// kitty 0.26.5 to a batch without the kitty graphics query: XTVERSION `kitty(0.26.5)`,
  /// DA1 `CSI ? 62 ; c` (no 4: kitty draws images with its own protocol, not sixel; as
  /// tabulated by terminal-detection code), 2026 supported; the 16t answer is shaped as kitty
  /// sends it, for a 10×20 font. With the query, see `kitty026`.
  static let kitty = bytes(
    "\u{1B}P>|kitty(0.26.5)\u{1B}\\" + "\u{1B}[6;20;10t" + "\u{1B}[?2026;2$y" + "\u{1B}[?62;c")

  /// tmux 3.3a (Debian 12), recorded on this machine with `tui-drive -- lightbox doctor`:
  /// tmux answers XTVERSION and DA1 itself (`CSI ? 1;2 c`, no sixel) and nothing else.
  /// Its environment has TERM_PROGRAM=tmux, TERM_PROGRAM_VERSION=3.3a, TMUX set.
  static let tmux33 = bytes("\u{1B}P>|tmux 3.3a\u{1B}\\" + "\u{1B}[?1;2c")
  static let tmux33Environment = [
    "TERM": "xterm-256color", "TMUX": "/tmp/tmux-0/default,123,0", "TERM_PROGRAM": "tmux",
    "TERM_PROGRAM_VERSION": "3.3a",
  ]

  /// tmux 3.4 built with sixel: DA1 gains 4 (`CSI ? 1;2;4 c`, tmux's input.c).
  static let tmux34Sixel = bytes("\u{1B}P>|tmux 3.4\u{1B}\\" + "\u{1B}[?1;2;4c")

  /// The Linux console: only DA1, `CSI ? 6 c` (VT102ID in the kernel's vt.c).
  static let linuxConsole = bytes("\u{1B}[?6c")
}

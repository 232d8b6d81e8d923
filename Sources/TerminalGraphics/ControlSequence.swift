/// Every control sequence Lightbox writes to a terminal, in one place: so a reader sees the
/// whole vocabulary at once, and so nothing from a file is ever written except through these
/// (text goes through `TerminalText`, pictures through a `GraphicsDriver`).
///
/// Positions are 0-based here and written 1-based, as the terminal counts.
public enum ControlSequence {
  /// CSI: ESC [.
  static let csi = "\u{1B}["

  // MARK: Cursor and erasing

  /// Moves the cursor to `row`, `column` (CUP).
  public static func cursorPosition(row: Int, column: Int) -> [UInt8] {
    Array("\(csi)\(row + 1);\(column + 1)H".utf8)
  }

  /// Erases `count` characters from the cursor on, in the current colours (ECH).
  public static func eraseCharacters(_ count: Int) -> [UInt8] {
    Array("\(csi)\(count)X".utf8)
  }

  /// Clears from the cursor to the end of the line (EL 0), after a carriage return: for
  /// redrawing a progress line in place.
  public static let redrawLine = "\r\(csi)K"

  // MARK: Colours

  /// SGR 0: default colours and weight.
  public static let resetAttributes = "\(csi)0m"

  /// SGR 0, then foreground and background from the 256-colour palette (the eight basic
  /// colours as 3x/4x when both are below 8) and bold when asked.
  public static func colors(foreground: Int16, background: Int16, bold: Bool) -> String {
    let pair =
      foreground < 8 && background < 8
      ? "3\(foreground);4\(background)" : "38;5;\(foreground);48;5;\(background)"
    return "\(csi)0;" + (bold ? "1;" : "") + pair + "m"
  }

  /// Foreground from the 256-colour palette.
  public static func foreground256(_ index: Int) -> [UInt8] { Array("\(csi)38;5;\(index)m".utf8) }

  /// Background from the 256-colour palette.
  public static func background256(_ index: Int) -> [UInt8] { Array("\(csi)48;5;\(index)m".utf8) }

  /// 24-bit foreground.
  public static func foreground(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> [UInt8] {
    Array("\(csi)38;2;\(r);\(g);\(b)m".utf8)
  }

  /// 24-bit background.
  public static func background(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> [UInt8] {
    Array("\(csi)48;2;\(r);\(g);\(b)m".utf8)
  }

  // MARK: Modes

  /// Begins a synchronized update (DEC mode 2026): the terminal shows the frame whole.
  public static let beginSynchronizedUpdate = "\(csi)?2026h"
  /// Ends a synchronized update.
  public static let endSynchronizedUpdate = "\(csi)?2026l"

  /// What puts the terminal back as the shell expects it, written by the crash handler
  /// when Swift can no longer run: end a synchronized update, reset colours, show the
  /// cursor, cursor keys and keypad in normal mode, mouse reporting off, leave the
  /// alternate screen.
  public static let restoreTerminal =
    endSynchronizedUpdate + resetAttributes + "\(csi)?25h\(csi)?1l\u{1B}>\(csi)?1000l"
    + "\(csi)?1002l\(csi)?1006l\(csi)?1049l"

  // MARK: Sixel

  /// DCS q with raster attributes' introducer: the start of a sixel image (aspect 1:1).
  public static let sixelStart: [UInt8] = Array("\u{1B}Pq\"1;1;".utf8)
  /// ST: the end of a sixel image.
  public static let stringTerminator: [UInt8] = [0x1B, UInt8(ascii: "\\")]

  // MARK: Queries (the capability probe)

  /// XTVERSION: the terminal's name and version.
  public static let queryVersion = "\(csi)>0q"
  /// XTSMGRAPHICS: the number of colour registers.
  public static let queryColorRegisters = "\(csi)?1;1;0S"
  /// XTSMGRAPHICS: the largest sixel image.
  public static let querySixelGeometry = "\(csi)?2;1;0S"
  /// The cell size in pixels (CSI 16 t).
  public static let queryCellSize = "\(csi)16t"
  /// The text area in pixels (CSI 14 t).
  public static let queryTextAreaSize = "\(csi)14t"
  /// DECRQM 2026: whether synchronized output is known.
  public static let querySynchronizedOutput = "\(csi)?2026$p"
  /// DA1: primary device attributes; every terminal answers, so it ends the probe.
  public static let queryDeviceAttributes = "\(csi)c"
}

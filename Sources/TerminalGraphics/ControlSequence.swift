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

  // MARK: kitty graphics protocol

  /// The parts of a kitty graphics command: `ESC _ G keys ; payload ESC \`.
  static let kittyStart: [UInt8] = Array("\u{1B}_G".utf8)

  /// One kitty graphics command with `keys` (`a=p,i=3`) and an optional base64 payload.
  public static func kittyCommand(_ keys: String, payload: ArraySlice<UInt8> = []) -> [UInt8] {
    var out = kittyStart
    out += Array(keys.utf8)
    if !payload.isEmpty {
      out.append(UInt8(ascii: ";"))
      out += payload
    }
    out += stringTerminator
    return out
  }

  /// How a kitty transmission's pixels are given.
  public enum KittyFormat: Sendable, Hashable {
    /// A PNG file (`f=100`); the size is in the file.
    case png
    /// Raw 8-bit R, G, B (`f=24`) of `width` × `height` pixels.
    case rgb(width: Int, height: Int)
  }

  /// The first chunk of a transmission of image `id` in the stream (`t=d`), quiet (`q=2`):
  /// the terminal answers nothing, so no reply reaches the key stream.
  public static func kittyTransmitKeys(id: UInt32, format: KittyFormat, more: Bool) -> String {
    let pixels =
      switch format {
      case .png: "f=100"
      case .rgb(let width, let height): "f=24,s=\(width),v=\(height)"
      }
    return "a=t,i=\(id),\(pixels),t=d,q=2,m=\(more ? 1 : 0)"
  }

  /// The keys of a continuation chunk (kitty reads only `m` there).
  public static func kittyContinuationKeys(more: Bool) -> String { "m=\(more ? 1 : 0)" }

  /// Places image `id` at the cursor as placement `placement`; `C=1` leaves the cursor where
  /// it is, so ncurses' idea of it stays true. `z` above 0 stacks it over other pictures.
  public static func kittyPlace(id: UInt32, placement: UInt32, z: Int = 0) -> [UInt8] {
    kittyCommand("a=p,i=\(id),p=\(placement),C=1,q=2" + (z == 0 ? "" : ",z=\(z)"))
  }

  /// Places image `id` at the cursor and moves the cursor past it (`lightbox show`).
  public static func kittyPlaceInline(id: UInt32) -> [UInt8] {
    kittyCommand("a=p,i=\(id),q=2")
  }

  /// Deletes one placement of image `id`; the image data stays for the next placement.
  public static func kittyDeletePlacement(id: UInt32, placement: UInt32) -> [UInt8] {
    kittyCommand("a=d,d=i,i=\(id),p=\(placement),q=2")
  }

  /// Deletes image `id` with all its placements and frees its data (LRU eviction).
  public static func kittyFreeImage(id: UInt32) -> [UInt8] {
    kittyCommand("a=d,d=I,i=\(id),q=2")
  }

  /// Deletes every image on the screen and frees the data: the terminal is left clean.
  public static let kittyFreeAll: [UInt8] = kittyCommand("a=d,d=A,q=2")

  /// A virtual placement of image `id` over `columns` × `rows` cells (`U=1`): the image shows
  /// wherever its Unicode placeholders are written (`KittyPlaceholder`).
  public static func kittyVirtualPlacement(id: UInt32, columns: Int, rows: Int) -> [UInt8] {
    kittyCommand("a=p,U=1,i=\(id),c=\(columns),r=\(rows),q=2")
  }

  /// `sequence` wrapped for tmux's passthrough (`ESC P tmux; … ESC \`, every ESC inside
  /// doubled): tmux hands it to the terminal outside unchanged when `allow-passthrough` is on.
  public static func tmuxPassthrough(_ sequence: some Collection<UInt8>) -> [UInt8] {
    var out: [UInt8] = Array("\u{1B}Ptmux;".utf8)
    out.reserveCapacity(sequence.count + sequence.count / 512 + 16)
    for byte in sequence {
      if byte == 0x1B { out.append(0x1B) }
      out.append(byte)
    }
    out += stringTerminator
    return out
  }

  // MARK: iTerm2 inline images

  /// OSC 1337 `File=` with `inline=1`: a file of `fileBytes` bytes (base64 after the colon)
  /// shown at the cursor over `columns` × `rows` cells, stretched to them exactly
  /// (`preserveAspectRatio=0`: Lightbox has fitted the picture already), ended by BEL.
  public static func iTerm2InlineImage(columns: Int, rows: Int, fileBytes: Int, base64: [UInt8])
    -> [UInt8]
  {
    Array(
      "\u{1B}]1337;File=inline=1;size=\(fileBytes);width=\(columns);height=\(rows);preserveAspectRatio=0:"
        .utf8) + base64 + [0x07]
  }

  // MARK: Queries (the capability probe)

  /// OSC 52: put `text` on the system clipboard ("c"), base64-encoded, so nothing in it
  /// (a file name with an escape in it) reaches the terminal as a control sequence. tmux
  /// takes it when `set-clipboard` is on; xterm when `allowWindowOps` (or the
  /// `disallowedWindowOps` default) lets it; kitty, WezTerm, iTerm2 and foot do.
  public static func copyToClipboard(_ text: String) -> [UInt8] {
    Array("\u{1B}]52;c;".utf8) + Base64.encode(Array(text.utf8)) + [0x07]
  }

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
  /// The kitty graphics query: a 1×1 RGB image with id `kittyQueryID` that is checked and
  /// not stored (`a=q`). A terminal with the protocol answers `ESC _ G i=31;OK ESC \`;
  /// others ignore the APC string, so it costs nothing before DA1.
  public static let queryKittyGraphics =
    "\u{1B}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
  /// The image id of the kitty graphics query.
  public static let kittyQueryID = 31
  /// The kitty graphics query through a temporary file at `path` holding one RGB pixel
  /// (`t=t`): answered `OK` only by a terminal that could read the file, which proves it runs
  /// on this machine (it deletes the file after reading it).
  public static func queryKittyFileMedium(path: String) -> String {
    let name = String(decoding: Base64.encode(Array(path.utf8)), as: UTF8.self)
    return "\u{1B}_Gi=\(kittyFileQueryID),s=1,v=1,a=q,t=t,f=24;\(name)\u{1B}\\"
  }
  /// The image id of the temporary-file query.
  public static let kittyFileQueryID = 32
  /// DA1: primary device attributes; every terminal answers, so it ends the probe.
  public static let queryDeviceAttributes = "\(csi)c"
}

/// A terminal's answer to one of the capability queries, as the reply parser recognised it.
public enum TerminalReply: Sendable, Hashable {
  /// DA1 `CSI ? Ps ; … c`: the service class and extensions (4 = sixel graphics).
  case deviceAttributes([Int])
  /// XTSMGRAPHICS `CSI ? Pi ; Ps ; Pv … S`: item 1 = colour registers, 2 = sixel geometry;
  /// status 0 = success, 1 = unknown item, 2 = bad action, 3 = failure.
  case graphicsAttribute(item: Int, status: Int, values: [Int])
  /// XTVERSION `DCS > | text ST`: the terminal's name and version, e.g. `XTerm(379)`.
  case version(String)
  /// `CSI 6 ; height ; width t`: the size of one character cell in pixels.
  case cellSize(width: Int, height: Int)
  /// `CSI 4 ; height ; width t`: the size of the text area in pixels.
  case textAreaSize(width: Int, height: Int)
  /// `CSI 8 ; rows ; columns t`: the size of the text area in cells.
  case textAreaCells(columns: Int, rows: Int)
  /// DECRPM `CSI ? mode ; value $ y`: 0 = not recognised, 1 set, 2 reset, 3 permanently
  /// set, 4 permanently reset.
  case modeReport(mode: Int, value: Int)
  /// kitty graphics `ESC _ G i=ID ; message ESC \`: the answer to a graphics command, `OK`
  /// or an error such as `ENOENT:…`.
  case kittyGraphics(id: Int, message: String)
  /// A reply-shaped sequence the probe did not ask for or cannot read (kept so that it
  /// never reaches the key stream, and shown by `lightbox doctor`).
  case unrecognized
}

/// One reply found in the bytes read from the terminal, with the bytes it was made of.
public struct RecognizedReply: Sendable, Hashable {
  public var reply: TerminalReply
  public var bytes: [UInt8]

  public init(reply: TerminalReply, bytes: [UInt8]) {
    self.reply = reply
    self.bytes = bytes
  }
}

import PhotoModel

/// What the terminal can draw, from the environment and the replies to one batch of
/// queries. Pure: built from values, so every terminal can be replayed in a test.
public struct TerminalCapabilities: Sendable, Hashable {
  /// Where the cell size came from, best first.
  public enum CellSizeSource: String, Sendable, Hashable {
    /// `TIOCGWINSZ` pixel size ÷ cells.
    case windowSize = "TIOCGWINSZ pixels ÷ cells"
    /// The `CSI 16 t` reply.
    case cellReport = "CSI 16 t reply"
    /// The `CSI 14 t` reply ÷ cells.
    case textAreaReport = "CSI 14 t reply ÷ cells"
    /// Nothing usable: 10×20.
    case fallback = "default 10×20"
  }

  /// The cell size used when the terminal tells nothing.
  public static let defaultCellSize = PixelSize(width: 10, height: 20)
  /// Colour registers assumed when a sixel terminal does not answer XTSMGRAPHICS.
  public static let defaultColorRegisters = 256

  public var environment: TerminalEnvironment
  /// Every reply read, in order, with its bytes.
  public var replies: [RecognizedReply]
  public var windowSize: WindowSize?
  /// The DA1 parameters, nil when the terminal did not answer DA1.
  public var deviceAttributes: [Int]?
  /// Colour registers from XTSMGRAPHICS, nil when not reported.
  public var reportedColorRegisters: Int?
  /// The largest sixel image the terminal accepts, from XTSMGRAPHICS.
  public var maxSixelSize: PixelSize?
  /// XTVERSION text, e.g. `XTerm(379)`.
  public var terminalVersion: String?
  /// The message of the reply to the kitty graphics query (`OK` when supported), nil when
  /// the terminal did not answer it.
  public var kittyGraphicsReply: String?
  /// The message of the reply to the kitty query through a temporary file (`OK` when the
  /// terminal read it), nil when not answered.
  public var kittyFileReply: String?
  /// DECRQM 2026 answered set or reset: synchronized output is supported.
  public var synchronizedOutput: Bool
  public var cellSize: PixelSize
  public var cellSizeSource: CellSizeSource
  /// The queries were sent (false: output was not a terminal, nothing was asked).
  public var queried: Bool
  /// What tmux says about passthrough and the terminal outside it (set by the caller inside
  /// tmux: asking runs `tmux`); nil when not asked.
  public var tmuxPassthrough: TmuxPassthrough?

  public init(
    environment: TerminalEnvironment, replies: [RecognizedReply], windowSize: WindowSize?,
    queried: Bool = true
  ) {
    self.environment = environment
    self.queried = queried
    self.replies = replies
    self.windowSize = windowSize
    var attributes: [Int]?
    var registers: Int?
    var geometry: PixelSize?
    var version: String?
    var sync = false
    var kitty: String?
    var kittyFile: String?
    var cellReport: PixelSize?
    var textArea: PixelSize?
    var textCells: (columns: Int, rows: Int)?
    for reply in replies {
      switch reply.reply {
      case .deviceAttributes(let values): attributes = values
      case .graphicsAttribute(1, 0, let values) where values.first.map({ $0 > 0 }) ?? false:
        registers = values[0]
      case .graphicsAttribute(2, 0, let values)
      where values.count >= 2 && values[0] > 0 && values[1] > 0:
        geometry = PixelSize(width: values[0], height: values[1])
      case .version(let text): version = text
      case .kittyGraphics(ControlSequence.kittyQueryID, let message): kitty = message
      case .kittyGraphics(ControlSequence.kittyFileQueryID, let message): kittyFile = message
      case .modeReport(2026, let value): sync = value == 1 || value == 2
      case .cellSize(let w, let h): cellReport = PixelSize(width: w, height: h)
      case .textAreaSize(let w, let h): textArea = PixelSize(width: w, height: h)
      case .textAreaCells(let c, let r): textCells = (c, r)
      default: break
      }
    }
    deviceAttributes = attributes
    reportedColorRegisters = registers
    maxSixelSize = geometry
    terminalVersion = version
    synchronizedOutput = sync
    kittyGraphicsReply = kitty
    kittyFileReply = kittyFile
    // tmux answers XTVERSION itself ("tmux 3.3a"): a version when the environment had none.
    if self.environment.insideTmux && self.environment.tmuxVersion == nil,
      let text = version, text.hasPrefix("tmux")
    {
      self.environment.tmuxVersion = TmuxVersion(parsing: text)
    }
    (cellSize, cellSizeSource) = TerminalCapabilities.chooseCellSize(
      windowSize: windowSize, cellReport: cellReport, textArea: textArea, textCells: textCells)
  }

  /// A terminal that was not asked (not a tty, or probing turned off).
  public init(environment: TerminalEnvironment, windowSize: WindowSize? = nil) {
    self.init(environment: environment, replies: [], windowSize: windowSize, queried: false)
  }

  /// A cell of this size is plausible (fonts from 2 to 128 px wide, 4 to 256 px high).
  static func isSane(_ cell: PixelSize) -> Bool {
    (2...128).contains(cell.width) && (4...256).contains(cell.height)
  }

  /// TIOCGWINSZ pixels ÷ cells when sane, else CSI 16 t, else CSI 14 t ÷ cells, else 10×20.
  static func chooseCellSize(
    windowSize: WindowSize?, cellReport: PixelSize?, textArea: PixelSize?,
    textCells: (columns: Int, rows: Int)?
  ) -> (PixelSize, CellSizeSource) {
    if let ws = windowSize, ws.columns > 0, ws.rows > 0, ws.pixelWidth > 0, ws.pixelHeight > 0 {
      // Integer division drops the window's inner border (xterm: 2 px on each side).
      let cell = PixelSize(width: ws.pixelWidth / ws.columns, height: ws.pixelHeight / ws.rows)
      if isSane(cell) { return (cell, .windowSize) }
    }
    if let cell = cellReport, isSane(cell) { return (cell, .cellReport) }
    let cells =
      windowSize.flatMap { $0.columns > 0 && $0.rows > 0 ? ($0.columns, $0.rows) : nil }
      ?? textCells
    if let area = textArea, let (columns, rows) = cells, columns > 0, rows > 0 {
      let cell = PixelSize(width: area.width / columns, height: area.height / rows)
      if isSane(cell) { return (cell, .textAreaReport) }
    }
    return (defaultCellSize, .fallback)
  }

  /// The terminal answered DA1 (every real terminal does).
  public var answered: Bool { deviceAttributes != nil }

  /// DA1 lists 4: the terminal itself draws sixel.
  public var deviceAttributesListSixel: Bool { deviceAttributes?.dropFirst().contains(4) ?? false }

  /// The colours a sixel image may use: the reported registers (the default when not
  /// reported), at most libsixel's 256.
  public var sixelPaletteSize: Int {
    min(max(2, reportedColorRegisters ?? TerminalCapabilities.defaultColorRegisters), 256)
  }

  /// Whether sixel can be used, and the one-line reason.
  public var sixelSupport: (available: Bool, reason: String) {
    if environment.insideScreen {
      return (false, "inside GNU screen, which does not pass sixel through")
    }
    guard let attributes = deviceAttributes else {
      if !queried { return (false, "the terminal was not asked (output is not a terminal)") }
      return (false, "the terminal did not answer DA1 (CSI c)")
    }
    let listed = deviceAttributesListSixel
    if environment.insideTmux {
      guard let version = environment.tmuxVersion else {
        return (false, "inside tmux of unknown version (sixel needs tmux ≥ 3.4)")
      }
      if version < TmuxVersion.firstWithSixel {
        return (false, "inside tmux \(version), which swallows sixel (needs ≥ 3.4)")
      }
      if !listed {
        return (false, "inside tmux \(version) built without sixel (DA1 \(attributes) lacks 4)")
      }
      return (true, "inside tmux \(version) with sixel (DA1 lists 4)")
    }
    if !listed {
      return (false, "DA1 \(attributes) does not list 4 (sixel)")
    }
    return (true, "DA1 lists 4 (sixel)")
  }

  /// The mode to draw with for a request: `auto` becomes `kitty`, `iTerm2`, `sixel` or
  /// `halfBlock` from the probe, in that order of preference; a forced mode is kept. Never
  /// returns `auto`.
  public func graphicsMode(requested: GraphicsMode) -> GraphicsMode {
    modeDecision(requested: requested).mode
  }

  /// The chosen mode and why.
  public func modeDecision(requested: GraphicsMode) -> (mode: GraphicsMode, reason: String) {
    switch requested {
    case .kitty: return (.kitty, "forced by the graphics option")
    case .iTerm2: return (.iTerm2, "forced by the graphics option")
    case .sixel: return (.sixel, "forced by the graphics option")
    case .halfBlock: return (.halfBlock, "forced by the graphics option")
    case .auto:
      let kitty = kittyGraphicsSupport
      if kitty.available { return (.kitty, kitty.reason) }
      let iTerm2 = iTerm2ImagesSupport
      if iTerm2.available { return (.iTerm2, iTerm2.reason) }
      let support = sixelSupport
      return (support.available ? .sixel : .halfBlock, support.reason)
    }
  }
}

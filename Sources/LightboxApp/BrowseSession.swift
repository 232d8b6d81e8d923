import Foundation
import LibraryImport
import DecodeWorker
import ThumbnailCache
import PhotoModel
import PhotoStore
import Settings
import TerminalBackend
import TerminalGraphics
import TerminalUI

/// The run loop of the interactive program: input and effect results become actions, the
/// store reduces them, the view renders the state, the terminal presents the frame.
public final class BrowseSession {
  /// How the session draws.
  public struct Options: Sendable {
    public var roots: [String]
    public var colorDepth: ColorDepth
    /// kitty, sixel, half-blocks, or chosen from what the terminal answers.
    public var graphics: GraphicsMode = .halfBlock
    public var theme: Theme
    public var cacheBudgetBytes: Int
    /// The catalog file; nil reads the folders directly without one.
    public var catalogPath: String?
    /// The freedesktop thumbnail folder (`…/thumbnails`); nil uses no disk cache.
    public var thumbnailCacheRoot: String?
    /// The thumbnail cache's size limit (`ThumbnailCacheLimit`); nil leaves it unbounded.
    public var thumbnailCacheLimitBytes: Int64?
    /// The home Trash (`$XDG_DATA_HOME/Trash`); nil finds it from the environment.
    public var trashHome: String?
    /// Days deleted photos stay in Recently Deleted (0: never purged).
    public var trashRetentionDays: Int = 30
    /// Photos smaller than the detail view are fitted up to it (config `upscale`).
    public var upscale = true
    /// Seconds per photo when a slideshow starts.
    public var slideshowSeconds = 4
    /// The key bindings (defaults, or the config's).
    public var keyMap = KeyMap()
    /// Grid tile size.
    public var tileSize: TileSize = .standard
    /// Lines to show in the status line at start (problems in the config file).
    public var notices: [String] = []
    /// The config's `opener` (argv) for `o` and `O`; `$LIGHTBOX_OPENER` wins, `xdg-open`
    /// when neither is set (`ExternalOpener`).
    public var opener: [String]?
    /// Where imported photos go in the library (config `import-template`; nil: the default).
    public var importTemplate: String?
    /// Where t, s and C write tags, ratings and captions (config `xmp-write`).
    public var xmpWrite: XMPWriteMode = .sidecar
    /// The decode worker processes for risky formats (this executable's `decode-worker`
    /// unless told otherwise); there is no way to decode them in the browser's process.
    public var decodeWorker: DecodeWorkerHost.Configuration = .currentExecutable

    public init(
      roots: [String], colorDepth: ColorDepth, theme: Theme = .dark,
      cacheBudgetBytes: Int = 256 << 20, catalogPath: String? = nil,
      thumbnailCacheRoot: String? = nil
    ) {
      self.roots = roots
      self.thumbnailCacheRoot = thumbnailCacheRoot
      self.catalogPath = catalogPath
      self.colorDepth = colorDepth
      self.theme = theme
      self.cacheBudgetBytes = cacheBudgetBytes
    }
  }

  private let options: Options
  private var keyMap: KeyMap { options.keyMap }

  public init(options: Options) {
    self.options = options
  }

  /// Runs until the user quits; the terminal is restored on every way out.
  ///
  /// The first frame never waits for the terminal: the probe's queries go out after it and
  /// the answers are read with the keys (`PendingProbe`); until they are in, pictures are
  /// half-blocks (or the protocol `--graphics` forces, with what the environment tells).
  public func run() throws {
    let environment = TerminalEnvironment(environment: ProcessInfo.processInfo.environment)
    var probe: PendingProbe?
    var format = PictureFormat.halfBlock(options.colorDepth)
    if options.graphics != .halfBlock, isatty(STDOUT_FILENO) == 1 {
      let size = CapabilityProbe.windowSize(fd: STDOUT_FILENO)
      probe = PendingProbe(
        environment: environment, windowSize: size,
        now: DispatchTime.now().uptimeNanoseconds)
      format = startingFormat(environment: environment, windowSize: size)
    } else {
      LightboxLog.logger("probe").info("half-blocks asked for: terminal not probed")
    }
    // Synchronized output only once the terminal said it has it (or when nothing is asked,
    // as before: half-blocks forced).
    let terminal = CursesTerminal(
      theme: options.theme, graphics: format.driver, synchronizedOutput: probe == nil)
    try terminal.start()
    if let fallback = terminal.fallbackTerminalType {
      LightboxLog.logger("terminal").warning(
        "no terminal description for TERM here: drawing with \(fallback)'s")
    }
    defer { terminal.stop() }
    try run(on: terminal, format: format, probe: probe)
  }

  /// The pictures of the first frames, before the terminal answered: half-blocks for `auto`,
  /// a forced protocol as the environment and the window size describe it (the answers may
  /// refine it: the cell size, kitty's medium, the sixel palette).
  func startingFormat(environment: TerminalEnvironment, windowSize: WindowSize?) -> PictureFormat {
    guard options.graphics != .auto else { return .halfBlock(options.colorDepth) }
    return TerminalCapabilities(environment: environment, windowSize: windowSize).pictureFormat(
      requested: options.graphics, colorDepth: options.colorDepth)
  }

  /// The format the probe's answers call for (`TerminalCapabilities.pictureFormat`), with
  /// tmux asked about passthrough inside tmux, and synchronized output; logged.
  func settle(_ probe: PendingProbe, at now: UInt64) -> (PictureFormat, synchronizedOutput: Bool) {
    let result = probe.finish(at: now)
    var capabilities = result.capabilities
    if capabilities.environment.insideTmux {
      capabilities.tmuxPassthrough = TmuxPassthrough.ask(.live)
    }
    let mode = capabilities.graphicsMode(requested: options.graphics)
    let format = capabilities.pictureFormat(
      requested: options.graphics, colorDepth: options.colorDepth,
      kittyMedium: kittyMedium(capabilities))
    let cell = capabilities.cellSize
    let waited = Int(Double(now &- probe.startedAt) / 1e6)
    LightboxLog.logger("probe").info(
      "terminal \(result.outcome) in \(Int(result.elapsedMilliseconds)) ms (settled after \(waited) ms, first frame not waiting): \(mode) pictures, cell \(cell.width)x\(cell.height) px"
    )
    return (format, capabilities.synchronizedOutput)
  }

  /// How kitty pictures go: as the probe found (`TerminalCapabilities.kittyMedium`), unless
  /// `LIGHTBOX_KITTY_TRANSFER=stream` asks for the stream (to record a session's pictures,
  /// or where a terminal reads files badly).
  func kittyMedium(_ capabilities: TerminalCapabilities) -> KittyMedium {
    let asked = ProcessInfo.processInfo.environment["LIGHTBOX_KITTY_TRANSFER"]
    return asked == "stream" ? .stream : capabilities.kittyMedium
  }

  /// The loop itself, on any terminal (the fake one in tests). With `probe`, its queries are
  /// sent after the first frame and its answers, read with the keys, pick the final format.
  public func run(
    on terminal: Terminal, format: PictureFormat? = nil, probe: PendingProbe? = nil
  ) throws {
    var format = format ?? .halfBlock(options.colorDepth)
    var probe = probe
    let inbox = ActionInbox(wake: terminal.waker)
    let cache = PictureCache(budgetBytes: options.cacheBudgetBytes, format: format)
    // Lives as long as the session: its workers are killed when it goes.
    let host = DecodeWorkerHost(configuration: options.decodeWorker)
    let diskCache = options.thumbnailCacheRoot.map { root in
      ThumbnailDiskCache(
        root: root,
        usage: options.thumbnailCacheLimitBytes.map {
          ThumbnailCacheUsage(root: root, limitBytes: $0)
        })
    }
    // The usage index is read (or the cache walked) off the UI thread; until then uses are
    // remembered and nothing is evicted.
    if let usage = diskCache?.usage {
      DispatchQueue.global(qos: .utility).async { usage.prepare() }
    }
    defer { diskCache?.usage?.flush() }
    let runner = EffectRunner(
      inbox: inbox, cache: cache, format: format,
      background: options.theme.imageBackground, catalogPath: options.catalogPath,
      diskCache: diskCache,
      trashHome: options.trashHome, retentionDays: options.trashRetentionDays,
      upscale: options.upscale, decoder: PhotoDecoder(host: host),
      cardImports: cardImports(inbox: inbox), xmpWrite: options.xmpWrite)
    runner.cardImports?.start()
    defer { runner.stop() }
    var state = AppState(
      roots: options.roots, terminal: terminal.size, cellPixelSize: format.cellPixelSize,
      preferredTile: options.tileSize)
    state.detail.slideshowSeconds = options.slideshowSeconds
    let store = Store(state: state)
    let opener = ExternalOpener(
      environment: ProcessInfo.processInfo.environment, configured: options.opener)
    var needsFrame = true
    // When the first key not yet shown was read (`DispatchTime` ns): key → frame, logged at
    // debug level for the benchmarks (`Benchmarks/slowdisk`).
    var keyReadAt: UInt64?
    let frameLog = LightboxLog.logger("frame")
    // The clipboard and the opener go through the terminal; everything else is the runner's.
    func perform(_ effects: [Effect]) {
      for effect in effects {
        switch effect {
        case .copyToClipboard(let text):
          terminal.copyToClipboard(text)
        case .openExternally(let path):
          var failure: String?
          terminal.handOver { failure = opener.open(path) }
          // The screen was the opener's: paint it again even when nothing changed.
          needsFrame = true
          if let failure {
            LightboxLog.logger("opener").error("\(failure): \(path)")
            perform(store.send(.library(.operationFailed(reason: failure))))
          }
        default:
          runner.run(effect)
        }
      }
    }
    perform(store.send(.start))
    if let first = options.notices.first {
      let more = options.notices.count > 1 ? " (and \(options.notices.count - 1) more)" : ""
      perform(store.send(.library(.operationFailed(reason: first + more))))
    }
    var hold = PictureHold(isEnabled: format.resendsMovedPictures)
    var probeSent = false
    while store.state.isRunning {
      var released = false
      if hold.releases(at: DispatchTime.now().uptimeNanoseconds) {
        needsFrame = true
        released = true
      }
      if needsFrame {
        let frameStart = DispatchTime.now().uptimeNanoseconds
        // Only the grid's: the detail view's one picture follows each page and pan step.
        let holding = hold.isHolding && store.state.screen == .grid
        terminal.present(LibraryView.render(store.state, keyMap: keyMap)) {
          holding ? nil : cache.picture(for: $0)
        }
        needsFrame = false
        if let pending = probe, !probeSent {
          // After the first frame's text: a terminal that answers nothing delays nothing.
          terminal.sendQueries(pending.batchBytes)
          probeSent = true
        }
        if let keyReadAt {
          // The whole frame, pictures written too; and its text alone (the selection seen
          // to move on a terminal without synchronized output), which a screen of sixel
          // tiles moved by a scroll can trail by tens of milliseconds.
          let micros = (DispatchTime.now().uptimeNanoseconds &- keyReadAt) / 1000
          let text = terminal.textWrittenAt.map { ($0 &- keyReadAt) / 1000 } ?? micros
          let held = holding ? ", pictures held: keys repeating" : ""
          frameLog.debug("key → frame \(micros) µs (text \(text) µs\(held))")
        } else if released {
          let micros = (DispatchTime.now().uptimeNanoseconds &- frameStart) / 1000
          frameLog.debug("pictures after the keys paused: frame \(micros) µs")
        }
        keyReadAt = nil
      }
      // The revision, not a copy of the state: a copy kept here made every change in place
      // copy what it touched (the whole library at a million photos).
      let before = store.state.revision.count
      // Everything that arrived is reduced before the next frame: a held arrow key or a
      // burst of decoded thumbnails costs one frame, never a backlog.
      var wait = hold.millisecondsUntilRelease(at: DispatchTime.now().uptimeNanoseconds) ?? 1000
      if let pending = probe, probeSent {
        let left = pending.millisecondsUntilDone(at: DispatchTime.now().uptimeNanoseconds)
        wait = min(wait, Int32(clamping: left))
      }
      let events = terminal.readEvents(timeoutMilliseconds: wait)
      // Taken every round: an answer after the probe settled is dropped, not kept.
      let replies = terminal.takeReplies()
      if let pending = probe, probeSent {
        let now = DispatchTime.now().uptimeNanoseconds
        pending.receive(replies, at: now)
        if pending.isDone(at: now) {
          probe = nil
          let (settled, synchronizedOutput) = settle(pending, at: now)
          if settled != format {
            // Every picture again in the new format: the terminal lets go of the old ones,
            // the cache drops them, the store asks for all of them at the new cell size.
            format = settled
            terminal.switchGraphics(to: format.driver, synchronizedOutput: synchronizedOutput)
            cache.switchFormat(to: format)
            hold = PictureHold(isEnabled: format.resendsMovedPictures)
            perform(store.send(.picturesReset(cellPixelSize: format.cellPixelSize)))
            needsFrame = true
          } else {
            terminal.switchGraphics(to: nil, synchronizedOutput: synchronizedOutput)
          }
        }
      }
      for event in events {
        if event != .resize, keyReadAt == nil {
          let now = DispatchTime.now().uptimeNanoseconds
          keyReadAt = now
          hold.keyRead(at: now)
        }
        let action: Action?
        if event == .resize {
          action = .resized(terminal.size)
          // Also sent after Ctrl-Z and `fg` at the same size: the screen must be repainted.
          needsFrame = true
        } else {
          action = keyMap.action(for: event, mode: store.state.inputMode)
        }
        if let action { perform(store.send(action)) }
        if !store.state.isRunning { break }
      }
      var freedMemory = false
      for action in inbox.drain() where store.state.isRunning {
        switch action {
        case .library(.loaded), .library(.indexFinished): freedMemory = true
        default: break
        }
        perform(store.send(action))
      }
      // The old library's memory was freed by the load, the indexer's (its stamp table and
      // walk: 180 MB at a million photos) when it finished: hand it back (`HeapTrim`).
      if freedMemory { HeapTrim.giveBack() }
      if store.state.revision.count != before { needsFrame = true }
      // A key that changed nothing draws no frame.
      if !needsFrame { keyReadAt = nil }
    }
  }

  /// The card watcher for the first library folder (photos are imported there), unless the
  /// library is no folder of its own (no root) or the template is not valid.
  func cardImports(inbox: ActionInbox) -> CardImports? {
    guard options.catalogPath != nil, let library = options.roots.first,
      let template = try? ImportTemplate(options.importTemplate ?? ImportTemplate.defaultText)
    else { return nil }
    let environment = ProcessInfo.processInfo.environment
    return CardImports(
      inbox: inbox,
      options: Importer.Options(
        library: library, template: template,
        ledgerPath: LightboxPaths(environment: environment).importLedger,
        environment: environment),
      environment: environment)
  }
}

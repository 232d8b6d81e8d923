import CNCurses
import CTerminalGuard
import CTerminfoPatch
import Dispatch
import Glibc
import PhotoModel
import PhotoStore
import TerminalUI
import TerminalGraphics

/// The real terminal: ncurses draws the text cells, pictures are written straight to the tty
/// after each `doupdate()`. The only importer of CNCurses.
///
/// ncurses knows nothing of pictures. A picture's cells are reserved in the frame with their
/// own style role, so ncurses repaints them exactly when a picture leaves (the new frame puts
/// something else there) and never touches them while it stays.
public final class CursesTerminal: Terminal {
  /// Why the terminal could not be started.
  public struct StartError: Error, CustomStringConvertible {
    public let description: String
  }

  private let theme: Theme
  private var synchronizedOutput: Bool
  private var screen: OpaquePointer?
  private var lastFrame: Frame?
  private var needsFullRepaint = true
  private var attributes: [StyleRole: attr_t] = [:]
  /// SGR sequences that give a cell its role's colours, for cells the backend erases.
  private var roleSequences: [StyleRole: [UInt8]] = [:]
  /// True when ncurses cannot scroll lines (see `removeScrollCapabilities`), so it only
  /// ever writes the cells that changed.
  private var textNeverScrolls = false
  private var wakeDescriptor: Int32 = -1
  /// The pipe curses reads its keys from: what the tty sends, less the terminal's replies
  /// (`ReplyFilter`), so a probe answered after the first frame never reaches the keys.
  private var keyPipe: (read: Int32, write: Int32) = (-1, -1)
  private var keyInput: UnsafeMutablePointer<FILE>?
  private var replyFilter = ReplyFilter()
  /// Replies read from the tty and not yet taken (`takeReplies`).
  private var replies: [RecognizedReply] = []
  public private(set) var size = TerminalSize(columns: 80, rows: 24)

  /// Sequences that put the terminal back as the shell expects it, written by the crash
  /// handler when Swift can no longer run: end synchronized update, reset colours, show the
  /// cursor, keypad in normal mode, leave the alternate screen.
  static let restoreSequence = ControlSequence.restoreTerminal

  /// The pictures on screen, written through the session's graphics driver.
  private var pictures: PictureLayer

  public init(theme: Theme, graphics: any GraphicsDriver, synchronizedOutput: Bool = true) {
    self.theme = theme
    self.pictures = PictureLayer(driver: graphics)
    self.synchronizedOutput = synchronizedOutput
  }

  /// Wakes `readEvents` from any thread (through the signal guard's pipe).
  public var waker: @Sendable () -> Void { { lb_guard_wake() } }

  deinit { stop() }

  /// Takes over the terminal: UTF-8 locale, curses in cbreak mode, signal guard.
  public func start() throws {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw StartError(description: "lightbox needs a terminal (stdin and stdout are not a tty)")
    }
    setlocale(LC_ALL, "")
    if String(cString: lb_codeset()) != "UTF-8" {
      // Box drawing and half-blocks need UTF-8; C.UTF-8 exists on every glibc system.
      setlocale(LC_CTYPE, "C.UTF-8")
    }
    // The guard saves the shell's termios before curses changes it.
    wakeDescriptor = Self.restoreSequence.withCString {
      lb_guard_install(STDOUT_FILENO, $0, strlen($0))
    }
    // Curses reads keys from a pipe that `readEvents` fills from the tty, replies taken out.
    guard openKeyPipe() else {
      lb_guard_uninstall()
      throw StartError(
        description: "cannot make a pipe for the keys: \(String(cString: strerror(errno)))")
    }
    // newterm, unlike initscr, returns nil for an unknown TERM instead of exiting.
    let term = getenv("TERM").map { String(cString: $0) } ?? ""
    var opened = newterm(nil, lb_stdout(), keyInput)
    if opened == nil, let fallback = Self.fallbackType(for: term) {
      // kitty's, Ghostty's and WezTerm's own TERM come with their terminal, not with the
      // machine: over ssh, or in a fresh container, ncurses has no description for them and
      // every curses program stops with "unknown terminal". They all speak xterm.
      opened = newterm(fallback, lb_stdout(), keyInput)
      if opened != nil { fallbackTerminalType = fallback }
    }
    guard let screen = opened else {
      closeKeyPipe()
      lb_guard_uninstall()
      throw StartError(
        description: "cannot use terminal type '\(term)' (set TERM, e.g. xterm-256color)")
    }
    self.screen = screen
    set_term(screen)
    cbreak()
    noecho()
    nonl()
    intrflush(lb_stdscr(), false)
    keypad(lb_stdscr(), true)
    // Every spelling of Home and End, whatever the terminal description says: tmux and the
    // Linux console send ESC[1~ and ESC[4~, rxvt ESC[7~ and ESC[8~, xterm ESC[H or ESCOH.
    // Under tmux with an xterm TERM, Home was read as Esc then "1" (back out of the photo).
    for (sequence, key) in Self.extraKeySequences { _ = define_key(sequence, key) }
    // Clicks, double-clicks and the wheel; 200 ms tells a double-click from two clicks.
    mousemask(lb_mouse_mask(), nil)
    mouseinterval(200)
    lb_set_escdelay(25)
    curs_set(0)
    // Line and character insert/delete would shift picture cells that ncurses thinks are
    // blank; plain rewrites keep pictures where they are.
    idlok(lb_stdscr(), false)
    idcok(lb_stdscr(), false)
    scrollok(lb_stdscr(), false)
    // ncurses' line-hash scrolling moved pictures with the text in xterm (and xterm forgets
    // all but its 16 newest sixel images), and `idlok(FALSE)` does not stop it: with the
    // scrolling strings taken out of the description it writes changed cells instead.
    textNeverScrolls = lb_remove_scroll_capabilities() == 1
    setUpColors()
    size = TerminalSize(columns: Int(lb_cols()), rows: Int(lb_lines()))
    needsFullRepaint = true
  }

  /// The description curses drew with instead of TERM's, which this machine lacks (nil when
  /// TERM's own was found): the session logs it.
  public private(set) var fallbackTerminalType: String?

  /// Gives the terminal back (normal screen, cursor, echo); safe to call twice.
  public func stop() {
    guard let screen else { return }
    // kitty keeps images until told: free them all, so none outlives the session.
    writeRaw(pictures.finish())
    writeRaw(Array((ControlSequence.endSynchronizedUpdate + ControlSequence.resetAttributes).utf8))
    curs_set(1)
    endwin()
    delscreen(screen)
    self.screen = nil
    closeKeyPipe()
    lb_guard_uninstall()
  }

  /// The key pipe: the read end (blocking, as curses expects) as a `FILE` for `newterm`, the
  /// write end non-blocking (the run loop never waits on it; it empties it every round).
  private func openKeyPipe() -> Bool {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return false }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
    guard let file = fdopen(fds[0], "r") else {
      close(fds[0])
      close(fds[1])
      return false
    }
    keyPipe = (fds[0], fds[1])
    keyInput = file
    return true
  }

  private func closeKeyPipe() {
    if let keyInput { fclose(keyInput) }
    if keyPipe.write >= 0 { close(keyPipe.write) }
    keyInput = nil
    keyPipe = (-1, -1)
  }

  private func setUpColors() {
    start_color()
    let many = lb_colors() >= 256
    for role in StyleRole.allCases {
      let style = theme.style(role)
      let fg =
        many ? Int16(Palette256.nearestIndex(style.foreground)) : Self.basicColor(style.foreground)
      let bg =
        many ? Int16(Palette256.nearestIndex(style.background)) : Self.basicColor(style.background)
      init_pair(Int16(role.rawValue) + 1, fg, bg)
      attributes[role] =
        lb_color_pair(Int32(role.rawValue) + 1) | (style.bold ? lb_a_bold() : lb_a_normal())
      roleSequences[role] = Array(Self.sgr(fg: fg, bg: bg, bold: style.bold).utf8)
    }
  }

  /// SGR 0 then the colours (256-colour or basic) and weight.
  static func sgr(fg: Int16, bg: Int16, bold: Bool) -> String {
    ControlSequence.colors(foreground: fg, background: bg, bold: bold)
  }

  /// The nearest of the 8 ANSI colours, for terminals without 256 colours.
  static func basicColor(_ rgb: RGB) -> Int16 {
    let r = rgb.r > 127 ? 1 : 0
    let g = rgb.g > 127 ? 2 : 0
    let b = rgb.b > 127 ? 4 : 0
    return Int16(r | g | b)
  }

  // MARK: Drawing

  /// When the last frame's text was written (`Terminal.textWrittenAt`).
  public private(set) var textWrittenAt: UInt64?

  public func present(_ frame: Frame, pictures picture: (ImageKey) -> TerminalPicture?) {
    guard screen != nil else { return }
    if frame.size != lastFrame?.size { needsFullRepaint = true }
    if synchronizedOutput { writeRaw(Array(ControlSequence.beginSynchronizedUpdate.utf8)) }
    let window = lb_stdscr()
    if needsFullRepaint {
      clearok(lb_curscr(), true)
      lastFrame = nil
      writeRaw(pictures.screenCleared())
    }
    // Where ncurses may still scroll lines, pictures and all (see removeScrollCapabilities),
    // any text change sends every picture again.
    let plan = PictureRepaint.plan(
      previous: lastFrame, drawn: pictures.drawn, frame: frame, textMayScroll: !textNeverScrolls)

    // Pictures that leave are erased first (ECH in the picture role's colours): xterm paints
    // its newest sixel images again over text written on their cells, so only an erase
    // removes them. Cells that stay picture cells now hold what ncurses believes they hold;
    // the others are rewritten by ncurses below.
    let erase = pictures.eraseBytes(for: plan, colors: roleSequences[.image] ?? [])
    if !erase.isEmpty { writeRaw(erase + Self.resetAndHome) }

    let columns = frame.size.columns
    for row in 0..<frame.size.rows {
      for column in 0..<columns {
        let cell = frame[row, column]
        if let last = lastFrame, last[row, column] == cell { continue }
        if cell.text.isEmpty { continue }  // right half of a wide character
        wattrset(window, Int32(bitPattern: attributes[cell.role] ?? lb_a_normal()))
        _ = mvwaddstr(window, Int32(row), Int32(column), cell.text)
      }
    }
    wattrset(window, Int32(bitPattern: lb_a_normal()))
    wmove(window, 0, 0)
    wnoutrefresh(window)
    doupdate()
    // ncurses now believes the cursor is at (0,0) with normal attributes; the picture bytes
    // below end with SGR 0 and a move back to (0,0) so that belief stays true.
    vidattr(lb_a_normal())
    fflush(lb_stdout())
    textWrittenAt = DispatchTime.now().uptimeNanoseconds

    var bytes = pictures.placeBytes(for: frame, plan: plan, pictures: picture)
    bytes += Self.resetAndHome
    if synchronizedOutput { bytes += Array(ControlSequence.endSynchronizedUpdate.utf8) }
    writeRaw(bytes)
    lastFrame = frame
    needsFullRepaint = false
  }

  /// SGR 0 and the cursor home: where ncurses believes the cursor is after `doupdate()`.
  static let resetAndHome =
    Array(ControlSequence.resetAttributes.utf8) + ControlSequence.cursorPosition(row: 0, column: 0)

  public func copyToClipboard(_ text: String) {
    writeRaw(ControlSequence.copyToClipboard(text))
  }

  public func sendQueries(_ bytes: [UInt8]) {
    guard screen != nil else { return }
    writeRaw(bytes)
  }

  public func takeReplies() -> [RecognizedReply] {
    defer { replies = [] }
    return replies
  }

  public func switchGraphics(to driver: (any GraphicsDriver)?, synchronizedOutput: Bool) {
    self.synchronizedOutput = synchronizedOutput
    guard let driver else { return }
    // The old driver lets go of what the terminal holds (kitty frees its images); the next
    // frame clears the screen, which takes sixel and half-block pixels away with the text.
    if screen != nil { writeRaw(pictures.finish()) }
    pictures = PictureLayer(driver: driver)
    needsFullRepaint = true
  }

  private func writeRaw(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        // Told to go (SIGTERM, SIGHUP) while the tty is full: the rest is dropped, and what
        // sits unread in the tty with it, so the exit and the terminal's restore get through.
        // Seen under first-picture, which stops reading and then waits for the exit: a write
        // that blocked there kept Lightbox alive forever.
        // Chunks of 4 KB: a tty write returns only once all it was given is in, so a smaller
        // one ends soon after the signal handler emptied the tty.
        if lb_guard_leaving() != 0 {
          tcflush(STDOUT_FILENO, TCOFLUSH)
          // Ends an image string the flush may have cut, before curses' own restore.
          _ = ControlSequence.stringTerminator.withUnsafeBytes {
            write(STDOUT_FILENO, $0.baseAddress, $0.count)
          }
          return
        }
        let n = write(
          STDOUT_FILENO, buffer.baseAddress! + offset, min(4096, buffer.count - offset))
        if n < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          return
        }
        offset += n
      }
    }
  }

  // MARK: Input

  /// The most bytes moved from the tty to the key pipe in one round: well under the pipe's
  /// 64 KB, which curses empties before the next round (a long paste takes several).
  static let keyBytesPerRound = 16_384

  /// Moves what the tty has to the key pipe, the terminal's replies taken out; releases a
  /// cut sequence whose time is up.
  private func readTTY() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var moved = 0
    while moved < Self.keyBytesPerRound {
      var pfd = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      guard poll(&pfd, 1, 0) > 0, pfd.revents & Int16(POLLIN) != 0 else { break }
      let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      if count <= 0 { break }
      let output = replyFilter.take(
        Array(buffer[0..<count]), at: DispatchTime.now().uptimeNanoseconds)
      pass(output)
      moved += count
    }
    pass(replyFilter.release(at: DispatchTime.now().uptimeNanoseconds))
  }

  private func pass(_ output: ReplyFilter.Output) {
    replies += output.replies
    var offset = 0
    while offset < output.keys.count {
      let written = output.keys[offset...].withUnsafeBytes {
        write(keyPipe.write, $0.baseAddress, $0.count)
      }
      if written < 0 && errno == EINTR { continue }
      // Full (never seen: it is emptied every round): the rest of a flood is dropped.
      if written <= 0 { return }
      offset += written
    }
  }

  public func readEvents(timeoutMilliseconds: Int32) -> [InputEvent] {
    guard screen != nil else { return [] }
    var fds = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    // A cut sequence held back must be let go on time even when nothing else comes.
    var timeout = timeoutMilliseconds
    if let releaseAt = replyFilter.releaseAt {
      let now = DispatchTime.now().uptimeNanoseconds
      let left = releaseAt > now ? Int32(min(1000, (releaseAt - now + 999_999) / 1_000_000)) : 0
      timeout = timeout < 0 ? left : min(timeout, left)
    }
    _ = poll(&fds, nfds_t(wakeDescriptor >= 0 ? 2 : 1), timeout)
    lb_guard_drain()
    readTTY()
    var events: [InputEvent] = []
    if lb_guard_take_signal() != 0 { events.append(.interrupt) }
    if lb_guard_take_suspend() != 0 {
      suspend()
      events.append(.resize)
    }
    while true {
      // With bytes waiting in the pipe, curses may wait a little for the rest of a
      // character: a UTF-8 letter whose bytes came in two reads (xterm, typing fast) lost its
      // first byte when curses was told not to wait ("libélula" became "liblula"); the
      // filter now passes whole characters, this stays as the second guard. With none
      // waiting it only hands out what it holds already.
      wtimeout(lb_stdscr(), lb_pending_input(keyPipe.read) > 0 ? 50 : 0)
      var character: wint_t = 0
      let result = wget_wch(lb_stdscr(), &character)
      if result == lb_err() { break }
      if result == KEY_CODE_YES {
        if Int32(character) == lb_key_mouse() {
          var row: Int32 = 0
          var column: Int32 = 0
          switch lb_read_mouse(&row, &column) {
          case 1: events.append(.click(row: Int(row), column: Int(column), double: false))
          case 2: events.append(.click(row: Int(row), column: Int(column), double: true))
          case 3: events.append(.wheel(up: true))
          case 4: events.append(.wheel(up: false))
          default: break
          }
          continue
        }
        if let event = Self.functionKey(Int32(character)) { events.append(event) }
        if Int32(character) == lb_key_resize() {
          size = TerminalSize(columns: Int(lb_cols()), rows: Int(lb_lines()))
          needsFullRepaint = true
        }
      } else if let event = Self.characterKey(UInt32(character)) {
        events.append(event)
      }
    }
    return events
  }

  /// Ctrl-Z: gives the terminal back as the shell expects it, stops until `fg`, then takes
  /// it again.
  private func suspend() {
    handOver { lb_guard_suspend_now() }
  }

  /// Ctrl-Z's path, also the external opener's: the terminal as the shell expects it while
  /// `body` runs, then curses' modes back; the next frame is painted in full, pictures
  /// included (the terminal forgot them while another program had the screen).
  public func handOver(_ body: () -> Void) {
    guard screen != nil else { return body() }
    writeRaw(Array((ControlSequence.endSynchronizedUpdate + ControlSequence.resetAttributes).utf8))
    curs_set(1)
    endwin()
    fflush(lb_stdout())
    lb_guard_hold_interrupts(1)
    body()
    lb_guard_hold_interrupts(0)
    // A Ctrl-Z meant for the other program (which stopped, and Lightbox with it) is done.
    _ = lb_guard_take_suspend()
    // The first doupdate after endwin puts curses' modes back; the size may have changed.
    curs_set(0)
    doupdate()
    size = TerminalSize(columns: Int(lb_cols()), rows: Int(lb_lines()))
    needsFullRepaint = true
  }
}

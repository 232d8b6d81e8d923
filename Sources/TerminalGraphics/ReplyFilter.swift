/// Takes the terminal's replies out of the key stream for the whole session, so a probe can
/// be answered while the browser already reads keys: replies come back as values, every
/// other byte goes on to curses in its order, in whole characters and whole sequences.
/// Pure: bytes and times in, bytes and replies out (`ReplyParser` tells replies from keys).
///
/// A sequence cut at the end of a read (an ESC alone, `ESC [ ?`, half a UTF-8 letter) is held
/// until the rest comes or `holdNanoseconds` pass: a reply cut in two must not reach curses
/// as Esc and letters (an ESC then `[?62;c` would be Esc, then `?` for help), and curses,
/// reading whole characters, never waits on a tail that would come through the tty and not
/// through its pipe. A lone Esc key is held that long before curses sees it.
public struct ReplyFilter: Sendable {
  /// What one step lets through.
  public struct Output: Sendable, Equatable {
    /// Bytes for the key reader, in the order typed.
    public var keys: [UInt8] = []
    /// The replies found, in the order they came.
    public var replies: [RecognizedReply] = []
  }

  /// The longest a cut sequence waits for its rest (a terminal writes each reply whole, so
  /// this only matters for a reply split by a read, or a lone Esc).
  public static let defaultHoldNanoseconds: UInt64 = 30_000_000

  /// The longest half a UTF-8 letter waits for the rest: longer than a sequence, because
  /// once let go curses cannot wait for the rest (it comes through the tty, not its pipe).
  /// tmux on a loaded machine split "é" by more than 30 ms (`KeyInputEndToEndTests`).
  public static let characterHoldNanoseconds: UInt64 = 150_000_000

  public let holdNanoseconds: UInt64
  /// The cut sequence waiting for its rest, and when it began to wait.
  private var held: [UInt8] = []
  private var heldSince: UInt64 = 0
  /// True when `held` is half a letter (not an escape sequence).
  private var heldIsCharacter = false

  public init(holdNanoseconds: UInt64 = defaultHoldNanoseconds) {
    self.holdNanoseconds = holdNanoseconds
  }

  /// True while a cut sequence waits.
  public var isHolding: Bool { !held.isEmpty }

  /// How long what is held now may wait.
  private var heldFor: UInt64 {
    heldIsCharacter ? max(holdNanoseconds, Self.characterHoldNanoseconds) : holdNanoseconds
  }

  /// When the held bytes are let go if nothing completes them (monotonic nanoseconds), nil
  /// when nothing is held: the reader's poll must wake by then.
  public var releaseAt: UInt64? { held.isEmpty ? nil : heldSince &+ heldFor }

  /// Takes `bytes` read at `now` (monotonic nanoseconds).
  public mutating func take(_ bytes: [UInt8], at now: UInt64) -> Output {
    guard !bytes.isEmpty else { return release(at: now) }
    let wasHolding = !held.isEmpty
    let scan = ReplyParser.scan(held + bytes, final: false)
    var output = Output(keys: scan.leftover, replies: scan.replies)
    var tail = scan.pending
    var isCharacter = false
    // Half a UTF-8 letter at the end waits with the rest (curses would drop a first byte
    // whose continuation came in a later read: "libélula" became "liblula" in xterm).
    if tail.isEmpty {
      let cut = Self.incompleteCharacterLength(output.keys)
      if cut > 0 {
        tail = Array(output.keys.suffix(cut))
        output.keys.removeLast(cut)
        isCharacter = true
      }
    }
    // A sequence that was already waiting keeps its time: a reply that never ends (or an
    // Alt-P, which starts like one) cannot hold the keys behind it for ever.
    if tail.isEmpty {
      held = []
    } else {
      if !wasHolding || !tail.starts(with: held) { heldSince = now }
      held = tail
      heldIsCharacter = isCharacter
    }
    if !held.isEmpty, now &- heldSince >= heldFor {
      let rest = release(at: now)
      output.keys += rest.keys
      output.replies += rest.replies
    }
    return output
  }

  /// Lets go of a held sequence whose time is up at `now`: a key (a lone ESC, half a letter)
  /// goes on as typed, a cut reply-shaped string is dropped.
  public mutating func release(at now: UInt64) -> Output {
    guard !held.isEmpty, now &- heldSince >= heldFor else { return Output() }
    let scan = ReplyParser.scan(held, final: true)
    held = []
    return Output(keys: scan.leftover, replies: scan.replies)
  }

  /// How many bytes at the end of `bytes` begin a UTF-8 character that is not complete.
  static func incompleteCharacterLength(_ bytes: [UInt8]) -> Int {
    var count = 0
    for byte in bytes.reversed() {
      count += 1
      if byte & 0xC0 == 0x80 {
        if count == 4 { return 0 }
        continue
      }
      let needed: Int
      switch byte {
      case 0xC2...0xDF: needed = 2
      case 0xE0...0xEF: needed = 3
      case 0xF0...0xF4: needed = 4
      default: return 0
      }
      return count < needed ? count : 0
    }
    return 0
  }
}

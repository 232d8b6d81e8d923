/// Holds back the pictures of frames drawn for a held key (or keys typed faster than a pause)
/// on terminals that send a moved picture's pixels again, and lets them go once the keys
/// pause.
///
/// Sixel (and iTerm2's inline images) cannot move a picture: each key that scrolls the grid
/// sends every tile again, up to ~1 MB, which the terminal must parse and draw before it
/// shows the next key's frame, so a held arrow key queued megabytes of pictures already
/// scrolled away. With the hold, the first key's frame has its pictures; the frames of the
/// keys that follow within `pauseNanoseconds` move the text (selection, dates, scroll) at
/// once; the pictures of the place the keys stopped at come in the frame after the pause. On
/// kitty a moved picture is placed again by id in a few bytes, so nothing is held there; nor
/// in the detail view, where paging and panning show one picture that should follow each
/// step (the session asks only in the grid).
struct PictureHold {
  /// How long the keys must pause before held pictures are drawn: longer than a key
  /// repeat's interval (25–40 ms), short enough not to be seen as a wait.
  static let pauseNanoseconds: UInt64 = 120_000_000

  /// False where moving a picture is cheap (nothing is ever held).
  let isEnabled: Bool
  private(set) var isHolding = false
  private var lastKeyAt: UInt64?

  init(isEnabled: Bool) {
    self.isEnabled = isEnabled
  }

  /// A key was read at `now` (nanoseconds, any monotonic clock): hold when the one before
  /// came less than a pause ago.
  mutating func keyRead(at now: UInt64) {
    if isEnabled, let last = lastKeyAt, now &- last < Self.pauseNanoseconds { isHolding = true }
    lastKeyAt = now
  }

  /// True once the keys have paused with pictures held: they are let go (the caller draws a
  /// frame with them).
  mutating func releases(at now: UInt64) -> Bool {
    guard isHolding, let last = lastKeyAt, now &- last >= Self.pauseNanoseconds else {
      return false
    }
    isHolding = false
    return true
  }

  /// How long to wait for input before the held pictures are due, in milliseconds; nil when
  /// nothing is held.
  func millisecondsUntilRelease(at now: UInt64) -> Int32? {
    guard isHolding, let last = lastKeyAt else { return nil }
    let left = Self.pauseNanoseconds &- min(Self.pauseNanoseconds, now &- last)
    return Int32(max(1, (left + 999_999) / 1_000_000))
  }
}

/// A tmux version as `tmux -V`, `TERM_PROGRAM_VERSION` or XTVERSION spell it
/// (`tmux 3.3a`, `3.4`, `next-3.5`), compared by major and minor number.
public struct TmuxVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var major: Int
  public var minor: Int
  /// The text it was read from (`3.3a`), for reports.
  public var text: String

  public init(major: Int, minor: Int, text: String? = nil) {
    self.major = major
    self.minor = minor
    self.text = text ?? "\(major).\(minor)"
  }

  /// The first `N.M` in `text` (`tmux 3.3a` → 3.3), or nil when there is none
  /// (`tmux master`).
  public init?(parsing text: String) {
    let trimmed = text.trimmingPrefix("tmux ")
    let bytes = Array(trimmed.utf8)
    func isDigit(_ i: Int) -> Bool { i < bytes.count && (48...57).contains(bytes[i]) }
    var i = 0
    while i < bytes.count && !isDigit(i) { i += 1 }
    // Six digits at most per part, so the arithmetic cannot overflow.
    func number() -> Int? {
      var value = 0
      var digits = 0
      while isDigit(i) && digits < 6 {
        value = value * 10 + Int(bytes[i] - 48)
        digits += 1
        i += 1
      }
      return digits > 0 ? value : nil
    }
    guard let major = number(), i < bytes.count, bytes[i] == UInt8(ascii: ".") else { return nil }
    i += 1
    guard let minor = number() else { return nil }
    self.init(major: major, minor: minor, text: String(trimmed))
  }

  /// The first tmux that passes sixel through (when built with it).
  public static let firstWithSixel = TmuxVersion(major: 3, minor: 4)

  public static func < (a: TmuxVersion, b: TmuxVersion) -> Bool {
    (a.major, a.minor) < (b.major, b.minor)
  }

  public static func == (a: TmuxVersion, b: TmuxVersion) -> Bool {
    a.major == b.major && a.minor == b.minor
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(major)
    hasher.combine(minor)
  }

  public var description: String { text }
}

extension String {
  fileprivate func trimmingPrefix(_ prefix: String) -> Substring {
    hasPrefix(prefix) ? dropFirst(prefix.count) : Substring(self)
  }
}

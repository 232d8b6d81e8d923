/// Every symbol the view draws that is not plain ASCII text, in one place, so a test can
/// check each against the fonts Lightbox must work with: DejaVu Sans Mono (Debian's default
/// monospace font) and the Linux console's fonts (Lat15-Fixed16, Lat2-Terminus16). Each is
/// one column wide in all of them.
///
/// Emoji (🗑), fullwidth forms (＋), the heart ♥, ✓, ⚠, ⏎ and the like are missing from the
/// console fonts or from DejaVu Sans Mono and show as empty boxes, so they are not used.
public enum Glyphs {
  /// A favorite photo, the Favorites count and album (the console fonts have no heart).
  public static let favorite = "♦"
  /// A marked photo (v), on the corner of its frame.
  public static let mark = "●"
  /// A photo or cover that could not be decoded.
  public static let failed = "!"
  /// The empty Recently Deleted album's cover.
  public static let trash = "✗"
  /// The empty Hidden album's cover.
  public static let hidden = "░"
  /// The text cursor of a name prompt, after the text.
  public static let cursor = "_"
  /// Separates the parts of a line ("IMG_2041.jpg · 4032×3024").
  public static let separator = "·"
  /// Back to the list of albums, before an album's title.
  public static let back = "‹"
  /// More text than fits.
  public static let ellipsis = "…"
  /// The photo a merge keeps, under its tile in the Duplicates album ("» keep"; Latin-1, so
  /// in every font: the console fonts have no star).
  public static let keeper = "»"
  /// A photo's rating under its tile ("4*"): ASCII, since neither the console fonts nor
  /// DejaVu Sans Mono's every weight draw a star.
  public static let star = "*"
  /// A rejected photo (rating −1) under its tile: the cross Recently Deleted uses.
  public static let rejected = "✗"
  /// Before a burst stack's count under its tile ("×7"; Latin-1, as in "4032×3024").
  public static let stack = "×"
  /// A range of dates ("13 – 20 Aug 2024").
  public static let dash = "–"
  /// Arrows for the move keys in the help and the hints.
  public static let arrows = ["←", "↑", "↓", "→"]
  /// The selection frame (light) and a marked photo's frame (heavy).
  public static let lightFrame = ("─", "│", "┌", "┐", "└", "┘")
  public static let heavyFrame = ("━", "┃", "┏", "┓", "┗", "┛")
  /// Panels and dialogs: rounded corners.
  public static let panelFrame = ("─", "│", "╭", "╮", "╰", "╯")

  /// The text map's land, and a cell that is part land, part water (a coast): braille's
  /// finer dots and the half blocks are missing from the console fonts.
  public static let land = "█"
  public static let coast = "░"
  /// Every glyph above, for the font-coverage test.
  public static var all: [String] {
    var glyphs = [
      favorite, mark, failed, trash, hidden, cursor, separator, back, ellipsis, dash, keeper,
      star, rejected, stack,
    ]
    glyphs += [land, coast]
    glyphs += arrows
    for frame in [lightFrame, heavyFrame, panelFrame] {
      glyphs += [frame.0, frame.1, frame.2, frame.3, frame.4, frame.5]
    }
    return glyphs
  }
}

import PhotoModel

/// Colours for every style role. Views name roles, never colours; `themes/default.toml`
/// describes the same default.
public struct Theme: Hashable, Sendable {
  /// Foreground, background and weight of a role.
  public struct Style: Hashable, Sendable {
    public var foreground: RGB
    public var background: RGB
    public var bold: Bool

    public init(_ foreground: RGB, _ background: RGB, bold: Bool = false) {
      self.foreground = foreground
      self.background = background
      self.bold = bold
    }
  }

  public var name: String
  public var styles: [StyleRole: Style]

  public init(name: String, styles: [StyleRole: Style]) {
    self.name = name
    self.styles = styles
  }

  /// The style of a role (normal when the theme leaves it out).
  public func style(_ role: StyleRole) -> Style {
    styles[role] ?? styles[.normal] ?? Style(.white, .black)
  }

  /// The background pictures are composited onto.
  public var imageBackground: RGB { style(.image).background }

  /// The default dark theme.
  public static let dark: Theme = {
    let bg = RGB(0x12, 0x12, 0x14)
    let bar = RGB(0x22, 0x23, 0x28)
    let text = RGB(0xE6, 0xE6, 0xE6)
    let dim = RGB(0x8A, 0x8F, 0x98)
    let accent = RGB(0x0A, 0x84, 0xFF)
    return Theme(
      name: "dark",
      styles: [
        .normal: Style(text, bg),
        .tabBar: Style(dim, bar),
        .tabActive: Style(text, bar, bold: true),
        .header: Style(text, bg, bold: true),
        .headerDim: Style(dim, bg),
        .tilePlaceholder: Style(RGB(0xA1, 0xA6, 0xAF), RGB(0x2A, 0x2B, 0x30)),
        .tileFailed: Style(RGB(0xFF, 0x9F, 0x0A), RGB(0x3A, 0x22, 0x22)),
        .selection: Style(accent, bg, bold: true),
        .status: Style(text, bar),
        .statusDim: Style(dim, bar),
        .statusError: Style(RGB(0xFF, 0x6B, 0x60), bar, bold: true),
        .title: Style(text, bar, bold: true),
        .titleDim: Style(dim, bar),
        .emptyTitle: Style(text, bg, bold: true),
        .emptyHint: Style(dim, bg),
        .image: Style(text, bg),
        .favorite: Style(RGB(0xFF, 0x37, 0x5F), bg, bold: true),
        .marked: Style(RGB(0x30, 0xD1, 0x58), bg, bold: true),
        .panel: Style(text, RGB(0x2C, 0x2C, 0x32)),
        .panelTitle: Style(text, RGB(0x2C, 0x2C, 0x32), bold: true),
        .panelDim: Style(RGB(0xA1, 0xA6, 0xAF), RGB(0x2C, 0x2C, 0x32)),
        .panelSelected: Style(RGB(0xFF, 0xFF, 0xFF), RGB(0x00, 0x64, 0xD2), bold: true),
        .panelError: Style(RGB(0xFF, 0x6B, 0x60), RGB(0x2C, 0x2C, 0x32), bold: true),
      ])
  }()
}

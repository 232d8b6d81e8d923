/// The shipped themes, compiled in so an installed binary needs no `themes/` folder.
///
/// Each text is the exact content of its file in `themes/`; `BuiltInThemesTests` fails when
/// the two differ, so edit the file and paste it here (or the other way round).
enum BuiltInThemes {
  /// A theme that ships with Lightbox: its name, its file in `themes/` and the file's text.
  struct Entry: Sendable {
    let name: String
    let fileName: String
    let text: String
  }

  /// Dark first: it is the default.
  static let all: [Entry] = [
    Entry(name: "dark", fileName: "default.toml", text: darkText),
    Entry(name: "light", fileName: "light.toml", text: lightText),
    Entry(name: "high-contrast", fileName: "high-contrast.toml", text: highContrastText),
    Entry(name: "nord", fileName: "nord.toml", text: nordText),
  ]

  private static let darkText = #"""
    # Lightbox default theme ("dark"). Every UI role has a foreground, a background and an
    # optional bold flag; views name roles, never colours. Mirrors Theme.dark in
    # Sources/TerminalUI/Theme.swift (a test checks they agree).
    name = "dark"

    [roles]
    normal          = { fg = "#e6e6e6", bg = "#121214" }
    tabBar          = { fg = "#8a8f98", bg = "#222328" }
    tabActive       = { fg = "#e6e6e6", bg = "#222328", bold = true }
    header          = { fg = "#e6e6e6", bg = "#121214", bold = true }
    headerDim       = { fg = "#8a8f98", bg = "#121214" }
    tilePlaceholder = { fg = "#a1a6af", bg = "#2a2b30" }
    tileFailed      = { fg = "#ff9f0a", bg = "#3a2222" }
    selection       = { fg = "#0a84ff", bg = "#121214", bold = true }
    status          = { fg = "#e6e6e6", bg = "#222328" }
    statusDim       = { fg = "#8a8f98", bg = "#222328" }
    statusError     = { fg = "#ff6b60", bg = "#222328", bold = true }
    title           = { fg = "#e6e6e6", bg = "#222328", bold = true }
    titleDim        = { fg = "#8a8f98", bg = "#222328" }
    emptyTitle      = { fg = "#e6e6e6", bg = "#121214", bold = true }
    emptyHint       = { fg = "#8a8f98", bg = "#121214" }
    image           = { fg = "#e6e6e6", bg = "#121214" }
    favorite        = { fg = "#ff375f", bg = "#121214", bold = true }
    marked          = { fg = "#30d158", bg = "#121214", bold = true }
    panel           = { fg = "#e6e6e6", bg = "#2c2c32" }
    panelTitle      = { fg = "#e6e6e6", bg = "#2c2c32", bold = true }
    panelDim        = { fg = "#a1a6af", bg = "#2c2c32" }
    panelSelected   = { fg = "#ffffff", bg = "#0064d2", bold = true }
    panelError      = { fg = "#ff6b60", bg = "#2c2c32", bold = true }

    """#

  private static let lightText = #"""
    # Lightbox "light" theme: dark text on white, for light terminal backgrounds. Every UI role
    # has a foreground, a background and an optional bold flag; views name roles, never colours.
    # Built into the binary (Sources/LightboxApp/BuiltInThemes.swift; a test keeps them equal).
    name = "light"

    [roles]
    normal          = { fg = "#1c1c1e", bg = "#ffffff" }
    tabBar          = { fg = "#5a5a60", bg = "#ececf1" }
    tabActive       = { fg = "#1c1c1e", bg = "#ececf1", bold = true }
    header          = { fg = "#1c1c1e", bg = "#ffffff", bold = true }
    headerDim       = { fg = "#5a5a60", bg = "#ffffff" }
    tilePlaceholder = { fg = "#5a5a60", bg = "#e3e3e8" }
    tileFailed      = { fg = "#8a3b00", bg = "#fde8dc" }
    selection       = { fg = "#0057b8", bg = "#ffffff", bold = true }
    status          = { fg = "#1c1c1e", bg = "#ececf1" }
    statusDim       = { fg = "#5a5a60", bg = "#ececf1" }
    statusError     = { fg = "#b3261e", bg = "#ececf1", bold = true }
    title           = { fg = "#1c1c1e", bg = "#ececf1", bold = true }
    titleDim        = { fg = "#5a5a60", bg = "#ececf1" }
    emptyTitle      = { fg = "#1c1c1e", bg = "#ffffff", bold = true }
    emptyHint       = { fg = "#5a5a60", bg = "#ffffff" }
    image           = { fg = "#1c1c1e", bg = "#ffffff" }
    favorite        = { fg = "#c8102e", bg = "#ffffff", bold = true }
    marked          = { fg = "#1b7a35", bg = "#ffffff", bold = true }
    panel           = { fg = "#1c1c1e", bg = "#f4f4f7" }
    panelTitle      = { fg = "#1c1c1e", bg = "#f4f4f7", bold = true }
    panelDim        = { fg = "#5a5a60", bg = "#f4f4f7" }
    panelSelected   = { fg = "#ffffff", bg = "#0057b8", bold = true }
    panelError      = { fg = "#b3261e", bg = "#f4f4f7", bold = true }

    """#

  private static let highContrastText = #"""
    # Lightbox "high-contrast" theme: white and saturated colours on black, every text role at
    # least 7:1 against its background (WCAG AAA; a test checks). Every UI role has a
    # foreground, a background and an optional bold flag; views name roles, never colours.
    # Built into the binary (Sources/LightboxApp/BuiltInThemes.swift; a test keeps them equal).
    name = "high-contrast"

    [roles]
    normal          = { fg = "#ffffff", bg = "#000000" }
    tabBar          = { fg = "#d0d0d0", bg = "#000000" }
    tabActive       = { fg = "#000000", bg = "#ffff00", bold = true }
    header          = { fg = "#ffffff", bg = "#000000", bold = true }
    headerDim       = { fg = "#d0d0d0", bg = "#000000" }
    tilePlaceholder = { fg = "#ffffff", bg = "#262626" }
    tileFailed      = { fg = "#ffb000", bg = "#000000", bold = true }
    selection       = { fg = "#ffff00", bg = "#000000", bold = true }
    status          = { fg = "#ffffff", bg = "#000000" }
    statusDim       = { fg = "#d0d0d0", bg = "#000000" }
    statusError     = { fg = "#ff8080", bg = "#000000", bold = true }
    title           = { fg = "#ffffff", bg = "#000000", bold = true }
    titleDim        = { fg = "#d0d0d0", bg = "#000000" }
    emptyTitle      = { fg = "#ffffff", bg = "#000000", bold = true }
    emptyHint       = { fg = "#d0d0d0", bg = "#000000" }
    image           = { fg = "#ffffff", bg = "#000000" }
    favorite        = { fg = "#ff7aa8", bg = "#000000", bold = true }
    marked          = { fg = "#00ff66", bg = "#000000", bold = true }
    panel           = { fg = "#ffffff", bg = "#1a1a1a" }
    panelTitle      = { fg = "#ffffff", bg = "#1a1a1a", bold = true }
    panelDim        = { fg = "#d0d0d0", bg = "#1a1a1a" }
    panelSelected   = { fg = "#000000", bg = "#ffff00", bold = true }
    panelError      = { fg = "#ff8080", bg = "#1a1a1a", bold = true }

    """#

  private static let nordText = #"""
    # Lightbox "nord" theme: the Nord palette (polar night, snow storm, frost, aurora), lightened
    # where Nord's own shades are too faint for text. Every UI role has a foreground, a
    # background and an optional bold flag; views name roles, never colours.
    # Built into the binary (Sources/LightboxApp/BuiltInThemes.swift; a test keeps them equal).
    name = "nord"

    [roles]
    normal          = { fg = "#eceff4", bg = "#2e3440" }
    tabBar          = { fg = "#b0b9c9", bg = "#3b4252" }
    tabActive       = { fg = "#eceff4", bg = "#3b4252", bold = true }
    header          = { fg = "#eceff4", bg = "#2e3440", bold = true }
    headerDim       = { fg = "#b0b9c9", bg = "#2e3440" }
    tilePlaceholder = { fg = "#c4ccd9", bg = "#434c5e" }
    tileFailed      = { fg = "#ebcb8b", bg = "#4c3a40" }
    selection       = { fg = "#88c0d0", bg = "#2e3440", bold = true }
    status          = { fg = "#eceff4", bg = "#3b4252" }
    statusDim       = { fg = "#b0b9c9", bg = "#3b4252" }
    statusError     = { fg = "#f0a3aa", bg = "#3b4252", bold = true }
    title           = { fg = "#eceff4", bg = "#3b4252", bold = true }
    titleDim        = { fg = "#b0b9c9", bg = "#3b4252" }
    emptyTitle      = { fg = "#eceff4", bg = "#2e3440", bold = true }
    emptyHint       = { fg = "#b0b9c9", bg = "#2e3440" }
    image           = { fg = "#eceff4", bg = "#2e3440" }
    favorite        = { fg = "#f0a3aa", bg = "#2e3440", bold = true }
    marked          = { fg = "#a3be8c", bg = "#2e3440", bold = true }
    panel           = { fg = "#eceff4", bg = "#434c5e" }
    panelTitle      = { fg = "#eceff4", bg = "#434c5e", bold = true }
    panelDim        = { fg = "#c4ccd9", bg = "#434c5e" }
    panelSelected   = { fg = "#2e3440", bg = "#88c0d0", bold = true }
    panelError      = { fg = "#f5b8be", bg = "#434c5e", bold = true }

    """#
}

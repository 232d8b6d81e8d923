import PhotoModel
import PhotoStore
import TerminalGraphics
import TerminalUI

/// What `config.toml` sets; every field starts at its default, so a missing file or a bad
/// entry leaves a working configuration.
public struct LightboxConfig: Sendable, Equatable {
  /// The theme by name (`ThemeCatalog`): built in, or the user's `themes/NAME.toml`.
  public var theme: String
  /// How pictures are drawn: from the terminal's answers, or forced.
  public var graphics: GraphicsMode
  /// The colour depth of half-block pictures; nil decides from COLORTERM ("auto").
  public var colors: ColorDepth?
  /// Grid tiles: small, medium (`TileSize.standard`) or large.
  public var thumbnailSize: TileSize
  /// Key bindings that replace a command's default keys (KeyMap(overrides:)).
  public var keys: [KeyCommand: [InputEvent]]
  /// Days a deleted photo stays in Recently Deleted before the start-up purge; 0 never purges.
  public var trashRetentionDays: Int
  /// The library's folders, as written (a leading `~` is the caller's to expand:
  /// `expandedRoots(home:)`).
  public var roots: [String]
  /// The byte budget of the decoded-picture cache in memory, in MiB.
  public var memoryCacheMegabytes: Int
  /// Photos smaller than the detail view are fitted up to it, at most 4×
  /// (`Upscale`); false shows them at their own size.
  public var upscale: Bool
  /// The freedesktop thumbnail cache's size limit in MiB; nil: 2 % of its file system, at
  /// most 4096 (`ThumbnailCacheLimit`).
  public var thumbnailCacheMegabytes: Int?
  /// Seconds each photo shows in a slideshow (S), 1 to 60.
  public var slideshowSeconds: Int
  /// The program `o` and `O` open a photo, a video or a folder with, as argv (the path is
  /// added last); nil: `$LIGHTBOX_OPENER`, else `xdg-open`.
  public var opener: [String]?
  /// Where `lightbox import` puts a photo in the library, by its tokens (`ImportTemplate`:
  /// `{year} {month} {day} {hour} {minute} {second} {camera} {name} {ext} {seq}`).
  public var importTemplate: String
  /// Where tag, rating, label and caption edits go: the sidecar, or the JPEG's own XMP.
  public var xmpWrite: XMPWriteMode

  /// The default `import-template` (Immich's and rapid-photo-downloader's layout).
  public static let defaultImportTemplate = "{year}/{year}-{month}-{day}/{name}"

  public init(
    theme: String = ThemeCatalog.defaultName, graphics: GraphicsMode = .auto,
    colors: ColorDepth? = nil, thumbnailSize: TileSize = .standard,
    keys: [KeyCommand: [InputEvent]] = [:], trashRetentionDays: Int = 30,
    roots: [String] = ["~/Pictures"], memoryCacheMegabytes: Int = 256, upscale: Bool = true,
    thumbnailCacheMegabytes: Int? = nil, slideshowSeconds: Int = 4, opener: [String]? = nil,
    importTemplate: String = LightboxConfig.defaultImportTemplate,
    xmpWrite: XMPWriteMode = .sidecar
  ) {
    self.theme = theme
    self.graphics = graphics
    self.colors = colors
    self.thumbnailSize = thumbnailSize
    self.keys = keys
    self.trashRetentionDays = trashRetentionDays
    self.roots = roots
    self.memoryCacheMegabytes = memoryCacheMegabytes
    self.upscale = upscale
    self.thumbnailCacheMegabytes = thumbnailCacheMegabytes
    self.slideshowSeconds = slideshowSeconds
    self.opener = opener
    self.importTemplate = importTemplate
    self.xmpWrite = xmpWrite
  }

  /// Every field at its default.
  public static let defaults = LightboxConfig()

  /// The tile sizes `thumbnail-size` names. Tiles stay square in half-blocks (cells are
  /// about twice as tall as wide, so rows are half the columns).
  public static let thumbnailSizes: [(name: String, size: TileSize)] = [
    ("small", TileSize(columns: 10, rows: 5)),
    ("medium", .standard),
    ("large", TileSize(columns: 20, rows: 10)),
  ]

  /// The key map: defaults with the config's bindings.
  public var keyMap: KeyMap { KeyMap(overrides: keys) }

  /// The `--colors` spelling of `colors` (nil for auto), for `ColorChoice.depth`.
  public var colorsOption: String? { colors?.rawValue }

  /// The memory cache budget in bytes.
  public var memoryCacheBytes: Int { memoryCacheMegabytes &* 1_048_576 }

  /// `roots` with a leading `~` or `~/` replaced by `home`.
  public func expandedRoots(home: String) -> [String] {
    roots.map { root in
      if root == "~" { return home }
      if root.hasPrefix("~/") { return home + root.dropFirst() }
      return root
    }
  }
}

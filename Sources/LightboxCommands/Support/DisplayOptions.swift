import ArgumentParser
import Settings

/// Options shared by the commands that draw.
struct DisplayOptions: ParsableArguments {
  @Option(help: "Colours for pictures: truecolor or 256 (default: from COLORTERM).")
  var colors: String?

  @Option(
    help:
      "Pictures as kitty, iterm2, sixel, halfblock, or auto (the best the terminal answers it has; default: the config's, else auto)."
  )
  var graphics: String?

  @Option(
    help: "The catalog file (default: $LIGHTBOX_CATALOG or $XDG_DATA_HOME/lightbox/library.sqlite)."
  )
  var catalog: String?

  @Option(
    help: "The thumbnail cache folder (default: $LIGHTBOX_CACHE or $XDG_CACHE_HOME/thumbnails).")
  var cache: String?

  @OptionGroup var log: LogOptions

  /// A mistyped --graphics is a usage error (status 64, with the usage), like the others.
  func validate() throws {
    if let graphics, GraphicsChoice.parse(graphics) == nil {
      throw ValidationError(
        "--graphics must be auto, kitty, iterm2, sixel or halfblock, not '\(graphics)'")
    }
  }
}

import ArgumentParser

/// Options shared by the commands that draw.
struct DisplayOptions: ParsableArguments {
  @Option(help: "Colours for pictures: truecolor or 256 (default: from COLORTERM).")
  var colors: String?

  @Option(
    help:
      "Pictures as sixel, halfblock, or auto (sixel where the terminal has it; default: the config's, else auto)."
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
}

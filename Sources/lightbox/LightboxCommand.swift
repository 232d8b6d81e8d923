import ArgumentParser
import Foundation
import LightboxApp

/// `lightbox`: the command line. Parsing only; the work is in LightboxApp.
@main
struct LightboxCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lightbox",
    abstract: "The Photos app of the terminal: browse a photo library with real thumbnails.",
    subcommands: [
      Browse.self, Demo.self, IndexCommandLine.self, InfoCommandLine.self, Show.self, Thumbnails.self, Doctor.self,
      Bench.self, ThumbnailsBench.self, AlbumChurn.self,
    ],
    defaultSubcommand: Browse.self)
}

/// `lightbox [PATH…]`: browse folders of photos.
struct Browse: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Browse folders of photos (default: ~/Pictures).")

  @Argument(help: "Folders (or files) to browse.", completion: .directory)
  var paths: [String] = []

  @OptionGroup var display: DisplayOptions

  func run() throws {
    try Self.checkNamed(self.paths)
    let paths = LightboxPaths()
    let config = CommandSupport.loadConfig()
    let roots =
      self.paths.isEmpty
      ? config.config.expandedRoots(home: paths.home).map(CommandSupport.absolute)
      : self.paths.map(CommandSupport.absolute)
    try CommandSupport.browse(
      roots: roots, display: display,
      catalog: display.catalog.map(CommandSupport.absolute) ?? paths.catalog, config: config)
  }
}

/// `lightbox demo`: generate a demo library and open it.
struct Demo: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Generate a demo photo library and browse it.",
    discussion: """
      Writes procedurally drawn photos (JPEG with EXIF, PNG screenshots, panoramas) to the
      library folder, then opens it. The same --seed always gives the same files.
      """)

  @Option(help: "Number of photos to generate.")
  var count: Int = 600

  @Option(help: "Seed of the generator.")
  var seed: UInt64 = 1

  @Option(help: "Folder to write the library to (default: $XDG_DATA_HOME/lightbox/demo-library).")
  var library: String?

  @Flag(help: "Only write the files; do not open the browser.")
  var noBrowse = false

  @Flag(help: "Replace a demo library made with other options (never a folder it did not make).")
  var fresh = false

  @OptionGroup var display: DisplayOptions

  func validate() throws {
    guard (1...100_000).contains(count) else {
      throw ValidationError("--count must be between 1 and 100000")
    }
  }

  func run() throws {
    let directory = library.map(CommandSupport.absolute) ?? LightboxPaths().demoLibrary
    let written: Int
    do {
      written = try DemoCommand.prepare(
        directory: directory, count: count, seed: seed, fresh: fresh,
        progressIsTerminal: isatty(STDERR_FILENO) == 1,
        log: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) },
        progress: { text in FileHandle.standardError.write(Data(text.utf8)) })
    } catch let error as CustomStringConvertible {
      FileHandle.standardError.write(Data("lightbox: \(error.description)\n".utf8))
      throw ExitCode.failure
    }
    if noBrowse {
      print("demo library: \(written) photos in \(directory)")
      return
    }
    let catalog =
      display.catalog.map(CommandSupport.absolute)
      ?? (library == nil ? LightboxPaths().demoCatalog : directory + ".sqlite")
    try CommandSupport.browse(
      roots: [directory], display: display, catalog: catalog, config: CommandSupport.loadConfig())
  }
}

/// Options shared by the commands that draw.
struct DisplayOptions: ParsableArguments {
  @Option(help: "Colours for pictures: truecolor or 256 (default: from COLORTERM).")
  var colors: String?

  @Option(help: "Pictures as sixel, halfblock, or auto (sixel where the terminal has it; default: the config's, else auto).")
  var graphics: String?

  @Option(help: "The catalog file (default: $LIGHTBOX_CATALOG or $XDG_DATA_HOME/lightbox/library.sqlite).")
  var catalog: String?

  @Option(help: "The thumbnail cache folder (default: $LIGHTBOX_CACHE or $XDG_CACHE_HOME/thumbnails).")
  var cache: String?
}

/// Small helpers shared by the subcommands.
enum CommandSupport {
  static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    if path == "~" { return LightboxPaths().home }
    if path.hasPrefix("~/") { return LightboxPaths().home + String(path.dropFirst(1)) }
    return FileManager.default.currentDirectoryPath + "/" + path
  }

  /// The config file (`$XDG_CONFIG_HOME/lightbox/config.toml` or `LIGHTBOX_CONFIG`), its
  /// theme, and every problem found in either, one line each with file:line.
  static func loadConfig() -> LoadedConfig { LoadedConfig.load() }

  /// Browses `roots`: command-line options win over the config file.
  static func browse(
    roots: [String], display: DisplayOptions, catalog: String,
    config loaded: LoadedConfig
  ) throws {
    let config = loaded.config
    for problem in loaded.problems {
      FileHandle.standardError.write(Data("lightbox: \(problem)\n".utf8))
    }
    do {
      let cacheRoot = display.cache.map(absolute) ?? LightboxPaths().thumbnailCache
      var options = BrowseSession.Options(
        roots: roots, colorDepth: try ColorChoice.depth(display.colors ?? config.colorsOption),
        theme: loaded.theme, cacheBudgetBytes: config.memoryCacheBytes, catalogPath: catalog,
        thumbnailCacheRoot: cacheRoot)
      if let graphics = display.graphics {
        guard let mode = GraphicsChoice.parse(graphics) else {
          throw ValidationError("--graphics must be auto, sixel or halfblock, not '\(graphics)'")
        }
        options.graphics = mode
      } else {
        options.graphics = config.graphics
      }
      options.keyMap = config.keyMap
      options.tileSize = config.thumbnailSize
      options.trashRetentionDays = config.trashRetentionDays
      options.notices = loaded.problems
      try BrowseSession(options: options).run()
    } catch let error as ColorChoice.Invalid {
      throw ValidationError(error.description)
    } catch let error as CustomStringConvertible {
      FileHandle.standardError.write(Data("lightbox: \(error.description)\n".utf8))
      throw ExitCode.failure
    }
  }
}

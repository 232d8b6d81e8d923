import ArgumentParser
import Foundation
import DecodeWorker
import ThumbnailCache
import LightboxApp
import Settings

/// Small helpers shared by the subcommands (and the benchmarks' own commands).
public enum CommandSupport {
  /// `path` made absolute against the working directory ("~" for the home folder).
  public static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    if path == "~" { return LightboxPaths().home }
    if path.hasPrefix("~/") { return LightboxPaths().home + String(path.dropFirst(1)) }
    return FileManager.default.currentDirectoryPath + "/" + path
  }

  /// The config file (`$XDG_CONFIG_HOME/lightbox/config.toml` or `LIGHTBOX_CONFIG`), its
  /// theme, and every problem found in either, one line each with file:line.
  static func loadConfig() -> LoadedConfig { LoadedConfig.load() }

  /// The config file's settings and their problems, without the theme (for the commands
  /// that draw no screen).
  static func loadSettings() -> (config: LightboxConfig, problems: [String]) {
    LoadedConfig.settings()
  }

  /// The commands' decoder: risky formats in `lightbox decode-worker` processes (this
  /// executable), JPEG and PNG in process. One for the process, so that the worker
  /// `prewarm(arguments:)` started before the arguments were parsed is the command's.
  static func photoDecoder() -> PhotoDecoder { sharedDecoder }

  private static let sharedDecoder = PhotoDecoder(
    host: DecodeWorkerHost(configuration: .currentExecutable))

  /// The commands that decode the files they are given (an array: a `Set` of strings cost
  /// its first protocol-conformance lookup before the first worker was forked).
  static let decodingCommands = ["show", "thumbnails", "export"]

  /// Starts a worker for the risky files named in `arguments` (the process's, command name
  /// first) when the command is one that decodes them, before the arguments are parsed:
  /// parsing a subcommand's options costs the Swift runtime a few milliseconds of protocol
  /// conformance lookups in this large executable (perf: `swift_conformsToProtocol` from
  /// ArgumentParser's reflection), which the worker's start now overlaps on another core.
  /// Option values are not file names with a risky extension, so they start nothing.
  static func prewarm(arguments: [String]) {
    let names = prewarmNames(arguments: arguments)
    if !names.isEmpty { photoDecoder().prewarm(for: names) }
  }

  /// Forks a worker for the risky files named in `arguments` when the command decodes them:
  /// the first thing `main` does, while the process has one thread, so the worker loads its
  /// decoders while this process starts (`DecodeWorkerHost.forkWorker`). What could not be
  /// forked is left to `prewarm(arguments:)`.
  static func forkWorkers(arguments: [String]) {
    let names = prewarmNames(arguments: arguments)
    if !names.isEmpty { photoDecoder().forkWorkers(for: names) }
  }

  /// The arguments `prewarm(arguments:)` looks at: those after a decoding command's name that
  /// are not options; none for any other command.
  static func prewarmNames(arguments: [String]) -> [String] {
    guard let command = arguments.dropFirst().first, decodingCommands.contains(command) else {
      return []
    }
    return arguments.dropFirst(2).filter { !$0.hasPrefix("-") }
  }

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
      options.thumbnailCacheLimitBytes = ThumbnailCacheLimit.bytes(
        megabytes: config.thumbnailCacheMegabytes, root: cacheRoot)
      if let graphics = display.graphics {
        guard let mode = GraphicsChoice.parse(graphics) else {
          throw ValidationError(
            "--graphics must be auto, kitty, iterm2, sixel or halfblock, not '\(graphics)'")
        }
        options.graphics = mode
      } else {
        options.graphics = config.graphics
      }
      options.keyMap = config.keyMap
      options.tileSize = config.thumbnailSize
      options.trashRetentionDays = config.trashRetentionDays
      options.upscale = config.upscale
      options.slideshowSeconds = config.slideshowSeconds
      options.opener = config.opener
      options.importTemplate = config.importTemplate
      options.xmpWrite = config.xmpWrite
      options.notices = loaded.problems
      options.decodeWorker = .currentExecutable
      try BrowseSession(options: options).run()
    } catch let error as ColorChoice.Invalid {
      throw ValidationError(error.description)
    } catch let error as CustomStringConvertible {
      FileHandle.standardError.write(Data("lightbox: \(error.description)\n".utf8))
      throw ExitCode.failure
    }
  }
}

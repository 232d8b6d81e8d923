import ArgumentParser
import Foundation
import LightboxApp
import Places
import Settings

/// `lightbox`: the command line, one folder per subcommand (its options, its run and its
/// logic); the browser itself is LightboxApp.
public struct LightboxCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "lightbox",
    abstract: "The Photos app of the terminal: browse a photo library with real thumbnails.",
    // The man page's DESCRIPTION too (scripts/man-page); the last paragraph is the credit
    // GeoNames' licence (CC BY 4.0) asks for.
    discussion: """
      Lightbox indexes folders of photos into a catalog, shows them as a timeline of real \
      thumbnails in the terminal (kitty, iTerm2 or sixel pictures where the terminal has \
      them, half-blocks elsewhere) and pages through them full screen.

      \(PlaceAttribution.line)
      """,
    // The commit is looked for (a build flag, else the checkout's .git) only when the version
    // is asked: the configuration is built on every start, decode workers' included.
    version: CommandLine.arguments.contains("--version")
      ? BuildInfo.versionLine : BuildInfo.version,
    // Every subcommand names itself (`commandName:`): a name ArgumentParser derives from the
    // type goes through String(describing:), whose casts each scan every protocol
    // conformance of this large executable, at every start (perf; Benchmarks/door).
    subcommands: [
      Browse.self, Demo.self, IndexCommandLine.self, InfoCommandLine.self, Show.self,
      Thumbnails.self, RotateCommandLine.self, ExportCommandLine.self, ImportCommandLine.self,
      MemoriesCommandLine.self, DateCommandLine.self, DuplicatesCommandLine.self,
      TagCommandLine.self, Doctor.self,
      DecodeWorkerCommandLine.self,
    ],
    defaultSubcommand: Browse.self)

  /// Starts the log (`$XDG_STATE_HOME/lightbox/lightbox.log`, level from `LIGHTBOX_LOG`;
  /// `--log-level` changes it once parsed), then runs the command.
  public static func main() {
    // Before anything starts a thread: a fork with other threads running is not safe.
    CommandSupport.forkWorkers(arguments: CommandLine.arguments)
    let environment = ProcessInfo.processInfo.environment
    AllocatorTuning.apply(environment: environment)
    // The decode worker logs nothing: it closes every descriptor but 0, 1 and 2 and may not
    // open files for writing.
    if CommandLine.arguments.dropFirst().first == DecodeWorkerCommandLine.configuration.commandName
    {
      main(nil)
      return
    }
    LightboxLog.bootstrap(
      path: LightboxPaths(environment: environment).logFile,
      level: LightboxLog.level(environment: environment))
    CommandSupport.prewarm(arguments: CommandLine.arguments)
    main(nil)
  }

  public init() {}
}

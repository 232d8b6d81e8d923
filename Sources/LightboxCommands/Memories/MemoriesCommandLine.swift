import ArgumentParser
import Foundation
import TerminalGraphics

/// `lightbox memories [PATH…]`: print today's "On This Day" memories.
struct MemoriesCommandLine: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "memories",
    abstract: "Print today's memories: photos from this week in earlier years.",
    discussion: "One line per earlier year with photos taken within three days of today's "
      + "date (screenshots left out), most recent first, each with its cover where the "
      + "terminal draws pictures. Reads the catalog as it is: run lightbox or lightbox index "
      + "on the library first. Suits a login shell's greeting.")

  @Argument(
    help: "Library folders to look in (default: every folder in the catalog).",
    completion: .directory)
  var paths: [String] = []

  @Option(help: "The day to remember instead of today, as MM-DD (e.g. 12-25).")
  var date: String?

  @Option(
    help: "Catalog file (default: $LIGHTBOX_CATALOG, else $XDG_DATA_HOME/lightbox/library.sqlite).")
  var catalog: String?

  @Flag(help: "Print the memories as one JSON object.")
  var json = false

  @Flag(help: "Text only, no pictures.")
  var noPictures = false

  @Option(help: "auto, kitty, iterm2, sixel or halfblock (auto: from the terminal's answers).")
  var graphics: String = "auto"

  func validate() throws {
    if let date, MemoriesCommand.monthDay(date) == nil {
      throw ValidationError("--date must be a month and day as MM-DD, like 12-25, not '\(date)'")
    }
    if case .failure(let error) = GraphicsMode.parse(graphics) {
      throw ValidationError(error.description)
    }
  }

  func run() throws {
    let options = MemoriesCommand.Options(
      roots: paths.map(CommandSupport.absolute),
      catalogPath: IndexCommand.catalogPath(option: catalog.map(CommandSupport.absolute)),
      monthDay: date.flatMap(MemoriesCommand.monthDay), json: json, pictures: !noPictures,
      graphics: (try? GraphicsMode.parse(graphics).get()) ?? .auto)
    let status = MemoriesCommand.run(options, environment: ProcessInfo.processInfo.environment)
    if status != 0 { throw ExitCode(status) }
  }
}

import ArgumentParser
import Foundation
import LightboxApp

/// `lightbox index [PATH…]`: index photo folders into the catalog without the UI.
struct IndexCommandLine: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "index",
    abstract: "Index photo folders into the catalog, without the UI.",
    discussion: "Adds the folders to the library and reads the photos that are new or changed "
      + "since the last run; rows of vanished files are dropped. With no PATH, re-indexes "
      + "every library folder. Safe to interrupt: the next run resumes.")

  @Argument(
    help: "Folders (or files) to index (default: the library's folders).", completion: .directory)
  var paths: [String] = []

  @Option(
    help: "Catalog file (default: $LIGHTBOX_CATALOG, else $XDG_DATA_HOME/lightbox/library.sqlite).")
  var catalog: String?

  @Flag(help: "Print the summary as JSON.")
  var json = false

  // The crash tests index in small transactions (exactly this many rows each), so their
  // kills land between commits.
  @Option(help: .hidden)
  var batchSize: Int?

  func run() throws {
    let catalogPath = IndexCommand.catalogPath(option: catalog.map(CommandSupport.absolute))
    do {
      try IndexCommand.run(
        roots: paths.map(CommandSupport.absolute), catalogPath: catalogPath, json: json,
        progressIsTerminal: isatty(2) == 1, batchSize: batchSize.map { max(1, $0) },
        places: PlaceLookup.finder(environment: ProcessInfo.processInfo.environment),
        output: { text in
          FileHandle.standardOutput.write(Data(text.utf8))
        },
        progressOutput: { text in FileHandle.standardError.write(Data(text.utf8)) })
    } catch let error as CustomStringConvertible {
      FileHandle.standardError.write(Data("lightbox: \(error.description)\n".utf8))
      throw ExitCode.failure
    }
    // The indexer went on with the others and listed the problem; the status tells scripts.
    if paths.contains(where: { NamedPath.problem(CommandSupport.absolute($0)) != nil }) {
      throw ExitCode.failure
    }
  }
}

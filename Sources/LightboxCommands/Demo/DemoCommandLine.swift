import ArgumentParser
import Foundation
import LightboxApp
import Settings

/// `lightbox demo`: generate a demo library and open it.
struct Demo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Generate a demo photo library and browse it.",
    discussion: """
      Writes procedurally drawn photos (JPEG with EXIF, PNG screenshots, panoramas) to the \
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

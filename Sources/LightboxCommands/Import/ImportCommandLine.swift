import ArgumentParser
import Foundation
import LightboxApp
import LibraryImport
import Settings
import TerminalUI

/// `lightbox import SOURCE…`: copy new photos from a card or folder into the library.
struct ImportCommandLine: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Copy new photos from a camera card or folder into the library, verified.",
    discussion: "Each file is written under a hidden temporary name in its folder, synced, read "
      + "back and compared with the source (SHA-256), then renamed into place without replacing "
      + "anything: an interrupted import leaves no half photo, and running it again copies "
      + "exactly what is missing. Photos already in the library (the same bytes) or imported "
      + "before (the ledger in $XDG_STATE_HOME/lightbox/imported.tsv) are skipped. RAW+JPEG "
      + "pairs, Live Photos and sidecars (.xmp, NAME.EXT.xmp, .THM, .AAE) go together under one "
      + "name; a name taken by another file gets a suffix: 'IMG_0001 (2).JPG'. The source is "
      + "never changed unless --delete-after is given. Template tokens: {year} {month} {day} "
      + "{hour} {minute} {second} {camera} {name} {ext} {seq}; the file's own extension always "
      + "ends the name. The exit status is 1 when any file was not imported.")

  @Argument(
    help: "Folders or files to import from (a card's DCIM folder, a phone folder).",
    completion: .directory)
  var sources: [String]

  @Option(
    name: .customLong("to"),
    help: ArgumentHelp(
      "The library folder (default: the first of config.toml's roots, else ~/Pictures).",
      valueName: "library"))
  var library: String?

  @Option(
    help: ArgumentHelp(
      "Where photos go in the library (default: config.toml's import-template, else "
        + "{year}/{year}-{month}-{day}/{name}).", valueName: "template"))
  var template: String?

  @Flag(help: "Print what would be copied and skipped; copy nothing.")
  var dryRun = false

  @Flag(help: "Remove each source file once its copy is verified (or it is in the library).")
  var deleteAfter = false

  @Flag(help: "Print the summary and every file's outcome as JSON.")
  var json = false

  @OptionGroup var log: LogOptions

  func validate() throws {
    guard !sources.isEmpty else { throw ValidationError("give at least one folder to import") }
  }

  func run() throws {
    let loaded = CommandSupport.loadSettings()
    for problem in loaded.problems {
      FileHandle.standardError.write(Data("lightbox: \(problem)\n".utf8))
    }
    let paths = LightboxPaths()
    let root =
      library.map(CommandSupport.absolute)
      ?? loaded.config.expandedRoots(home: paths.home).first.map(CommandSupport.absolute)
      ?? paths.defaultLibrary
    let parsed: ImportTemplate
    do {
      parsed = try ImportTemplate(template ?? loaded.config.importTemplate)
    } catch {
      throw ValidationError(error.description)
    }
    for source in sources {
      if let problem = NamedPath.problem(CommandSupport.absolute(source)) {
        let line = TerminalText.sanitize("\(source): \(problem)")
        FileHandle.standardError.write(Data("lightbox: \(line)\n".utf8))
        throw ExitCode.failure
      }
    }
    let summary = ImportCommand.run(
      sources: sources.map(CommandSupport.absolute),
      options: Importer.Options(
        library: root, template: parsed, ledgerPath: paths.importLedger,
        deleteAfter: deleteAfter),
      dryRun: dryRun, json: json, progressIsTerminal: isatty(2) == 1,
      output: { FileHandle.standardOutput.write(Data($0.utf8)) },
      errorOutput: { FileHandle.standardError.write(Data($0.utf8)) })
    if !summary.isComplete { throw ExitCode.failure }
  }
}

import ArgumentParser
import Foundation
import LightboxApp

/// `lightbox info FILE…`: print what the metadata reader finds in files.
struct InfoCommandLine: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract:
      "Show what Lightbox reads from image files (format, size, orientation, date, place).")

  @Argument(help: "Image files.", completion: .file())
  var files: [String]

  @Flag(help: "One JSON object per line per file.")
  var json = false

  func run() throws {
    let places = PlaceLookup.finder(environment: ProcessInfo.processInfo.environment)
    try InfoCommand.run(paths: files, json: json, places: places) { text in
      FileHandle.standardOutput.write(Data(text.utf8))
    }
    // Every file still gets its line; the status says that some named file was not there.
    if files.contains(where: { NamedPath.problem(CommandSupport.absolute($0)) != nil }) {
      throw ExitCode.failure
    }
  }
}

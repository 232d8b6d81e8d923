import ArgumentParser
import Foundation
import LightboxApp

/// `lightbox info FILE…`: print what the metadata reader finds in files.
struct InfoCommandLine: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract: "Show what Lightbox reads from image files (format, size, orientation, date).")

  @Argument(help: "Image files.", completion: .file())
  var files: [String]

  @Flag(help: "One JSON object per line per file.")
  var json = false

  func run() throws {
    try InfoCommand.run(paths: files, json: json) { text in
      FileHandle.standardOutput.write(Data(text.utf8))
    }
  }
}

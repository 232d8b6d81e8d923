import ArgumentParser
import Foundation
import ThumbnailCache

/// `lightbox export --size N [--quality Q] DIR FILE…`: JPEG copies of photos at a chosen long
/// edge.
struct ExportCommandLine: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write photos as JPEGs of a chosen size into a folder (never overwriting).",
    discussion: """
      Any photo Lightbox shows can be exported: each is turned upright, converted to sRGB,
      scaled down (never up) so that its long edge is at most --size pixels and written as
      DIR/NAME.jpg. A name already in DIR is never overwritten: that file gets an error line
      and the others are still exported.
      """)

  @Option(help: "Long edge of the exported photos, in pixels.")
  var size: Int

  @Option(help: "JPEG quality, 1…100.")
  var quality: Int = PhotoExport.defaultQuality

  @Option(help: "Number of photos exported at once (default: one per core).")
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

  @Argument(help: "Folder to write into (it must exist).", completion: .directory)
  var folder: String

  @Argument(help: "Photos to export.", completion: .file())
  var files: [String]

  func validate() throws {
    guard (1...65_535).contains(size) else { throw ValidationError("--size must be 1…65535") }
    guard (1...100).contains(quality) else { throw ValidationError("--quality must be 1…100") }
    guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be 1…256") }
    guard !files.isEmpty else { throw ValidationError("name at least one photo to export") }
  }

  func run() throws {
    let directory = CommandSupport.absolute(folder)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw ValidationError("\(folder) is not a folder")
    }
    let summary = ExportCommand.run(
      paths: files.map(CommandSupport.absolute), shownAs: files, into: directory,
      longEdge: size, quality: quality, jobs: jobs)
    print(summary.line(folder: directory))
    if summary.failed > 0 { throw ExitCode.failure }
  }
}

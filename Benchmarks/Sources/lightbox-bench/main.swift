import ArgumentParser
import Foundation

/// `lightbox-bench`: the figures of docs/benchmarks.md and docs/pipeline.md, as medians.
struct LightboxBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lightbox-bench",
    abstract: "Lightbox's benchmarks (medians; see docs/benchmarks.md).",
    subcommands: [BenchUI.self, BenchStartup.self, BenchPictures.self, ThumbnailsBench.self])
}

LightboxBench.main()

/// `path` made absolute against the working directory ("~" for the home folder).
func absolutePath(_ path: String) -> String {
  if path.hasPrefix("/") { return path }
  let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
  if path == "~" { return home }
  if path.hasPrefix("~/") { return home + String(path.dropFirst(1)) }
  return FileManager.default.currentDirectoryPath + "/" + path
}

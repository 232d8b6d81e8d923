import ArgumentParser
import Foundation
import LightboxApp
import LightboxCommands

/// `lightbox-bench ui`: the Library UI on a large synthetic library.
struct BenchUI: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ui", abstract: "Grouping, segment switches and key presses over N photos.")

  @Option(help: "Number of photos.")
  var photos: Int = 100_000

  @Flag(help: "Print the report as JSON.")
  var json = false

  func run() throws {
    let report = UIBenchmark.run(count: photos)
    if json {
      try BenchReport.printJSON(report)
      return
    }
    print("Library UI over \(report.photos) photos (medians):")
    BenchReport.printFigures(report.figures, nameWidth: 58)
    print(
      String(
        format: "  peak RSS %.0f MB (limit 200 MB: %@)", report.peakRSSMegabytes,
        report.peakRSSMegabytes <= 200 ? "ok" : "OVER"))
    print(
      String(
        format: "  RSS at idle, the library in the state %.0f MB (%.0f bytes a photo)",
        report.idleRSSMegabytes, report.idleRSSMegabytes * 1_048_576 / Double(max(1, report.photos))
      ))
    print(
      String(
        format: "  RSS at idle, every photo with a camera's EXIF %.0f MB (%.0f bytes a photo)",
        report.idleRSSWithEXIFMegabytes,
        report.idleRSSWithEXIFMegabytes * 1_048_576 / Double(max(1, report.photos))))
  }
}

/// `lightbox-bench startup`: time to the first frame on a real catalog.
struct BenchStartup: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "startup",
    abstract: "Open a catalog and render the first frame, as the browser does; print the times.")

  @Option(help: "The catalog file.")
  var catalog: String

  @Argument(help: "The library folders to show.")
  var roots: [String]

  func run() throws {
    let result = try UIBenchmark.firstFrame(
      catalogPath: catalog, roots: roots, terminal: .init(columns: 200, rows: 60))
    print(
      String(
        format:
          "first frame: %.0f ms after process start (%.0f ms in process), %d photos, peak RSS %.0f MB",
        result.sinceStart, result.inProcess, result.photos, UIBenchmark.peakRSSMegabytes()))
    print(
      "  " + result.phases.map { String(format: "%@ %.1f ms", $0.0, $0.1) }.joined(separator: ", "))
  }
}

/// `lightbox-bench pictures`: the detail view in sixel, paging, first tiles, scrolling.
struct BenchPictures: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pictures",
    abstract:
      "Detail view in sixel at 200×60, ←/→ paging, first tiles from EXIF thumbnails, PgDn with decodes behind."
  )

  @Option(help: "The catalog file (index the library first with `lightbox index`).")
  var catalog: String

  @Option(help: "Runs per figure.")
  var runs: Int = 15

  @Flag(help: "Print the report as JSON.")
  var json = false

  @Argument(help: "The library folders.")
  var roots: [String]

  func run() throws {
    let report: PictureBenchmark.Report
    do {
      report = try PictureBenchmark.run(
        catalogPath: catalog, roots: roots.map(CommandSupport.absolute), runs: max(3, runs))
    } catch let error as PictureBenchmark.BenchmarkError {
      FileHandle.standardError.write(Data("lightbox: \(error.description)\n".utf8))
      throw ExitCode.failure
    }
    if json {
      try BenchReport.printJSON(report)
      return
    }
    print(
      "Pictures over \(report.photos) photos (medians, in process, bytes written to /dev/null):")
    BenchReport.printFigures(report.figures, nameWidth: 66)
    for note in report.notes { print("  " + note) }
  }
}

/// `lightbox-bench loupe`: zoom and pan in the detail view.
struct BenchLoupe: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "loupe",
    abstract: "Zoom step and pan on a 24 MP JPEG at 200×60 sixel; memory of a 100 MP zoom.")

  @Option(help: "Where the generated test photos are kept (made once).")
  var work: String

  @Option(help: "Runs per figure.")
  var runs: Int = 9

  @Flag(help: "Print the report as JSON.")
  var json = false

  func run() throws {
    let report = try LoupeBenchmark.run(work: CommandSupport.absolute(work), runs: max(3, runs))
    if json {
      try BenchReport.printJSON(report)
      return
    }
    print("Loupe (medians, in process, sixel bytes written to /dev/null):")
    BenchReport.printFigures(report.figures, nameWidth: 72)
    for note in report.notes { print("  " + note) }
  }
}

/// Output shared by the `bench` subcommands.
enum BenchReport {
  /// The whole report as pretty, key-sorted JSON.
  static func printJSON<Report: Encodable>(_ report: Report) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try encoder.encode(report), as: UTF8.self))
  }

  /// One line per figure: name, median, and the limit with "ok" or "OVER" when it has one.
  static func printFigures(_ figures: [UIBenchmark.Figure], nameWidth: Int) {
    for figure in figures {
      let limit =
        figure.limitMilliseconds.map {
          String(
            format: "  (limit %.0f ms: %@)", $0, figure.medianMilliseconds <= $0 ? "ok" : "OVER")
        } ?? ""
      let name = figure.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      print("  " + name + String(format: " %8.2f ms", figure.medianMilliseconds) + limit)
    }
  }
}

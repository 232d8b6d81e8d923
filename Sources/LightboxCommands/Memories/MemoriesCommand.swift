#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Catalog
import Foundation
import LightboxApp
import PhotoModel
import TerminalGraphics
import TerminalUI

/// `lightbox memories`: the library's "On This Day" memories for the shell, a picture each
/// where the terminal draws pictures (a greeting for a login shell).
///
/// Reads the catalog as it stands (no indexing: a greeting must not wait for a scan), with
/// the browser's pairing, so a Live Photo or a RAW+JPEG pair counts once.
public enum MemoriesCommand {
  /// What to list and how.
  public struct Options: Sendable {
    /// The library folders to look in (absolute); empty: every folder in the catalog.
    public var roots: [String]
    public var catalogPath: String
    /// The month and day to remember; nil: today's.
    public var monthDay: (month: Int, day: Int)?
    public var json: Bool
    /// Draw each memory's cover (only when the output is a terminal).
    public var pictures: Bool
    public var graphics: GraphicsMode

    public init(
      roots: [String], catalogPath: String, monthDay: (month: Int, day: Int)? = nil,
      json: Bool = false, pictures: Bool = true, graphics: GraphicsMode = .auto
    ) {
      self.roots = roots
      self.catalogPath = catalogPath
      self.monthDay = monthDay
      self.json = json
      self.pictures = pictures
      self.graphics = graphics
    }
  }

  /// A problem that stops the command, with its one-line message.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The memories of the catalog's photos for `today` (the local date unless
  /// `options.monthDay` replaces its month and day), and today's date as used.
  public static func memories(
    _ options: Options, now: Int64, utcOffsetSeconds: Int
  ) throws -> (memories: [Memory], assets: [AssetID: Asset], today: (Int, Int, Int)) {
    guard FileManager.default.fileExists(atPath: options.catalogPath) else {
      throw Failure(
        description:
          "no catalog at \(options.catalogPath): run lightbox or lightbox index on the library first"
      )
    }
    let catalog: Catalog
    do {
      // With the place table, so each memory can say where (the codes are read as names).
      catalog = try Catalog(
        path: options.catalogPath, memoryMapBytes: 0,
        places: PlaceLookup.finder(environment: ProcessInfo.processInfo.environment))
    } catch {
      throw Failure(description: "\(error)")
    }
    let roots: [String]
    if options.roots.isEmpty {
      roots = (try? catalog.roots) ?? []
    } else {
      roots = (try? catalog.libraryRoots(for: options.roots)) ?? options.roots
    }
    let assets = LibraryService.assets(in: catalog, under: roots)
    let clock = CaptureDate(epochSeconds: now, utcOffsetSeconds: utcOffsetSeconds, source: .gps)
    var today = (clock.year, clock.month, clock.day)
    if let given = options.monthDay { today = (clock.year, given.month, given.day) }
    let memories = MemoryFinder.memories(in: assets, today: today)
    var byID: [AssetID: Asset] = [:]
    let wanted = Set(memories.flatMap(\.assetIDs))
    for asset in assets where wanted.contains(asset.id) { byID[asset.id] = asset }
    return (memories, byID, today)
  }

  /// `--date MM-DD` read: month and day, or nil when it is not a real day of some year.
  public static func monthDay(_ text: String) -> (month: Int, day: Int)? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }),
      let month = Int(parts[0]), let day = Int(parts[1]), (1...12).contains(month),
      (1...CaptureDate.daysIn(month: month, year: 2024)).contains(day)
    else { return nil }
    return (month, day)
  }

  /// The memories as text: a heading, then one line each ("3 years ago · 26–29 Nov 2023 ·
  /// 48 photos"); "No memories for 28 November." when there are none.
  public static func text(_ memories: [Memory], today: (Int, Int, Int)) -> String {
    let date = "\(today.2) \(CaptureDate.monthNames[today.1 - 1])"
    guard !memories.isEmpty else { return "No memories for \(date).\n" }
    var lines = ["On this day · \(date)"]
    for memory in memories { lines.append(memory.summary) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The memories as one JSON object: the date and, for each memory, its year, years ago,
  /// first and last day, count, title, cover and photos (paths).
  public static func json(
    _ memories: [Memory], today: (Int, Int, Int), assets: [AssetID: Asset]
  ) throws -> String {
    let report = Report(
      date: String(format: "%04d-%02d-%02d", today.0, today.1, today.2),
      memories: memories.map { memory in
        func day(_ number: Int) -> String {
          let (y, m, d) = CaptureDate.civilFromDays(number)
          return String(format: "%04d-%02d-%02d", y, m, d)
        }
        return Report.Entry(
          year: memory.year, yearsAgo: memory.yearsAgo, firstDay: day(memory.firstDay),
          lastDay: day(memory.lastDay), count: memory.assetIDs.count, title: memory.summary,
          place: memory.place,
          cover: assets[memory.cover]?.path ?? "",
          photos: memory.assetIDs.compactMap { assets[$0]?.path })
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
  }

  /// The JSON's shape.
  struct Report: Encodable {
    struct Entry: Encodable {
      var year: Int
      var yearsAgo: Int
      var firstDay: String
      var lastDay: String
      var count: Int
      var title: String
      /// Where most of its photos were taken, when known.
      var place: String?
      var cover: String
      var photos: [String]
    }
    var date: String
    var memories: [Entry]
  }

  /// Runs the command; returns the exit status (1 when the catalog could not be read).
  public static func run(_ options: Options, environment: [String: String]) -> Int32 {
    let now = Int64(Date().timeIntervalSince1970)
    let offset = TimeZone.current.secondsFromGMT()
    let found: (memories: [Memory], assets: [AssetID: Asset], today: (Int, Int, Int))
    do {
      found = try memories(options, now: now, utcOffsetSeconds: offset)
    } catch {
      ShowCommand.writeAll(
        STDERR_FILENO, Array("lightbox: \(TerminalText.sanitize("\(error)"))\n".utf8))
      return 1
    }
    if options.json {
      let text = (try? json(found.memories, today: found.today, assets: found.assets)) ?? "{}\n"
      ShowCommand.writeAll(STDOUT_FILENO, Array(text.utf8))
      return 0
    }
    let lines = text(found.memories, today: found.today)
      .split(separator: "\n", omittingEmptySubsequences: false)
    // The heading (or "No memories"), then each memory's line and, on a terminal, its cover.
    ShowCommand.writeAll(
      STDOUT_FILENO, Array((TerminalText.sanitize(String(lines[0])) + "\n").utf8))
    let renderer =
      options.pictures && isatty(STDOUT_FILENO) != 0 && !found.memories.isEmpty
      ? ShowCommand.renderer(
        ShowCommand.Options(
          files: found.memories.compactMap { found.assets[$0.cover]?.path },
          graphics: options.graphics, columns: 40, rows: 12),
        environment: environment)
      : nil
    for (memory, line) in zip(found.memories, lines.dropFirst()) {
      ShowCommand.writeAll(STDOUT_FILENO, Array((String(line) + "\n").utf8))
      guard let renderer, let cover = found.assets[memory.cover] else { continue }
      switch renderer.render(path: cover.path) {
      case .success(let bytes): ShowCommand.writeAll(STDOUT_FILENO, bytes)
      case .failure(let error):
        ShowCommand.writeAll(
          STDERR_FILENO, Array(ShowCommand.errorLine(path: cover.path, reason: error.reason).utf8))
      }
    }
    return 0
  }
}

import Foundation
import PhotoModel
import PhotoStore
import TOMLKit
import TerminalGraphics
import TerminalUI

/// Reads `config.toml`. Never fails: a missing file is the defaults, a syntax error is one
/// problem and the defaults, a bad entry is a problem naming its line and what is allowed
/// while that entry keeps its default and the rest applies.
public enum ConfigLoader {
  /// The top-level keys, in the order the user guide documents them.
  public static let knownKeys = [
    "theme", "graphics", "colors", "thumbnail-size", "roots", "trash-retention-days",
    "memory-cache-mb", "thumbnail-cache-mb", "upscale", "slideshow-seconds", "opener",
    "import-template", "xmp-write", "keys",
  ]

  /// Files larger than this are refused rather than parsed (a config is a few hundred bytes).
  static let maximumFileSize = 1 << 20

  /// `$XDG_CONFIG_HOME/lightbox/config.toml`, or `LIGHTBOX_CONFIG` when set.
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let value = environment["LIGHTBOX_CONFIG"], !value.isEmpty { return value }
    return configDirectory(environment: environment) + "/config.toml"
  }

  /// `$XDG_CONFIG_HOME/lightbox`: where `config.toml` and `themes/` live.
  public static func configDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    LightboxPaths(environment: environment).configHome + "/lightbox"
  }

  /// Reads the file at `path`; its problems name the path and line.
  public static func load(path: String) -> (LightboxConfig, problems: [String]) {
    switch readSmallTextFile(path) {
    case .missing: return (.defaults, [])
    case .refused(let reason): return (.defaults, ["\(path): \(reason); using the defaults"])
    case .text(let text): return parse(text, source: path)
    }
  }

  /// What reading a config or theme file gave.
  enum TextFile: Equatable {
    case missing
    case text(String)
    /// Why it was not read, as words after the path.
    case refused(String)
  }

  /// Reads a small UTF-8 file; anything but a regular file (a FIFO would block, a device
  /// never ends) and anything over `maximumFileSize` is refused without reading it.
  static func readSmallTextFile(_ path: String) -> TextFile {
    var info = stat()
    guard path.withCString({ stat($0, &info) }) == 0 else {
      return errno == ENOENT || errno == ENOTDIR
        ? .missing : .refused("cannot be read (\(errnoText()))")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return .refused("is a folder, not a file")
    default: return .refused("is not a regular file")
    }
    guard info.st_size <= maximumFileSize else {
      return .refused("\(info.st_size) bytes is too large for a settings file")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .refused("cannot be read (permissions?)")
    }
    guard data.count <= maximumFileSize, let text = String(data: data, encoding: .utf8) else {
      return .refused("is not UTF-8 text")
    }
    return .text(text)
  }

  private static func errnoText() -> String { String(cString: strerror(errno)) }

  /// Parses config text; `source` starts every problem ("config.toml:3: …").
  public static func parse(_ text: String, source: String) -> (
    LightboxConfig, problems: [String]
  ) {
    if let problem = TOMLText.problem(in: text, source: source) {
      return (.defaults, [problem])
    }
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      return (
        .defaults,
        [
          TOMLText.parseProblem(
            error.description, line: Int(error.source.begin.line), source: source)
        ]
      )
    } catch {
      return (.defaults, ["\(source): \(error)"])
    }
    var reader = Reader(source: source, lines: KeyLines(text))
    var config = LightboxConfig()
    reader.read(table, into: &config)
    // By line; problems of one line stay in the order they were found.
    let ordered = reader.problems.enumerated().sorted {
      ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
    }
    return (config, ordered.map(\.element.text))
  }

  /// The theme the config names, or dark with a problem when it cannot be loaded.
  public static func theme(
    for config: LightboxConfig, configDirectory: String?
  ) -> (Theme, problem: String?) {
    do {
      return (try ThemeCatalog.theme(named: config.theme, configDirectory: configDirectory), nil)
    } catch {
      return (.dark, "\(error); using the dark theme")
    }
  }
}

extension ConfigLoader {
  /// One problem and the line it sorts by.
  struct Problem {
    let line: Int
    let text: String
  }

  /// Walks the parsed table, applying good entries and collecting problems.
  struct Reader {
    let source: String
    let lines: KeyLines
    var problems: [Problem] = []

    mutating func read(_ table: TOMLTable, into config: inout LightboxConfig) {
      for key in table.keys {
        guard let value = table[key] else { continue }
        switch key {
        case "theme": readTheme(value, into: &config)
        case "graphics": readGraphics(value, into: &config)
        case "colors": readColors(value, into: &config)
        case "thumbnail-size": readThumbnailSize(value, into: &config)
        case "roots": readRoots(value, into: &config)
        case "trash-retention-days":
          if let days = integer(
            value, key: "trash-retention-days", range: 0...36_500,
            allowed: "a whole number of days from 0 (never purge) to 36500")
          {
            config.trashRetentionDays = days
          }
        case "slideshow-seconds":
          if let seconds = integer(
            value, key: "slideshow-seconds", range: 1...60,
            allowed: "a whole number of seconds from 1 to 60")
          {
            config.slideshowSeconds = seconds
          }
        case "memory-cache-mb":
          if let megabytes = integer(
            value, key: "memory-cache-mb", range: 16...65_536,
            allowed: "a whole number of MiB from 16 to 65536")
          {
            config.memoryCacheMegabytes = megabytes
          }
        case "thumbnail-cache-mb":
          if let megabytes = integer(
            value, key: "thumbnail-cache-mb", range: 1...1_048_576,
            allowed: "a whole number of MiB from 1 to 1048576")
          {
            config.thumbnailCacheMegabytes = megabytes
          }
        case "upscale":
          guard let flag = value.bool else {
            refuse("upscale", value, allowed: "true or false")
            continue
          }
          config.upscale = flag
        case "opener": readOpener(value, into: &config)
        case "import-template":
          // The tokens are checked by `lightbox import` (LibraryImport's ImportTemplate),
          // which says what is wrong when it runs; here only its shape.
          guard let text = value.string, !text.isEmpty, !text.hasPrefix("/") else {
            refuse(
              "import-template", value,
              allowed: "a path relative to the library, like \"{year}/{year}-{month}-{day}/{name}\""
            )
            continue
          }
          config.importTemplate = text
        case "xmp-write":
          guard let text = value.string?.lowercased(), let mode = XMPWriteMode(rawValue: text)
          else {
            refuse("xmp-write", value, allowed: "sidecar or embedded")
            continue
          }
          config.xmpWrite = mode
        case "keys": readKeys(value, into: &config)
        default:
          report(
            key, in: nil,
            "unknown key '\(key)' (keys: \(ConfigLoader.knownKeys.joined(separator: ", ")))")
        }
      }
    }

    // MARK: Values

    private mutating func readTheme(
      _ value: TOMLValueConvertible, into config: inout LightboxConfig
    ) {
      let allowed =
        "a theme name: " + ThemeCatalog.builtInNames.joined(separator: ", ")
        + " or a file in themes/"
      guard let name = value.string else { return refuse("theme", value, allowed: allowed) }
      guard ThemeCatalog.isValidName(name) else {
        return refuse("theme", value, allowed: allowed)
      }
      config.theme = name
    }

    private mutating func readGraphics(
      _ value: TOMLValueConvertible, into config: inout LightboxConfig
    ) {
      guard let text = value.string, let mode = GraphicsChoice.parse(text.lowercased()) else {
        return refuse("graphics", value, allowed: "auto, kitty, iterm2, sixel or halfblock")
      }
      config.graphics = mode
    }

    private mutating func readColors(
      _ value: TOMLValueConvertible, into config: inout LightboxConfig
    ) {
      let text = value.string?.lowercased() ?? value.int.map(String.init)
      switch text {
      case "auto": config.colors = nil
      case "truecolor", "24bit", "24-bit": config.colors = .trueColor
      case "256": config.colors = .palette256
      default: refuse("colors", value, allowed: "auto, truecolor or 256")
      }
    }

    private mutating func readThumbnailSize(
      _ value: TOMLValueConvertible, into config: inout LightboxConfig
    ) {
      let sizes = LightboxConfig.thumbnailSizes
      guard let text = value.string?.lowercased(),
        let size = sizes.first(where: { $0.name == text })
      else {
        return refuse(
          "thumbnail-size", value, allowed: Reader.either(sizes.map(\.name)))
      }
      config.thumbnailSize = size.size
    }

    /// A command line split at blanks, or an array of words (for a program whose path has a
    /// blank); never run through a shell.
    private mutating func readOpener(
      _ value: TOMLValueConvertible, into config: inout LightboxConfig
    ) {
      let allowed = "a program (with its options), or a list of words"
      var words: [String] = []
      if let line = value.string {
        words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      } else if let array = value.array {
        for element in array {
          guard let word = element.string else { return refuse("opener", value, allowed: allowed) }
          words.append(word)
        }
      }
      guard let first = words.first, !first.isEmpty else {
        return refuse("opener", value, allowed: allowed)
      }
      config.opener = words
    }

    private mutating func readRoots(
      _ value: TOMLValueConvertible, into config: inout LightboxConfig
    ) {
      let allowed = "a list of folders, each absolute or starting with ~"
      var roots: [String] = []
      if let single = value.string {
        roots = [single]
      } else if let array = value.array {
        for element in array {
          guard let root = element.string else { return refuse("roots", value, allowed: allowed) }
          roots.append(root)
        }
      } else {
        return refuse("roots", value, allowed: allowed)
      }
      guard !roots.isEmpty else {
        return report("roots", in: nil, "roots is empty: give at least one folder")
      }
      for root in roots where !(root.hasPrefix("/") || root == "~" || root.hasPrefix("~/")) {
        return report(
          "roots", in: nil,
          "roots: '\(Reader.printable(root))' is not absolute (start it with / or ~/);"
            + " using the default")
      }
      config.roots = roots
    }

    private mutating func integer(
      _ value: TOMLValueConvertible, key: String, range: ClosedRange<Int>, allowed: String
    ) -> Int? {
      guard let number = value.int, range.contains(number) else {
        refuse(key, value, allowed: allowed)
        return nil
      }
      return number
    }

    // MARK: Problems

    private mutating func refuse(_ key: String, _ value: TOMLValueConvertible, allowed: String) {
      report(
        key, in: nil, "\(key) must be \(allowed), not \(Reader.describe(value)); using the default")
    }

    /// Records a problem at the line of `key` in `table` (nil: top level), or unplaced at
    /// the end when the key cannot be found in the text.
    mutating func report(_ key: String, in table: String?, _ message: String) {
      if let line = lines.line(of: key, in: table) {
        problems.append(Problem(line: line, text: "\(source):\(line): \(message)"))
      } else {
        problems.append(Problem(line: Int.max, text: "\(source): \(message)"))
      }
    }

    /// "a, b or c".
    static func either(_ words: [String]) -> String {
      guard let last = words.last, words.count > 1 else { return words.first ?? "" }
      return words.dropLast().joined(separator: ", ") + " or " + last
    }

    /// A value as the message shows it: strings quoted, others as TOML, at most 40 characters.
    static func describe(_ value: TOMLValueConvertible) -> String {
      if let text = value.string { return "'\(printable(text))'" }
      let text = printable(value.debugDescription.replacingOccurrences(of: "\n", with: " "))
      return text.count > 40 ? String(text.prefix(39)) + "…" : text
    }

    /// Control characters escaped, so nothing from the file reaches the terminal as a sequence.
    static func printable(_ text: String) -> String {
      let escaped = text.unicodeScalars.map { scalar -> String in
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
          ? scalar.escaped(asASCII: true) : String(scalar)
      }.joined()
      return escaped.count > 60 ? String(escaped.prefix(59)) + "…" : escaped
    }
  }
}

import Foundation
import LightboxTestSupport
import PhotoStore
import TerminalGraphics
import TerminalUI
import XCTest

@testable import Settings

/// config.toml: every setting, and every kind of mistake reported with its line while the
/// rest of the file still applies.
final class ConfigLoaderTests: XCTestCase {
  func parse(_ text: String) -> (LightboxConfig, problems: [String]) {
    ConfigLoader.parse(text, source: "config.toml")
  }

  func testEverySettingApplies() {
    let (config, problems) = parse(
      """
      theme = "nord"
      graphics = "halfblock"
      colors = "256"
      thumbnail-size = "large"
      roots = ["~/Pictures", "/mnt/photos"]
      trash-retention-days = 0
      memory-cache-mb = 512
      thumbnail-cache-mb = 100
      slideshow-seconds = 7

      [keys]
      favorite = ["f", "*"]
      quit = "ctrl-q"
      page-down = ["pgdn", "space"]
      """)
    XCTAssertEqual(problems, [])
    XCTAssertEqual(config.theme, "nord")
    XCTAssertEqual(config.graphics, .halfBlock)
    XCTAssertEqual(config.colors, .palette256)
    XCTAssertEqual(config.thumbnailSize, TileSize(columns: 20, rows: 10))
    XCTAssertEqual(config.roots, ["~/Pictures", "/mnt/photos"])
    XCTAssertEqual(config.expandedRoots(home: "/home/me"), ["/home/me/Pictures", "/mnt/photos"])
    XCTAssertEqual(config.trashRetentionDays, 0)
    XCTAssertEqual(config.memoryCacheMegabytes, 512)
    XCTAssertEqual(config.memoryCacheBytes, 512 << 20)
    XCTAssertEqual(config.thumbnailCacheMegabytes, 100)
    XCTAssertEqual(config.slideshowSeconds, 7)
    XCTAssertEqual(
      config.keys,
      [
        .favorite: [.character("f"), .character("*")], .quit: [.character("\u{11}")],
        .pageDown: [.pageDown, .character(" ")],
      ])
    let map = config.keyMap
    XCTAssertEqual(map.action(for: .character("*")), .edit(.toggleFavorite))
    XCTAssertEqual(map.action(for: .character("\u{11}")), .quit)
    XCTAssertNil(map.action(for: .character("q")), "q was replaced by ctrl-q")
    XCTAssertNil(map.action(for: .character("\u{06}")), "ctrl-f was replaced for page-down")
  }

  func testDefaults() {
    let (config, problems) = parse("# nothing set\n")
    XCTAssertEqual(problems, [])
    XCTAssertEqual(config, LightboxConfig.defaults)
    XCTAssertEqual(config.theme, "dark")
    XCTAssertEqual(config.graphics, .auto)
    XCTAssertNil(config.colors)
    XCTAssertEqual(config.thumbnailSize, .standard)
    XCTAssertEqual(config.keys, [:])
    XCTAssertEqual(config.trashRetentionDays, 30)
    XCTAssertEqual(config.roots, ["~/Pictures"])
    XCTAssertEqual(config.memoryCacheMegabytes, 256)
    XCTAssertEqual(
      LightboxConfig.thumbnailSizes.map(\.name), ["small", "medium", "large"])
    XCTAssertEqual(LightboxConfig.thumbnailSizes[1].size, TileSize.standard)
  }

  func testSyntaxErrorIsOneProblemWithItsLineAndAllDefaults() {
    let (config, problems) = parse("theme = \"light\"\n\ngraphics = sixel\n")
    XCTAssertEqual(config, .defaults)
    XCTAssertEqual(problems.count, 1)
    XCTAssertTrue(problems[0].hasPrefix("config.toml:3: "), problems[0])
  }

  /// `import-template`: a relative path is taken as written (its tokens are checked by
  /// `lightbox import`); an absolute one or a number keeps the default.
  func testTheImportTemplate() {
    XCTAssertEqual(LightboxConfig.defaults.importTemplate, "{year}/{year}-{month}-{day}/{name}")
    let (config, problems) = ConfigLoader.parse(
      "import-template = \"{camera}/{year}/{name}\"\n", source: "config.toml")
    XCTAssertEqual(problems, [])
    XCTAssertEqual(config.importTemplate, "{camera}/{year}/{name}")
    for bad in ["\"/abs/{name}\"", "3"] {
      let (kept, problems) = ConfigLoader.parse("import-template = \(bad)\n", source: "c")
      XCTAssertEqual(kept.importTemplate, LightboxConfig.defaultImportTemplate)
      XCTAssertEqual(problems.count, 1)
      XCTAssertTrue(problems.first?.hasPrefix("c:1: import-template must be") == true)
    }
  }

  func testBadValuesNameTheirLineAndWhatIsAllowedAndTheRestApplies() {
    let (config, problems) = parse(
      """
      theme = "light"
      graphics = "tektronix"
      colors = 16
      thumbnail-size = "huge"
      # a comment = with an equals sign
      roots = ["Pictures"]
      trash-retention-days = -1
      memory-cache-mb = "lots"
      colour = "256"
      """)
    XCTAssertEqual(
      problems,
      [
        "config.toml:2: graphics must be auto, kitty, iterm2, sixel or halfblock, not 'tektronix'; using the default",
        "config.toml:3: colors must be auto, truecolor or 256, not 16; using the default",
        "config.toml:4: thumbnail-size must be small, medium or large, not 'huge';"
          + " using the default",
        "config.toml:6: roots: 'Pictures' is not absolute (start it with / or ~/);"
          + " using the default",
        "config.toml:7: trash-retention-days must be a whole number of days from 0 (never purge)"
          + " to 36500, not -1; using the default",
        "config.toml:8: memory-cache-mb must be a whole number of MiB from 16 to 65536, not 'lots';"
          + " using the default",
        "config.toml:9: unknown key 'colour' (keys: theme, graphics, colors, thumbnail-size, roots,"
          + " trash-retention-days, memory-cache-mb, thumbnail-cache-mb, upscale,"
          + " slideshow-seconds, opener, import-template, xmp-write, keys)",
      ])
    var expected = LightboxConfig.defaults
    expected.theme = "light"
    XCTAssertEqual(config, expected)
  }

  func testKeyProblemsKeepThatCommandsDefaults() {
    let (config, problems) = parse(
      """
      [keys]
      favorite = ["f", "hyper-x"]
      hide = 3
      teleport = "t"
      quit = "ctrl-c"
      info = "Z"
      """)
    XCTAssertEqual(problems.count, 4, "\(problems)")
    XCTAssertTrue(
      problems[0].hasPrefix("config.toml:2: favorite: 'hyper-x' is not a key ("), problems[0])
    XCTAssertTrue(problems[0].hasSuffix("; favorite keeps its default keys"), problems[0])
    XCTAssertTrue(
      problems[1].hasPrefix("config.toml:3: hide must be a key name or a list"), problems[1])
    XCTAssertTrue(
      problems[2].hasPrefix(
        "config.toml:4: unknown command 'teleport' in [keys] (commands: up, down,"), problems[2])
    XCTAssertEqual(
      problems[3],
      "config.toml:5: quit: 'ctrl-c' cannot be bound: Ctrl-C always quits;"
        + " quit keeps its default keys"
    )
    XCTAssertEqual(config.keys, [.info: [.character("Z")]])
    XCTAssertEqual(config.keyMap.action(for: .character("f")), .edit(.toggleFavorite))
    XCTAssertEqual(config.keyMap.action(for: .character("Z")), .panel(.info))
  }

  func testAKeyBoundTwiceGoesToTheLaterCommand() {
    let (config, problems) = parse(
      """
      [keys]
      hide = ["x", "h"]
      favorite = "x"
      """)
    XCTAssertEqual(
      problems,
      [
        "config.toml:3: key 'x' is bound to both hide and favorite; favorite wins",
        // x was remove-from-album's only key; h taken from move-left is not its only key.
        "config.toml:3: 'x' now runs favorite, so remove-from-album has no key left;"
          + " give it one in [keys]",
      ])
    XCTAssertEqual(config.keys[.hide], [.character("h")])
    XCTAssertEqual(config.keyMap.action(for: .character("x")), .edit(.toggleFavorite))
    XCTAssertEqual(config.keyMap.action(for: .character("h")), .edit(.toggleHidden))
    XCTAssertEqual(config.keyMap.action(for: .left), .move(.left))
  }

  func testAnEmptyListUnbindsWithoutComplaint() {
    let (config, problems) = parse("[keys]\nhide = []\n")
    XCTAssertEqual(problems, [])
    XCTAssertEqual(config.keyMap.keys(for: .hide), [])
    XCTAssertNil(config.keyMap.action(for: .character("H")))
  }

  func testKeysWrittenAsDottedOrQuotedKeysStillGetALine() {
    let (config, problems) = parse(
      """
      theme = "dark"
      keys.favorite = "*"
      "graphics" = "nope"
      """)
    XCTAssertEqual(config.keys, [.favorite: [.character("*")]])
    XCTAssertEqual(
      problems,
      [
        "config.toml:3: graphics must be auto, kitty, iterm2, sixel or halfblock, not 'nope'; using the default"
      ])
    let (_, inline) = parse("keys = { favorite = \"ctrl-c\" }\n")
    XCTAssertEqual(inline.count, 1)
    XCTAssertTrue(
      inline[0].hasPrefix("config.toml:1: favorite: 'ctrl-c' cannot be bound"), inline[0])
  }

  func testWrongTypesAndHostileText() {
    let (config, problems) = parse(
      """
      theme = "../../etc/passwd"
      roots = "/photos"
      keys = "f"
      graphics = "\\u001b[2J"
      """)
    XCTAssertEqual(config.roots, ["/photos"], "a single folder is allowed")
    XCTAssertEqual(config.theme, "dark")
    XCTAssertEqual(problems.count, 3, "\(problems)")
    XCTAssertTrue(problems[0].hasPrefix("config.toml:1: theme must be a theme name: dark, light,"))
    XCTAssertTrue(problems[1].hasPrefix("config.toml:3: keys must be a table"))
    XCTAssertEqual(
      problems[2],
      "config.toml:4: graphics must be auto, kitty, iterm2, sixel or halfblock, not '\\u{1B}[2J';"
        + " using the default"
    )
    for problem in problems {
      XCTAssertFalse(problem.unicodeScalars.contains { $0.value < 0x20 }, problem)
    }
  }

  func testLoadingFiles() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lightbox-config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }

    let missing = ConfigLoader.load(path: folder.appendingPathComponent("none.toml").path)
    XCTAssertEqual(missing.0, .defaults)
    XCTAssertEqual(missing.problems, [])

    let file = folder.appendingPathComponent("config.toml")
    try "theme = \"light\"\ngraphics = 3\n".write(to: file, atomically: true, encoding: .utf8)
    let loaded = ConfigLoader.load(path: file.path)
    XCTAssertEqual(loaded.0.theme, "light")
    XCTAssertEqual(
      loaded.problems,
      [
        "\(file.path):2: graphics must be auto, kitty, iterm2, sixel or halfblock, not 3; "
          + "using the default"
      ]
    )

    let folderAsFile = ConfigLoader.load(path: folder.path)
    XCTAssertEqual(folderAsFile.0, .defaults)
    XCTAssertEqual(
      folderAsFile.problems, ["\(folder.path): is a folder, not a file; using the defaults"])

    let binary = folder.appendingPathComponent("binary.toml")
    try Data([0x74, 0x3D, 0xFF, 0xFE, 0x00]).write(to: binary)
    XCTAssertEqual(
      ConfigLoader.load(path: binary.path).problems,
      ["\(binary.path): is not UTF-8 text; using the defaults"])

    // Neither a FIFO (opening it would wait for a writer) nor an endless device is read.
    let fifo = folder.appendingPathComponent("fifo.toml")
    XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
    XCTAssertEqual(
      ConfigLoader.load(path: fifo.path).problems,
      ["\(fifo.path): is not a regular file; using the defaults"])
    let zero = folder.appendingPathComponent("zero.toml")
    try FileManager.default.createSymbolicLink(atPath: zero.path, withDestinationPath: "/dev/zero")
    XCTAssertEqual(
      ConfigLoader.load(path: zero.path).problems,
      ["\(zero.path): is not a regular file; using the defaults"])

    let large = folder.appendingPathComponent("large.toml")
    try Data(repeating: 0x20, count: ConfigLoader.maximumFileSize + 1).write(to: large)
    XCTAssertEqual(
      ConfigLoader.load(path: large.path).problems,
      ["\(large.path): 1048577 bytes is too large for a settings file; using the defaults"])
  }

  func testPathsFollowTheEnvironment() {
    XCTAssertEqual(
      ConfigLoader.defaultPath(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/x"]),
      "/x/lightbox/config.toml")
    XCTAssertEqual(
      ConfigLoader.defaultPath(environment: ["HOME": "/h"]), "/h/.config/lightbox/config.toml")
    XCTAssertEqual(
      ConfigLoader.defaultPath(environment: ["HOME": "/h", "LIGHTBOX_CONFIG": "/t/c.toml"]),
      "/t/c.toml")
    XCTAssertEqual(ConfigLoader.configDirectory(environment: ["HOME": "/h"]), "/h/.config/lightbox")
  }

  func testThemeNamedByTheConfigFallsBackToDarkWithAProblem() {
    var config = LightboxConfig()
    config.theme = "light"
    let light = ConfigLoader.theme(for: config, configDirectory: nil)
    XCTAssertEqual(light.0.name, "light")
    XCTAssertNil(light.problem)
    config.theme = "sepia"
    let missing = ConfigLoader.theme(for: config, configDirectory: nil)
    XCTAssertEqual(missing.0, .dark)
    XCTAssertTrue(missing.problem?.hasPrefix("unknown theme 'sepia'") ?? false, "\(missing)")
  }
}

extension ConfigLoaderTests {
  /// `upscale` is a boolean, true by default; anything else is refused with its line.
  func testUpscaleSetting() {
    XCTAssertTrue(LightboxConfig.defaults.upscale)
    let (off, problems) = parse("upscale = false\n")
    XCTAssertEqual(problems, [])
    XCTAssertFalse(off.upscale)
    let (bad, badProblems) = parse("upscale = \"no\"\n")
    XCTAssertTrue(bad.upscale)
    XCTAssertEqual(badProblems.count, 1)
    XCTAssertTrue(
      badProblems.first?.contains("upscale must be true or false") ?? false, "\(badProblems)")
  }
}

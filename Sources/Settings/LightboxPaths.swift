import Foundation

/// Where Lightbox keeps its files (XDG base directories), each overridable by a
/// `LIGHTBOX_*` variable so tests never touch the real home folder.
public struct LightboxPaths: Sendable {
  public var home: String
  public var dataHome: String
  public var configHome: String
  public var stateHome: String
  public var cacheHome: String
  private let environment: [String: String]

  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.environment = environment
    let home = environment["HOME"] ?? NSHomeDirectory()
    self.home = home
    func base(_ variable: String, _ fallback: String) -> String {
      if let value = environment[variable], value.hasPrefix("/") { return value }
      return home + "/" + fallback
    }
    dataHome = base("XDG_DATA_HOME", ".local/share")
    configHome = base("XDG_CONFIG_HOME", ".config")
    stateHome = base("XDG_STATE_HOME", ".local/state")
    cacheHome = base("XDG_CACHE_HOME", ".cache")
    if let value = environment["LIGHTBOX_DATA_DIR"], !value.isEmpty { dataHome = value }
  }

  /// The catalog (`LIGHTBOX_CATALOG` overrides).
  public var catalog: String {
    if let value = environment["LIGHTBOX_CATALOG"], !value.isEmpty { return value }
    return dataHome + "/lightbox/library.sqlite"
  }

  /// The demo library's own catalog, so the demo never mixes with a real library.
  public var demoCatalog: String { dataHome + "/lightbox/demo-library.sqlite" }

  /// The freedesktop thumbnail folder shared with file managers (`LIGHTBOX_CACHE` overrides).
  public var thumbnailCache: String {
    if let value = environment["LIGHTBOX_CACHE"], !value.isEmpty { return value }
    return cacheHome + "/thumbnails"
  }

  /// The default library: ~/Pictures.
  public var defaultLibrary: String { home + "/Pictures" }

  /// Where `lightbox demo` writes its library unless told otherwise.
  public var demoLibrary: String { dataHome + "/lightbox/demo-library" }

  /// The ledger of imported files (`lightbox import`: what was imported before is skipped).
  public var importLedger: String { stateHome + "/lightbox/imported.tsv" }

  /// The log file (never written to the terminal while the UI runs).
  public var logFile: String { stateHome + "/lightbox/lightbox.log" }
}

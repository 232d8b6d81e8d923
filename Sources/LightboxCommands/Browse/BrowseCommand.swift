import ArgumentParser
import Foundation
import LightboxApp
import Settings

/// `lightbox [PATH…]`: browse folders of photos.
struct Browse: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract: "Browse folders of photos (default: ~/Pictures).")

  @Argument(help: "Folders (or files) to browse.", completion: .directory)
  var paths: [String] = []

  @OptionGroup var display: DisplayOptions

  func run() throws {
    try Self.checkNamed(self.paths)
    let paths = LightboxPaths()
    let config = CommandSupport.loadConfig()
    let roots =
      self.paths.isEmpty
      ? config.config.expandedRoots(home: paths.home).map(CommandSupport.absolute)
      : self.paths.map(CommandSupport.absolute)
    try CommandSupport.browse(
      roots: roots, display: display,
      catalog: display.catalog.map(CommandSupport.absolute) ?? paths.catalog, config: config)
  }
}

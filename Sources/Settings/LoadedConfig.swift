import Foundation
import TerminalUI

/// The config file as the browser uses it: the settings, the theme they name, and every
/// problem found in either (one line each, with file:line), which are shown, not fatal.
public struct LoadedConfig: Sendable {
  public var config: LightboxConfig
  public var theme: Theme
  public var problems: [String]

  /// Reads `$XDG_CONFIG_HOME/lightbox/config.toml` (or `LIGHTBOX_CONFIG`) and its theme.
  public static func load(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> LoadedConfig {
    let (config, problems) = settings(environment: environment)
    let (theme, themeProblem) = ConfigLoader.theme(
      for: config, configDirectory: ConfigLoader.configDirectory(environment: environment))
    return LoadedConfig(
      config: config, theme: theme, problems: problems + (themeProblem.map { [$0] } ?? []))
  }

  /// The settings of the config file and their problems, without the theme: for the commands
  /// that draw no screen (reading and parsing a theme was a tenth of `lightbox thumbnails`'
  /// own time for one file).
  public static func settings(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> (config: LightboxConfig, problems: [String]) {
    ConfigLoader.load(path: ConfigLoader.defaultPath(environment: environment))
  }
}

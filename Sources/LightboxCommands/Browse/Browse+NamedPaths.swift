import ArgumentParser
import Foundation
import LightboxApp

extension Browse {
  /// Exit status for a path that cannot be browsed: a usage error, as git gives.
  static let badPathStatus: Int32 = 2

  /// Stops before the full-screen browser opens on nothing: a named path that does not
  /// exist, or cannot be read, is an error on stderr, with a subcommand suggested when the
  /// name is close to one ("lightbox thumbnail" meant `thumbnails`).
  static func checkNamed(_ paths: [String]) throws {
    let commands = LightboxCommand.configuration.subcommands
      .filter { $0.configuration.shouldDisplay }
      .map { $0._commandName }
    for path in paths {
      guard let problem = NamedPath.problem(CommandSupport.absolute(path)) else { continue }
      let message: String
      if problem == "no such file or folder", !path.contains("/") {
        message =
          "no such folder or command '\(path)'"
          + (NamedPath.suggestion(for: path, among: commands).map { "; did you mean '\($0)'?" }
            ?? " (lightbox --help lists the commands)")
      } else {
        message = "\(path): \(problem)"
      }
      FileHandle.standardError.write(Data("lightbox: \(message)\n".utf8))
      throw ExitCode(badPathStatus)
    }
  }
}

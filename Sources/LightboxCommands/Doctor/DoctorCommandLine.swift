import ArgumentParser
import Foundation
import LightboxApp
import TerminalGraphics

/// `lightbox doctor`: what the terminal supports and why.
struct Doctor: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "doctor",
    abstract:
      "Show what the terminal answered, which graphics mode Lightbox picks, how the library "
      + "is watched and how full the thumbnail cache is.")

  @Option(help: "auto, kitty, iterm2, sixel or halfblock: report the choice as if given to show.")
  var graphics: String = "auto"

  func validate() throws {
    if case .failure(let error) = GraphicsMode.parse(graphics) {
      throw ValidationError(error.description)
    }
  }

  func run() throws {
    let mode = (try? GraphicsMode.parse(graphics).get()) ?? .auto
    print(
      DoctorCommand.run(
        environment: ProcessInfo.processInfo.environment, graphics: mode,
        config: CommandSupport.loadSettings().config),
      terminator: "")
  }
}

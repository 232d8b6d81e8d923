import ArgumentParser
import Foundation
import LightboxApp
import TerminalGraphics

/// `lightbox show FILE…`: print pictures inline and exit.
struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Print photos inline in the terminal (kitty, iTerm2, sixel or half-blocks) and exit.")

  @Argument(help: "Image files (JPEG, PNG, HEIC/AVIF, WebP, GIF, TIFF, RAW).", completion: .file())
  var files: [String]

  @Option(
    help: "auto, kitty, iterm2, sixel or halfblock (auto: from the terminal's answers).")
  var graphics: String = "auto"

  @Option(help: "Width in columns (default: the terminal's width).")
  var width: Int?

  @Option(help: "Most rows a picture may take (default: no limit; the width decides).")
  var height: Int?

  @Option(
    help: ArgumentHelp(
      "Sixel encoder: auto (by picture size, as the browser), libsixel or fast.",
      visibility: .hidden))
  var sixelEncoder: String = "auto"

  func validate() throws {
    if SixelEncoderChoice(rawValue: sixelEncoder) == nil {
      throw ValidationError("--sixel-encoder must be auto, libsixel or fast")
    }
    if case .failure(let error) = GraphicsMode.parse(graphics) {
      throw ValidationError(error.description)
    }
    if let width, !(1...ShowLayout.maxColumns).contains(width) {
      throw ValidationError("--width must be between 1 and \(ShowLayout.maxColumns)")
    }
    if let height, !(1...ShowLayout.maxHalfBlockRows).contains(height) {
      throw ValidationError("--height must be between 1 and \(ShowLayout.maxHalfBlockRows)")
    }
    if files.isEmpty { throw ValidationError("give at least one file") }
  }

  func run() throws {
    let mode = (try? GraphicsMode.parse(graphics).get()) ?? .auto
    let status = ShowCommand.run(
      .init(
        files: files, graphics: mode, columns: width, rows: height,
        sixelEncoder: SixelEncoderChoice(rawValue: sixelEncoder) ?? .auto),
      environment: ProcessInfo.processInfo.environment)
    if status != 0 { throw ExitCode(status) }
  }
}

import Foundation
import TerminalGraphics

/// Resolves the `--colors` option against the environment.
public enum ColorChoice {
  /// An option value that is not a colour depth.
  public struct Invalid: Error, CustomStringConvertible {
    public let description: String
  }

  /// `truecolor`, `24bit` or `256`; nil means from the environment, asking tmux when
  /// inside it (see `ColorDepth.detect(environment:tmux:)`).
  public static func depth(_ option: String?, tmux: TmuxQuery = .live) throws -> ColorDepth {
    guard let option else {
      return ColorDepth.detect(environment: ProcessInfo.processInfo.environment, tmux: tmux).depth
    }
    switch option.lowercased() {
    case "truecolor", "24bit", "24-bit": return .trueColor
    case "256": return .palette256
    default: throw Invalid(description: "--colors must be truecolor or 256, not '\(option)'")
    }
  }
}

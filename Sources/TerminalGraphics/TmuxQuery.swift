/// Asks the tmux server a question: runs `tmux ARGUMENTS…` and gives back its standard
/// output, or nil when tmux could not be run or failed.
///
/// A seam: the program passes one that runs tmux; tests pass recorded replies, so the
/// colour-depth decision is tested against what real tmux versions print.
public struct TmuxQuery: Sendable {
  public var run: @Sendable ([String]) -> String?

  public init(run: @escaping @Sendable ([String]) -> String?) {
    self.run = run
  }

  /// Never answers (outside tmux, or when running tmux is not wanted).
  public static let silent = TmuxQuery { _ in nil }

  /// Answers from `replies`, keyed by the arguments joined with spaces
  /// ("display -p #{client_termfeatures}"); nil for anything else.
  public static func recorded(_ replies: [String: String]) -> TmuxQuery {
    TmuxQuery { arguments in replies[arguments.joined(separator: " ")] }
  }

  /// The arguments that list the attached client's terminal features (tmux ≥ 3.2).
  public static let clientFeatures = ["display", "-p", "#{client_termfeatures}"]
  /// The arguments that list the terminfo entries tmux uses for its clients.
  public static let terminalInfo = ["info"]
}

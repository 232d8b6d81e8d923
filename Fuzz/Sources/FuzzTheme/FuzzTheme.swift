import Settings
import TerminalUI

/// The settings parsers (`Settings.ThemeLoader.parse` and `ConfigLoader.parse`, the Settings
/// module linked here from its sources): any text gives a theme or a one-line problem, and a
/// config with its problems, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTheme(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
  do {
    let theme = try ThemeLoader.parse(text, source: "fuzz.toml")
    _ = theme.name
  } catch let problem as ThemeLoader.Problem {
    precondition(!problem.description.isEmpty)
  } catch {
    // TOMLKit may throw its own error types; any thrown error is an acceptable refusal.
  }
  let (config, problems) = ConfigLoader.parse(text, source: "config.toml")
  for problem in problems {
    precondition(problem.hasPrefix("config.toml"), problem)
    precondition(!problem.contains("\n"), "a problem is one line: \(problem.debugDescription)")
  }
  _ = config.theme
  return 0
}

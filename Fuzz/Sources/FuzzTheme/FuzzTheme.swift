import TerminalUI

/// The theme parser (`LightboxApp.ThemeLoader.parse`, linked here from its source file):
/// any text gives a theme or a one-line problem, never a trap.
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
  return 0
}

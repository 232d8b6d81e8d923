import ArgumentParser
import LightboxApp

/// `--log-level`, for the commands that do long work (the browser, indexing, thumbnails).
struct LogOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Log level: trace, debug, info, notice, warning, error or critical (default: $LIGHTBOX_LOG, else info).",
      valueName: "level"))
  var logLevel: String?

  func validate() throws {
    guard let logLevel else { return }
    guard let level = LightboxLog.level(named: logLevel) else {
      throw ValidationError(
        "--log-level must be one of trace, debug, info, notice, warning, error, critical")
    }
    LightboxLog.setLevel(level)
  }
}

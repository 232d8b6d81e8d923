import Foundation

extension TmuxQuery {
  /// Runs the `tmux` found in PATH with the caller's environment (so `TMUX` names the
  /// server the program runs under) and returns its standard output; nil on any failure.
  public static let live = TmuxQuery { arguments in
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tmux"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    // Read to the end before waiting, so a long reply cannot fill the pipe and stall tmux.
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}

import Foundation

/// Runs a command and waits for it with posix_spawn + waitpid.
///
/// Foundation's `Process` was seen never returning from `waitUntilExit` for `tmux
/// new-session` (the client stayed a zombie), so tests spawn and reap children themselves.
public enum Subprocess {
  /// Runs `arguments` (looked up in PATH) with stdin from /dev/null and stdout+stderr into a
  /// file; returns the exit status (or 128+signal) and the output.
  @discardableResult
  public static func run(_ arguments: [String], environment: [String: String]? = nil)
    -> (status: Int32, output: String)
  {
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lightbox-sub-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    ).path
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let env = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
    defer { env?.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned: Int32
    if let env {
      spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, env)
    } else {
      spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
    }
    guard spawned == 0 else {
      return (127, "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    let exited = status & 0x7F == 0
    return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), output)
  }
}

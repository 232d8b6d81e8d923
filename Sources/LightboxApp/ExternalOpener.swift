import Glibc

/// The program `o` and `O` hand a photo, a video or a folder to: `$LIGHTBOX_OPENER`, else the
/// config's `opener`, else `xdg-open`.
///
/// The command is argv, never a shell line: the path is its last argument as it is, so no
/// file name can be read as shell syntax. The child inherits the terminal (stdin, stdout,
/// stderr) and the process group, so a terminal player can take the screen; the caller
/// gives the terminal away for as long as `open` runs.
public struct ExternalOpener: Sendable, Equatable {
  /// The program and its leading arguments; the path follows them.
  public let command: [String]

  public init(command: [String]) {
    self.command = command
  }

  /// The opener for this environment and config: `$LIGHTBOX_OPENER` split at blanks when set
  /// and not blank, else `configured` when not empty, else `xdg-open`.
  public init(environment: [String: String], configured: [String]?) {
    let fromEnvironment = Self.words(environment["LIGHTBOX_OPENER"] ?? "")
    if !fromEnvironment.isEmpty {
      command = fromEnvironment
    } else if let configured, !configured.isEmpty {
      command = configured
    } else {
      command = ["xdg-open"]
    }
  }

  /// `text` split at spaces and tabs (no quoting: a program with a blank in its path goes
  /// in the config as a TOML array).
  public static func words(_ text: String) -> [String] {
    text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
  }

  /// Runs the opener on `path` and waits for it; nil when it exited with status 0, else the
  /// one line that says what went wrong.
  public func open(_ path: String) -> String? {
    let argv = command + [path]
    // The status line names the program, not the folder it is in.
    let name = command[0].split(separator: "/").last.map(String.init) ?? command[0]
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The session ignores Ctrl-C while the opener runs; the opener must not inherit that.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGTSTP, SIGPIPE] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    var pid: pid_t = 0
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    let spawned = posix_spawnp(&pid, command[0], nil, &attributes, cArguments, environ)
    guard spawned == 0 else {
      if spawned == ENOENT { return "Opener '\(name)' not found (set opener in config.toml)" }
      return "Opener '\(name)' could not start: \(String(cString: strerror(spawned)))"
    }
    var status: Int32 = 0
    while true {
      guard waitpid(pid, &status, WUNTRACED) >= 0 else {
        if errno == EINTR { continue }
        return "Opener '\(name)': \(String(cString: strerror(errno)))"
      }
      // WIFSTOPPED, WIFEXITED and the rest are macros Swift cannot see. Ctrl-Z stopped the
      // opener: stop with it, so the shell sees the job stopped and gets the terminal; `fg`
      // continues the whole process group, and the wait goes on.
      guard status & 0xFF == 0x7F else { break }
      raise(SIGSTOP)
    }
    let signal = status & 0x7F
    if signal != 0 { return "Opener '\(name)' was stopped by signal \(signal)" }
    let code = (status >> 8) & 0xFF
    return code == 0 ? nil : "Opener '\(name)' failed (exit status \(code))"
  }
}

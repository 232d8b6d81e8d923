import Foundation
import XCTest

/// Drives a program in a private, detached tmux server of known size, for end-to-end tests:
/// send keys, read the screen with `capture-pane`.
public final class TmuxSession {
  public let socket: String
  public let name = "e2e"
  private var killed = false

  /// True when tmux can be run here.
  public static var isAvailable: Bool { run(["tmux", "-V"]).status == 0 }

  /// Starts `shellCommand` under `sh` in a new session of `columns`×`rows`.
  public init(columns: Int, rows: Int, environment: [String: String], shellCommand: String = "sh")
    throws
  {
    socket = "lightbox-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let env = environment.map { "\($0.key)=\(Self.quote($0.value))" }.sorted().joined(
      separator: " ")
    let result = Self.run([
      "tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "\(columns)",
      // TMUX as tmux sets it in every pane (`env -i` would drop it): programs tell they run
      // inside tmux from it, as they do for real users.
      "-y", "\(rows)", "env -i TMUX=\"$TMUX\" \(env) \(shellCommand)",
    ])
    guard result.status == 0 else {
      throw NSError(
        domain: "tmux", code: Int(result.status),
        userInfo: [NSLocalizedDescriptionKey: result.output])
    }
  }

  deinit { kill() }

  /// Ends the tmux server and everything in it.
  public func kill() {
    guard !killed else { return }
    killed = true
    _ = Self.run(["tmux", "-L", socket, "kill-server"])
  }

  /// Sends tmux key names (`Enter`, `Right`, `q`) or, with `literal`, text.
  public func send(_ keys: String..., literal: Bool = false) {
    _ = Self.run(["tmux", "-L", socket, "send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
  }

  /// Sends raw bytes to the pane's program in one write (`send-keys -H`): escape sequences
  /// as a terminal spells them, or part of a UTF-8 character.
  public func sendBytes(_ bytes: [UInt8]) {
    let hex = bytes.map { String($0, radix: 16) }
    _ = Self.run(["tmux", "-L", socket, "send-keys", "-t", name, "-H"] + hex)
  }

  /// Resizes the window (the program gets SIGWINCH).
  public func resize(columns: Int, rows: Int) {
    _ = Self.run([
      "tmux", "-L", socket, "resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)",
    ])
  }

  /// The screen as plain text (with escapes when `escapes`).
  public func capture(escapes: Bool = false) -> String {
    Self.run(["tmux", "-L", socket, "capture-pane", "-p", "-t", name] + (escapes ? ["-e"] : []))
      .output
  }

  /// Appends everything the pane's program writes, raw (escape sequences included, before
  /// tmux interprets them), to the file at `path`.
  public func pipeOutput(to path: String) {
    _ = Self.run([
      "tmux", "-L", socket, "pipe-pane", "-O", "-t", name, "cat >> " + Self.quote(path),
    ])
  }

  /// Sets a global server or session option (`set-clipboard`, `allow-passthrough`, …).
  public func setOption(_ option: String, _ value: String) {
    _ = Self.run(["tmux", "-L", socket, "set-option", "-g", option, value])
  }

  /// The newest paste buffer (what a program put on the clipboard through tmux), or nil.
  public func pasteBuffer() -> String? {
    let result = Self.run(["tmux", "-L", socket, "show-buffer"])
    return result.status == 0 ? result.output : nil
  }

  /// How long a wait may really take: a test's `timeout` says when a healthy program is
  /// surely done, and is stretched (×3, at least 30 s) so that a loaded machine never turns
  /// it into a failure. It bounds a hang; it never measures speed.
  static func bound(_ timeout: TimeInterval) -> TimeInterval { max(30, timeout * 3) }

  /// Polls the screen until `pattern` (a regular expression) matches; returns the screen,
  /// or nil when the (stretched) `timeout` has passed.
  public func waitFor(_ pattern: String, timeout: TimeInterval = 20) -> String? {
    let regex = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    let deadline = Date().addingTimeInterval(Self.bound(timeout))
    repeat {
      let screen = capture()
      if regex.firstMatch(in: screen, range: NSRange(screen.startIndex..., in: screen)) != nil {
        return screen
      }
      usleep(100_000)
    } while Date() < deadline
    return nil
  }

  /// Polls the screen until `condition` holds; returns it, or nil when the (stretched)
  /// `timeout` has passed.
  public func waitUntil(timeout: TimeInterval = 20, _ condition: (String) -> Bool) -> String? {
    let deadline = Date().addingTimeInterval(Self.bound(timeout))
    repeat {
      let screen = capture()
      if condition(screen) { return screen }
      usleep(100_000)
    } while Date() < deadline
    return nil
  }

  static func quote(_ s: String) -> String {
    "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  @discardableResult
  static func run(_ arguments: [String]) -> (status: Int32, output: String) {
    Subprocess.run(arguments)
  }
}

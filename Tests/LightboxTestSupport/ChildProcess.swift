import Foundation

/// A child process the test starts, reads line by line and kills at a point it chooses:
/// ordering by what the child says, never by sleeping.
public final class ChildProcess {
  /// The child's process id.
  public let pid: pid_t
  private let output: FileHandle?
  private var buffered: [UInt8] = []
  private var reaped: Int32?

  /// Starts `arguments[0]` with stdin from /dev/null, stderr to /dev/null and stdout to a pipe
  /// the test reads (`readsOutput`), or to /dev/null.
  public init(_ arguments: [String], environment: [String: String], readsOutput: Bool = false)
    throws
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var fds: [Int32] = [-1, -1]
    if readsOutput {
      guard pipe(&fds) == 0 else { throw ChildProcessError("pipe failed") }
      posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
      posix_spawn_file_actions_addclose(&actions, fds[0])
      posix_spawn_file_actions_addclose(&actions, fds[1])
    } else {
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let env = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { env.forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, env)
    if readsOutput { close(fds[1]) }
    guard result == 0 else {
      if readsOutput { close(fds[0]) }
      throw ChildProcessError("cannot run \(arguments[0]): \(String(cString: strerror(result)))")
    }
    self.pid = pid
    output = readsOutput ? FileHandle(fileDescriptor: fds[0], closeOnDealloc: true) : nil
  }

  /// The next line the child writes, or nil at the end of its output.
  public func readLine() -> String? {
    guard let output else { return nil }
    while true {
      if let newline = buffered.firstIndex(of: 10) {
        let line = String(decoding: buffered[..<newline], as: UTF8.self)
        buffered.removeFirst(newline + 1)
        return line
      }
      let chunk = output.availableData
      if chunk.isEmpty { return nil }
      buffered += chunk
    }
  }

  /// True while the child has not exited (reaps it when it has).
  public var isRunning: Bool {
    if reaped != nil { return false }
    var status: Int32 = 0
    if waitpid(pid, &status, WNOHANG) == pid {
      reaped = status
      return false
    }
    return true
  }

  /// Sends SIGKILL and reaps the child; returns true when it was still running (the kill
  /// interrupted it) and false when it had already exited by itself.
  @discardableResult
  public func killAndWait() -> Bool {
    kill(pid, SIGKILL)
    return waitForExit() & 0x7F == SIGKILL
  }

  /// Waits for the child and returns its raw wait status.
  @discardableResult
  public func waitForExit() -> Int32 {
    if let reaped { return reaped }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    reaped = status
    return status
  }
}

/// A child process that could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

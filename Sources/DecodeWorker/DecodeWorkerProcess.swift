import Pixels
import Decoders
import CProcessSandbox
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One running `lightbox decode-worker` as the parent sees it: its pid and the parent's end
/// of its socket. Used by one thread at a time (the host checks workers out and in).
final class DecodeWorkerProcess {
  /// How one request ended.
  enum Outcome {
    /// The worker answered (a bitmap or its decoder's error) and can serve again unless
    /// `isLast`.
    case answered(Result<Bitmap, ImageError>, isLast: Bool)
    /// The worker died, hung or spoke nonsense: it has been killed and reaped.
    case lost(ImageError)
  }

  let pid: pid_t
  private let channel: Int32
  private var reaped = false

  init(pid: pid_t, channel: Int32) {
    self.pid = pid
    self.channel = channel
  }

  /// Starts `executable` with `arguments` and `environment` ("NAME=value" entries), or says
  /// why it could not.
  static func spawn(executable: String, arguments: [String], environment: [String]) -> Result<
    DecodeWorkerProcess, ImageError
  > {
    var fds: [Int32] = [-1, -1]
    let made = fds.withUnsafeMutableBufferPointer { lb_sandbox_channel($0.baseAddress) }
    guard made == 0 else { return .failure(ImageError("decoder could not start: \(text(made))")) }
    defer { close(fds[1]) }
    let argv = ([executable] + arguments).map { strdup($0) }
    let envp = environment.map { strdup($0) }
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = (argv + [nil]).withUnsafeBufferPointer { args in
      (envp + [nil]).withUnsafeBufferPointer { env in
        lb_sandbox_spawn(executable, args.baseAddress, env.baseAddress, fds[1], &pid)
      }
    }
    guard spawned == 0 else {
      close(fds[0])
      return .failure(ImageError("decoder could not start: \(text(spawned))"))
    }
    return .success(DecodeWorkerProcess(pid: pid, channel: fds[0]))
  }

  /// True when the idle worker has gone away (killed, or exited on its own): its end of the
  /// socket reads as closed.
  var hasExited: Bool {
    var fd = pollfd(fd: channel, events: Int16(POLLIN), revents: 0)
    return poll(&fd, 1, 0) != 0
  }

  /// Sends one request and waits for its reply until `deadline`. `name` is the file's name
  /// for the failure line.
  func decode(_ request: DecodeWorkerMessage.Request, name: String, deadline: DispatchTime)
    -> Outcome
  {
    guard send(DecodeWorkerMessage.encode(request)) else { return lost(name) }
    // The largest reply the request can have: the target box's pixels (the decoder never
    // returns more than it was asked for), with room for rounding.
    let target = request.options.target
    let maxBody = (target.width + 2) * (target.height + 2) * 4
    var head = [UInt8](repeating: 0, count: DecodeWorkerMessage.replyHeaderSize)
    switch receive(into: &head, deadline: deadline) {
    case .done: break
    case .closed: return lost(name)
    case .timedOut: return timedOut(name)
    }
    guard let header = DecodeWorkerMessage.decodeReplyHeader(head, maxBody: maxBody) else {
      terminate()
      return .lost(ImageError("decoder sent a malformed reply for \(name)"))
    }
    // A bitmap's pixels straight into its own buffer, then its note (no second copy of
    // the pixels).
    var body = [UInt8](repeating: 0, count: header.bodySize - header.noteLength)
    var note = [UInt8](repeating: 0, count: header.noteLength)
    var transfer = receive(into: &body, deadline: deadline)
    if transfer == .done && !note.isEmpty { transfer = receive(into: &note, deadline: deadline) }
    switch transfer {
    case .done: break
    case .closed: return lost(name)
    case .timedOut: return timedOut(name)
    }
    if header.isBitmap {
      var bitmap = Bitmap(width: header.first, height: header.second, pixels: body)
      if !note.isEmpty {
        bitmap.damage = ImageError.oneLine(String(decoding: note, as: UTF8.self)).reason
      }
      return .answered(.success(bitmap), isLast: header.isLast)
    }
    let message = String(decoding: body, as: UTF8.self)
    return .answered(.failure(ImageError.oneLine(message)), isLast: header.isLast)
  }

  /// Kills the worker (if it still runs), reaps it and closes the socket. Idempotent. Also
  /// for a worker that said its reply was its last: a worker taken over by a hostile file
  /// could say so and live on, and waiting for it would hang the caller.
  func terminate() {
    guard !reaped else { return }
    reaped = true
    close(channel)
    kill(pid, SIGKILL)
    _ = waitStatus()
  }

  deinit { terminate() }

  enum Transfer { case done, closed, timedOut }

  func send(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      // MSG_NOSIGNAL: a dead worker makes this fail with EPIPE instead of killing the
      // browser with SIGPIPE.
      let n = bytes[offset...].withUnsafeBytes {
        Glibc.send(channel, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if n < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return false
      }
      offset += n
    }
    return true
  }

  func receive(into buffer: inout [UInt8], deadline: DispatchTime) -> Transfer {
    var offset = 0
    let count = buffer.count
    while offset < count {
      let now = DispatchTime.now().uptimeNanoseconds
      let end = deadline.uptimeNanoseconds
      if now >= end { return .timedOut }
      let milliseconds = Int32(min((end - now) / 1_000_000 + 1, UInt64(Int32.max)))
      var fd = pollfd(fd: channel, events: Int16(POLLIN), revents: 0)
      let ready = poll(&fd, 1, milliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        return .closed
      }
      if ready == 0 { continue }
      let n = buffer.withUnsafeMutableBytes {
        recv(channel, $0.baseAddress! + offset, count - offset, Int32(MSG_DONTWAIT))
      }
      if n == 0 { return .closed }
      if n < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return .closed
      }
      offset += n
    }
    return .done
  }

  /// The worker closed its end or could not be written to: it died (or is dying). Its exit
  /// status says how.
  func lost(_ name: String) -> Outcome {
    reaped = true
    close(channel)
    // By the time its socket reads as closed, a crashed worker's status is fixed (the
    // kernel closes descriptors after deciding the signal), so SIGKILL changes nothing for
    // it; it only ends a worker that closed its output and lives on.
    kill(pid, SIGKILL)
    let status = waitStatus()
    let signal = status & 0x7F
    if signal != 0 && signal != 0x7F {
      return .lost(ImageError("decoder crashed on \(name) (signal \(signal))"))
    }
    return .lost(ImageError("decoder exited on \(name) (status \((status >> 8) & 0xFF))"))
  }

  private func timedOut(_ name: String) -> Outcome {
    terminate()
    return .lost(ImageError("decoder timed out on \(name)"))
  }

  private func waitStatus() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return 0 }
    }
    return status
  }

  private static func text(_ error: Int32) -> String {
    String(cString: strerror(error))
  }
}

import CProcessSandbox
@_spi(Decoders) import Decoders
import Foundation
import Pixels

/// The decode worker's life: enter the sandbox, then read a request, decode, reply, until
/// standard input closes or half the CPU-time limit is used.
public enum DecodeWorkerLoop {
  /// The worker's life, for `lightbox decode-worker`: loads `kind`'s libraries, enters the
  /// sandbox with `limits`, serves requests; never returns. `forked` says the worker is a
  /// fork of its command (`DecodeWorkerHost.forkWorker`), for the test hooks.
  public static func run(
    limits: DecodeWorkerSandbox.Limits, kind: DecodeWorkerKind, forked: Bool = false
  ) -> Never {
    // FFmpeg and libheif are not linked (the browser would load them on every start); the
    // kind's are loaded here, where the loader's and their initializers' system calls are
    // still allowed. A missing library fails each of its files alone, with the reason. First
    // of all: a forked worker's load is what its command waits for.
    kind.preload()
    if forked { lb_sandbox_restore_affinity() }
    // Read before the sandbox: the environment is all the worker needs from outside.
    let hooks = DecodeWorkerTestHooks(
      environment: ProcessInfo.processInfo.environment, forked: forked)
    // A worker that cannot sandbox itself (a kernel without seccomp filters, a container
    // that forbids them) decodes nothing: each file fails with the reason, so the user sees
    // why instead of a bare exit status. Fail closed: the decoders never run unconfined.
    let refusal = DecodeWorkerSandbox.enter(limits: limits).map {
      ImageError("decoder sandbox unavailable (\($0))")
    }
    let retireAt = UInt64(limits.cpuSeconds) * 500
    while let incoming = readIncoming() {
      let request: DecodeWorkerMessage.Request
      switch incoming {
      case .decode(let decode): request = decode
      case .play(let play):
        stream(play, failure: refusal ?? hooks.run(path: play.path))
        continue
      }
      let result =
        refusal.map { .failure($0) } ?? hooks.run(path: request.path).map { .failure($0) }
        ?? ImageDecoder.decode(path: request.path, options: request.options)
      let isLast = lb_sandbox_cpu_milliseconds() >= retireAt
      reply(result, isLast: isLast)
      if isLast { break }
    }
    _exit(0)
  }

  /// What the parent asks: one picture, or a clip's frames.
  private enum Incoming {
    case decode(DecodeWorkerMessage.Request)
    case play(DecodeWorkerMessage.PlayRequest)
  }

  /// The next request, or nil when the input closed (the parent is done) or is garbage.
  private static func readIncoming() -> Incoming? {
    guard let head = readExactly(8) else { return nil }
    if let length = DecodeWorkerMessage.payloadLength(ofPlayHead: head) {
      return readExactly(length).flatMap(DecodeWorkerMessage.decodePlayRequest).map {
        .play($0)
      }
    }
    guard let length = DecodeWorkerMessage.payloadLength(ofRequestHead: head),
      let payload = readExactly(length)
    else { return nil }
    return DecodeWorkerMessage.decodeRequest(payload: payload).map { .decode($0) }
  }

  /// Writes the clip's frames as fast as the parent reads them (a full socket blocks the
  /// worker: that is the flow control), then the end reply or an error.
  private static func stream(_ request: DecodeWorkerMessage.PlayRequest, failure: ImageError?) {
    if let failure { return reply(.failure(failure), isLast: false) }
    let opened = FrameReaders.open(
      path: request.path, options: request.options,
      start: Double(request.startMilliseconds) / 1000, loops: request.loops)
    guard case .success(let reader) = opened else {
      if case .failure(let error) = opened { reply(.failure(error), isLast: false) }
      return
    }
    while true {
      switch reader.next() {
      case .success(let frame?):
        let bitmap = frame.bitmap
        writeAll(
          DecodeWorkerMessage.frameHead(
            width: bitmap.width, height: bitmap.height,
            microseconds: Int((frame.seconds * 1_000_000).rounded())))
        writeAll(bitmap.pixels)
      case .success(nil):
        return writeAll(DecodeWorkerMessage.endReply)
      case .failure(let error):
        return reply(.failure(error), isLast: false)
      }
    }
  }

  private static func reply(_ result: Result<Bitmap, ImageError>, isLast: Bool) {
    switch result {
    case .success(let bitmap):
      // Why the file decoded only in part goes with the pixels, so a worker's picture says
      // what an in-process one says.
      let note = Array((bitmap.damage ?? "").utf8.prefix(DecodeWorkerMessage.maxNote))
      let header = DecodeWorkerMessage.ReplyHeader(
        isBitmap: true, isLast: isLast, first: bitmap.width, second: bitmap.height,
        noteLength: note.count)
      writeAll(DecodeWorkerMessage.encode(header))
      writeAll(bitmap.pixels)
      if !note.isEmpty { writeAll(note) }
    case .failure(let error):
      let message = Array(error.reason.utf8.prefix(1024))
      let header = DecodeWorkerMessage.ReplyHeader(
        isBitmap: false, isLast: isLast, first: message.count, second: 0)
      writeAll(DecodeWorkerMessage.encode(header) + message)
    }
  }

  private static func readExactly(_ count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    var offset = 0
    while offset < count {
      let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress! + offset, count - offset) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { return nil }
      offset += n
    }
    return buffer
  }

  /// Writes everything to standard output; a parent that went away ends the worker.
  private static func writeAll(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { _exit(0) }
      offset += n
    }
  }
}

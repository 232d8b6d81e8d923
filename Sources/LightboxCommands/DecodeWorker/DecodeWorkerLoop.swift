import CProcessSandbox
import Foundation
import Imaging

/// The decode worker's life: enter the sandbox, then read a request, decode, reply, until
/// standard input closes or half the CPU-time limit is used.
enum DecodeWorkerLoop {
  static func run(limits: DecodeWorkerSandbox.Limits) -> Never {
    // Read before the sandbox: the environment is all the worker needs from outside.
    let hooks = DecodeWorkerTestHooks(environment: ProcessInfo.processInfo.environment)
    // A worker that cannot sandbox itself (a kernel without seccomp filters, a container
    // that forbids them) decodes nothing: each file fails with the reason, so the user sees
    // why instead of a bare exit status. Fail closed: the decoders never run unconfined.
    let refusal = DecodeWorkerSandbox.enter(limits: limits).map {
      ImageError("decoder sandbox unavailable (\($0))")
    }
    let retireAt = UInt64(limits.cpuSeconds) * 500
    while let request = readRequest() {
      let result =
        refusal.map { .failure($0) } ?? hooks.run(path: request.path).map { .failure($0) }
        ?? ImageDecoder.decode(path: request.path, options: request.options)
      let isLast = lb_sandbox_cpu_milliseconds() >= retireAt
      reply(result, isLast: isLast)
      if isLast { break }
    }
    _exit(0)
  }

  /// The next request, or nil when the input closed (the parent is done) or is garbage.
  private static func readRequest() -> DecodeWorkerMessage.Request? {
    guard let head = readExactly(8),
      let length = DecodeWorkerMessage.payloadLength(ofRequestHead: head),
      let payload = readExactly(length)
    else { return nil }
    return DecodeWorkerMessage.decodeRequest(payload: payload)
  }

  private static func reply(_ result: Result<Bitmap, ImageError>, isLast: Bool) {
    switch result {
    case .success(let bitmap):
      let header = DecodeWorkerMessage.ReplyHeader(
        isBitmap: true, isLast: isLast, first: bitmap.width, second: bitmap.height)
      writeAll(DecodeWorkerMessage.encode(header))
      writeAll(bitmap.pixels)
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

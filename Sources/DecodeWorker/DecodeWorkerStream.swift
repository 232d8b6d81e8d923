import Pixels
import Decoders
import Foundation

/// A clip's frames streamed by a decode worker of its own: the worker decodes ahead as far
/// as the socket holds (a full socket blocks it), and closing the stream kills it.
///
/// The worker is started like the host's others (same sandbox) but with a CPU-time limit
/// for a long clip, and it is never returned to the pool: a stream ends with its worker.
public final class DecodeWorkerStream: FrameSource {
  private var worker: DecodeWorkerProcess?
  /// The worker's pid until it is reaped, for `interrupt` on another thread.
  private var livePID: pid_t?
  private let pidLock = NSLock()
  private let name: String
  private let maxPixels: Int
  private let frameDeadline: DispatchTimeInterval

  init(
    worker: DecodeWorkerProcess, name: String, maxPixels: Int,
    frameDeadline: DispatchTimeInterval
  ) {
    self.worker = worker
    self.livePID = worker.pid
    self.name = name
    self.maxPixels = maxPixels
    self.frameDeadline = frameDeadline
  }

  deinit { close() }

  public func nextFrame() -> FrameEvent {
    guard let worker else { return .end }
    let deadline = DispatchTime.now() + frameDeadline
    var head = [UInt8](repeating: 0, count: DecodeWorkerMessage.replyHeaderSize)
    if let failure = receive(&head, from: worker, deadline: deadline) { return failure }
    guard let reply = DecodeWorkerMessage.decodeStreamReply(head, maxPixels: maxPixels) else {
      close()
      return .failed(ImageError("decoder sent a malformed reply for \(name)"))
    }
    switch reply {
    case .frame(let width, let height):
      // The frame's time, then its pixels straight into the bitmap's own buffer (a frame is
      // megabytes, read 30 times a second: no second copy).
      var time = [UInt8](repeating: 0, count: 8)
      if let failure = receive(&time, from: worker, deadline: deadline) { return failure }
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      if let failure = receive(&pixels, from: worker, deadline: deadline) { return failure }
      var micros: UInt64 = 0
      for i in 0..<8 { micros |= UInt64(time[i]) << (8 * UInt64(i)) }
      let bitmap = Bitmap(width: width, height: height, pixels: pixels)
      return .frame(bitmap, seconds: Double(min(micros, 1 << 53)) / 1_000_000)
    case .end:
      close()
      return .end
    case .error(let length):
      var message = [UInt8](repeating: 0, count: length)
      if let failure = receive(&message, from: worker, deadline: deadline) { return failure }
      close()
      return .failed(ImageError.oneLine(String(decoding: message, as: UTF8.self)))
    }
  }

  public func close() {
    pidLock.withLock { livePID = nil }
    worker?.terminate()
    worker = nil
  }

  public func interrupt() {
    // Under the lock: the pid is not reaped (and so not reused) while it is set.
    pidLock.withLock {
      if let livePID { kill(livePID, SIGKILL) }
    }
  }

  /// Reads `buffer` in full, or the failure that ended the stream.
  private func receive(
    _ buffer: inout [UInt8], from worker: DecodeWorkerProcess, deadline: DispatchTime
  ) -> FrameEvent? {
    switch worker.receive(into: &buffer, deadline: deadline) {
    case .done:
      return nil
    case .closed:
      pidLock.withLock { livePID = nil }
      self.worker = nil
      if case .lost(let error) = worker.lost(name) { return .failed(error) }
      return .failed(ImageError("decoder exited on \(name)"))
    case .timedOut:
      close()
      return .failed(ImageError("decoder timed out on \(name)"))
    }
  }
}

extension DecodeWorkerHost {
  /// CPU seconds a streaming worker may use: hours of a clip (decoding 1080p H.264 takes
  /// about a third of a core), not the two minutes a picture worker gets.
  static let streamCPUSeconds = 6 * 3600

  /// Starts a worker of its own that streams the frames `request` asks for.
  public func stream(_ request: DecodeWorkerMessage.PlayRequest) -> Result<
    DecodeWorkerStream, ImageError
  > {
    let name = String(request.path.split(separator: "/").last ?? Substring(request.path))
    let executable = configuration.executable
    // Clips are FFmpeg's (and libwebp's, which is linked): a video worker.
    let arguments =
      configuration.arguments + [
        "--cpu-seconds", "\(Self.streamCPUSeconds)", "--kind", DecodeWorkerKind.videos.rawValue,
      ]
    let environment = self.environment
    let spawned = spawner.run {
      DecodeWorkerProcess.spawn(
        executable: executable, arguments: arguments, environment: environment)
    }
    return spawned.flatMap { worker in
      guard worker.send(DecodeWorkerMessage.encode(request)) else {
        if case .lost(let error) = worker.lost(name) { return .failure(error) }
        return .failure(ImageError("decoder exited on \(name)"))
      }
      let target = request.options.target
      return .success(
        DecodeWorkerStream(
          worker: worker, name: name, maxPixels: (target.width + 2) * (target.height + 2),
          frameDeadline: configuration.deadline))
    }
  }
}

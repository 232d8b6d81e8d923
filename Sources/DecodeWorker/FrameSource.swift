@_spi(Decoders) import Decoders
import Pixels

/// Where a player gets a clip's frames: a sandboxed decode worker streaming them
/// (`DecodeWorkerStream`) or, without a worker host, a reader in process.
public protocol FrameSource: AnyObject {
  /// The next frame (blocking until it is decoded), the end, or why there is none.
  func nextFrame() -> FrameEvent
  /// Stops the stream at once (a worker is killed); later calls give `.end`.
  func close()
  /// From another thread: makes a `nextFrame()` blocked in a worker's decode return soon
  /// (with a failure) by killing the worker. The reading thread still calls `close()`.
  func interrupt()
}

/// What a frame source gives.
public enum FrameEvent {
  /// A frame, upright and fitted to the asked box, and when it is shown (seconds from the
  /// clip's start; an animated image's keep counting through its loops).
  case frame(Bitmap, seconds: Double)
  /// No more frames.
  case end
  /// The clip cannot be played (one line).
  case failed(ImageError)
}

/// Frames decoded in this process (no worker host: library users and unit tests).
final class InProcessFrameSource: FrameSource {
  private var reader: (any FrameReading)?

  init(reader: any FrameReading) { self.reader = reader }

  func nextFrame() -> FrameEvent {
    guard let reader else { return .end }
    switch reader.next() {
    case .success(let frame?): return .frame(frame.bitmap, seconds: frame.seconds)
    case .success(nil): return .end
    case .failure(let error): return .failed(error)
    }
  }

  func close() { reader = nil }

  /// Nothing to do: a frame decoded in process takes milliseconds.
  func interrupt() {}
}

extension PhotoDecoder {
  /// A source of the frames of the video or animated image at `path`, fitted into
  /// `options.target`, from `start` seconds: streamed by a worker of its own when there is
  /// a host (the decoders are the riskiest code Lightbox links), else read in process.
  public func frames(path: String, options: DecodeOptions, start: Double, loops: Bool)
    -> Result<any FrameSource, ImageError>
  {
    if let host {
      let request = DecodeWorkerMessage.PlayRequest(
        path: path, options: options, startMilliseconds: Int((start * 1000).rounded()),
        loops: loops)
      return host.stream(request).map { $0 }
    }
    return FrameReaders.open(path: path, options: options, start: start, loops: loops).map {
      InProcessFrameSource(reader: $0)
    }
  }
}

import Foundation
import Pixels
import Decoders
import DecodeWorker
import PhotoModel
import PhotoStore
import TerminalGraphics

/// Plays one clip at a time in the detail view: frames from a `FrameSource` (a sandboxed
/// worker in the app), enlarged like the still, encoded for the terminal, put in the
/// picture cache and announced to the store at the clip's own pace.
///
/// Late frames are dropped before they are encoded, so a slow terminal or a busy machine
/// makes playback skip, never lag behind. A new stream replaces the running one; stopping
/// kills the worker, so a frame being decoded does not delay it.
public final class ClipPlayer: @unchecked Sendable {
  // @unchecked: `current` and each session's `paused`/`stopped` are guarded by `condition`.
  private let condition = NSCondition()
  private var current: Session?
  private let send: @Sendable (Action) -> Void
  private let cache: PictureCache
  private let format: PictureFormat
  private let background: RGB
  private let upscale: Bool
  private let decoder: PhotoDecoder

  /// Frames kept in the cache behind the newest: the main thread may still be drawing the
  /// one before.
  static let framesKept = 3

  /// A player that puts frames in `cache` and tells `send` (the app's inbox; a benchmark's
  /// counter) about them.
  public init(
    cache: PictureCache, format: PictureFormat, background: RGB, upscale: Bool,
    decoder: PhotoDecoder, send: @escaping @Sendable (Action) -> Void
  ) {
    self.send = send
    self.cache = cache
    self.format = format
    self.background = background
    self.upscale = upscale
    self.decoder = decoder
  }

  /// One stream and its controls.
  private final class Session: @unchecked Sendable {
    let request: PlaybackRequest
    var paused: Bool
    var stopped = false
    /// The source, once open, so `stop` can interrupt a blocked read.
    var source: (any FrameSource)?

    init(_ request: PlaybackRequest) {
      self.request = request
      paused = request.paused
    }
  }

  /// Starts streaming `request`, stopping any stream before it.
  public func start(_ request: PlaybackRequest) {
    let session = Session(request)
    condition.lock()
    if let old = current { halt(old) }
    current = session
    condition.unlock()
    let thread = Thread { [self] in run(session) }
    thread.name = "lightbox-playback"
    thread.start()
  }

  /// Stops the stream `token` (if it is still the one running).
  public func stop(token: Int) {
    condition.lock()
    defer { condition.unlock() }
    guard let session = current, session.request.token == token else { return }
    halt(session)
    current = nil
  }

  /// Stops whatever plays (the session ends).
  public func stopAll() {
    condition.lock()
    defer { condition.unlock() }
    if let session = current { halt(session) }
    current = nil
  }

  public func setPaused(token: Int, paused: Bool) {
    condition.lock()
    defer { condition.unlock() }
    guard let session = current, session.request.token == token else { return }
    session.paused = paused
    condition.broadcast()
  }

  /// Marks `session` stopped and interrupts its source. Called with `condition` held.
  private func halt(_ session: Session) {
    session.stopped = true
    session.source?.interrupt()
    condition.broadcast()
  }

  private func run(_ session: Session) {
    let request = session.request
    let options = DecodeOptions(
      target: request.key.size, mode: .fit, quality: .fast, background: background)
    let opened = decoder.frames(
      path: request.path, options: options, start: Double(request.startMilliseconds) / 1000,
      loops: request.loops)
    let source: any FrameSource
    switch opened {
    case .success(let found): source = found
    case .failure(let error):
      post(.playbackFailed(token: request.token, reason: error.reason), unless: session)
      return
    }
    condition.lock()
    session.source = source
    let stoppedEarly = session.stopped
    condition.unlock()
    defer { source.close() }
    if stoppedEarly { return }
    var clock = PlaybackClock()
    var number = 0
    // Frame numbers are unique across streams: a stopped stream's last frame, inserted just
    // as it was stopped, can never replace or evict a frame of the stream after it.
    let base = request.token << 24
    while true {
      let event = source.nextFrame()
      guard case .frame(let bitmap, let seconds) = event else {
        if case .failed(let error) = event {
          post(.playbackFailed(token: request.token, reason: error.reason), unless: session)
        } else {
          post(.playbackEnded(token: request.token), unless: session)
        }
        return
      }
      // A stream's first frame is always shown; after it, a frame already late by more than
      // its slack is skipped without being encoded (a resume moves the clock on, so the
      // frame after a pause is not late).
      if !clock.isLate(seconds, now: .now()) || number == 0 {
        let shown = upscale ? Upscale.apply(to: bitmap, in: request.key.size) : bitmap
        // The session's format now (the probe's answers may have changed it).
        let format = cache.format ?? format
        guard case .success(let picture) = format.picture(of: shown) else { continue }
        guard waitUntilDue(seconds, clock: &clock, session: session) else { return }
        var key = request.key
        key.frame = base + number
        // Made in a format that was just replaced: the next frame comes in the new one.
        guard cache.insert(picture, for: key, madeIn: format) else { continue }
        key.frame = base + number - Self.framesKept
        cache.remove(key)
        let milliseconds = Int((seconds * 1000).rounded())
        post(
          .playbackFrame(token: request.token, frame: base + number, milliseconds: milliseconds),
          unless: session)
        number += 1
      } else {
        clock.dropped += 1
      }
      if clock.shouldReportDrops() {
        LightboxLog.logger("playback").info(
          "\(request.path): \(clock.dropped) of \(clock.dropped + number) frames dropped")
      }
    }
  }

  /// Waits until the frame at `seconds` is due, through pauses (the clock stops with them);
  /// false when the session was stopped meanwhile.
  private func waitUntilDue(_ seconds: Double, clock: inout PlaybackClock, session: Session)
    -> Bool
  {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if session.stopped { return false }
      if session.paused {
        // The first frame of a paused start is shown; then nothing moves until resumed.
        if clock.hasStarted {
          clock.pause(now: .now())
          condition.wait()
          continue
        }
      }
      clock.resume(now: .now())
      let due = clock.due(seconds)
      if DispatchTime.now() >= due { return true }
      let wait = Double(due.uptimeNanoseconds - DispatchTime.now().uptimeNanoseconds) / 1e9
      _ = condition.wait(until: Date(timeIntervalSinceNow: wait))
    }
  }

  private func post(_ action: DetailAction, unless session: Session) {
    condition.lock()
    let stopped = session.stopped
    condition.unlock()
    if !stopped { send(.detail(action)) }
  }
}

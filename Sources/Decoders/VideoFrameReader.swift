import Pixels
import CFFmpeg
import PhotoModel

/// A video's (or an animated GIF's) frames one after another through FFmpeg, each scaled to
/// fit a box and turned upright: what playback in the detail view shows.
///
/// Opened at a start time (a seek to the keyframe before it, then the frames before it
/// decoded and dropped, so ←/→ land where asked). Animated images loop: at their end the
/// reader starts again, with timestamps that keep counting. Used by one thread at a time;
/// in the app it runs in the decode worker (`DecodeWorkerLoop`), like the poster frames.
@_spi(Decoders) public final class VideoFrameReader {
  /// One decoded frame and when it is shown, in seconds from the start of the clip.
  public struct Frame: Sendable {
    public var bitmap: Bitmap
    public var seconds: Double
  }

  /// The clip's length in seconds, when the container says.
  public let duration: Double?

  private let path: String
  private let options: DecodeOptions
  private let loops: Bool
  private var format: UnsafeMutablePointer<AVFormatContext>?
  private var decoder: UnsafeMutablePointer<AVCodecContext>?
  private let packet: UnsafeMutablePointer<AVPacket>?
  private let frame: UnsafeMutablePointer<AVFrame>?
  private var index: Int32 = 0
  private var timeBase = 0.0
  private var startPTS: Int64 = 0
  private var rotation = 0
  /// The time between frames when a stream does not say (a tenth of a second: GIF's most
  /// common delay).
  private var frameGap = 0.1
  /// Frames before this (seconds) are decoded and dropped: the seek lands on a keyframe.
  private var skipUntil = 0.0
  /// Seconds added to timestamps after each loop of an animated image.
  private var loopOffset = 0.0
  private var lastSeconds = 0.0
  private var draining = false
  /// Frames returned so far, and decoded in this pass: a file that ends before its first
  /// decoded frame is broken.
  private var framesGiven = 0
  private var decodedInPass = 0
  private var ended = false

  /// Opens the file at `path` for frames fitted into `options.target`, from `start`
  /// seconds; `loops` starts again at the end (animated GIFs).
  public static func open(path: String, options: DecodeOptions, start: Double, loops: Bool)
    -> Result<VideoFrameReader, ImageError>
  {
    openParts(path: path, options: options).map {
      let reader = VideoFrameReader(path: path, parts: $0, options: options, loops: loops)
      if start > 0 { reader.seek(to: start) }
      return reader
    }
  }

  /// The demuxer and decoder of one opening of the file.
  private struct Parts {
    var format: UnsafeMutablePointer<AVFormatContext>
    var decoder: UnsafeMutablePointer<AVCodecContext>
    var stream: UnsafeMutablePointer<AVStream>
  }

  private static func openParts(path: String, options: DecodeOptions) -> Result<
    Parts, ImageError
  > {
    let format: UnsafeMutablePointer<AVFormatContext>
    switch VideoPosterDecoder.openInput(path) {
    case .success(let opened): format = opened
    case .failure(let error): return .failure(error)
    }
    var opened: UnsafeMutablePointer<AVFormatContext>? = format
    var decoderPointer: UnsafeMutablePointer<AVCodecContext>?
    let made = makeDecoder(format, options: options, into: &decoderPointer)
    guard case .success(let stream) = made, let decoder = decoderPointer else {
      FFmpeg.functions.avcodec_free_context(&decoderPointer)
      FFmpeg.functions.avformat_close_input(&opened)
      if case .failure(let error) = made { return .failure(error) }
      return .failure(ImageError("out of memory"))
    }
    return .success(Parts(format: format, decoder: decoder, stream: stream))
  }

  /// Finds the video stream and opens its decoder into `decoder` (which the caller frees,
  /// whatever happens).
  private static func makeDecoder(
    _ format: UnsafeMutablePointer<AVFormatContext>, options: DecodeOptions,
    into decoderPointer: inout UnsafeMutablePointer<AVCodecContext>?
  ) -> Result<UnsafeMutablePointer<AVStream>, ImageError> {
    let found = FFmpeg.functions.avformat_find_stream_info(format, nil)
    guard found >= 0 else {
      return .failure(ImageError("broken video header (\(VideoPosterDecoder.message(found)))"))
    }
    return VideoPosterDecoder.bestStream(format).flatMap { stream, codec in
      let parameters = stream.pointee.codecpar!
      let coded = PixelSize(
        width: Int(parameters.pointee.width), height: Int(parameters.pointee.height))
      guard !coded.isEmpty, coded.area <= options.maxPixels else {
        return .failure(
          ImageError(
            coded.isEmpty
              ? "broken video header (no frame size)"
              : "video too large (\(coded), limit \(options.maxPixelsText))"))
      }
      guard let decoder = FFmpeg.functions.avcodec_alloc_context3(codec) else {
        return .failure(ImageError("out of memory"))
      }
      decoderPointer = decoder
      guard FFmpeg.functions.avcodec_parameters_to_context(decoder, parameters) >= 0 else {
        return .failure(ImageError("broken video header (codec parameters)"))
      }
      // Frame threads on both cores: playback wants throughput, and a frame or two of
      // latency is nothing next to the terminal's.
      decoder.pointee.thread_count = 2
      decoder.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
      decoder.pointee.lowres = VideoPosterDecoder.lowres(
        codec: codec, coded: coded, target: options.target)
      let codecOpened = FFmpeg.functions.avcodec_open2(decoder, codec, nil)
      guard codecOpened >= 0 else {
        return .failure(
          ImageError("cannot decode video (\(VideoPosterDecoder.message(codecOpened)))"))
      }
      return .success(stream)
    }
  }

  private init(path: String, parts: Parts, options: DecodeOptions, loops: Bool) {
    self.path = path
    self.options = options
    self.loops = loops
    packet = FFmpeg.functions.av_packet_alloc()
    frame = FFmpeg.functions.av_frame_alloc()
    let total = parts.format.pointee.duration
    duration =
      total == lightbox_av_nopts_value() || total <= 0
      ? nil : Double(total) / Double(lightbox_av_time_base())
    adopt(parts)
  }

  /// Takes the demuxer and decoder of an opening (the first, or the next loop's).
  private func adopt(_ parts: Parts) {
    format = parts.format
    decoder = parts.decoder
    let stream = parts.stream
    index = stream.pointee.index
    let base = stream.pointee.time_base
    timeBase = base.num > 0 && base.den > 0 ? Double(base.num) / Double(base.den) : 0
    startPTS =
      stream.pointee.start_time == lightbox_av_nopts_value() ? 0 : stream.pointee.start_time
    rotation = VideoPosterDecoder.rotationDegrees(stream)
    let rate = stream.pointee.avg_frame_rate
    frameGap = rate.num > 0 && rate.den > 0 ? Double(rate.den) / Double(rate.num) : 0.1
    draining = false
    skipUntil = 0
    lastSeconds = 0
    decodedInPass = 0
  }

  /// Frees the demuxer and decoder.
  private func closeParts() {
    FFmpeg.functions.avcodec_free_context(&decoder)
    FFmpeg.functions.avformat_close_input(&format)
  }

  deinit {
    var packetPointer = packet
    FFmpeg.functions.av_packet_free(&packetPointer)
    if let frame { VideoPosterDecoder.free(frame) }
    closeParts()
  }

  /// The next frame, nil at the end of a clip that does not loop, or why none came.
  public func next() -> Result<Frame?, ImageError> {
    guard let packet, let frame else { return .failure(ImageError("out of memory")) }
    guard !ended else { return .success(nil) }
    var lastError: Int32 = 0
    var packets = 0
    while true {
      guard let format, let decoder else { return .success(nil) }
      let received = FFmpeg.functions.avcodec_receive_frame(decoder, frame)
      if received >= 0 {
        defer { FFmpeg.functions.av_frame_unref(frame) }
        let seconds = timestamp(frame)
        lastSeconds = seconds
        decodedInPass += 1
        if seconds + 0.001 < skipUntil { continue }
        framesGiven += 1
        return VideoPosterDecoder.scale(frame, rotation: rotation, options: options).map {
          var bitmap = $0
          // GIF frames may be transparent: on the view's background, as the still is.
          PNGDecoder.composite(&bitmap.pixels, on: options.background)
          return Frame(bitmap: bitmap, seconds: seconds + loopOffset)
        }
      }
      if received == lightbox_averror_eof() {
        if framesGiven == 0 && decodedInPass == 0 {
          ended = true
          return .failure(
            ImageError(
              "no video frame could be decoded"
                + (lastError == 0 ? "" : " (\(VideoPosterDecoder.message(lastError)))")))
        }
        guard loops, lastSeconds > 0 else {
          ended = true
          return .success(nil)
        }
        // An animated image: round again, later by one pass (a start past the first pass
        // lands in a later one). GIF's demuxer cannot seek back: the file is opened again.
        let pass = lastSeconds + frameGap
        loopOffset += pass
        let skipping = max(0, skipUntil - pass)
        closeParts()
        switch Self.openParts(path: path, options: options) {
        case .success(let parts): adopt(parts)
        case .failure(let error): return .failure(error)
        }
        skipUntil = skipping
        continue
      }
      if received != lightbox_averror_eagain() { lastError = received }
      if draining { continue }
      let read = FFmpeg.functions.av_read_frame(format, packet)
      if read < 0 {
        draining = true
        _ = FFmpeg.functions.avcodec_send_packet(decoder, nil)
        continue
      }
      defer { FFmpeg.functions.av_packet_unref(packet) }
      guard packet.pointee.stream_index == index else { continue }
      packets += 1
      if packets > VideoPosterDecoder.maxPackets {
        return .failure(
          ImageError(
            "no video frame in \(VideoPosterDecoder.maxPackets) packets"
              + (lastError == 0 ? "" : " (\(VideoPosterDecoder.message(lastError)))")))
      }
      let sent = FFmpeg.functions.avcodec_send_packet(decoder, packet)
      if sent < 0 && sent != lightbox_averror_eagain() { lastError = sent }
    }
  }

  /// A frame's time in seconds from the start of the stream.
  private func timestamp(_ frame: UnsafeMutablePointer<AVFrame>) -> Double {
    var pts = frame.pointee.best_effort_timestamp
    if pts == lightbox_av_nopts_value() { pts = frame.pointee.pts }
    guard pts != lightbox_av_nopts_value() else { return lastSeconds + frameGap }
    return max(0, Double(pts - startPTS) * timeBase)
  }

  /// Seeks to the keyframe at or before `seconds`; the frames up to it are dropped by
  /// `next()`.
  private func seek(to seconds: Double) {
    guard let format, timeBase > 0 else { return }
    let target = startPTS + Int64(seconds / timeBase)
    // Backwards to the keyframe before it (or, when the seek fails, from where the
    // demuxer is): the frames before `seconds` are decoded and dropped.
    _ = FFmpeg.functions.av_seek_frame(format, index, target, AVSEEK_FLAG_BACKWARD)
    skipUntil = seconds
    if let decoder { FFmpeg.functions.avcodec_flush_buffers(decoder) }
  }
}

import Pixels
import CFFmpeg
import PhotoModel

/// A video's poster frame through FFmpeg's libraries: the first keyframe at or after one
/// second (the first frame of shorter clips, where second one may be past the end, and of
/// AVIF sequences, which are animated pictures and show their first frame like a GIF),
/// decoded with non-reference frames skipped and at a reduced resolution where the codec
/// can, scaled by swscale straight to the target size and turned by the stream's display
/// matrix.
///
/// Runs in the decode worker (`MediaFormat.decodesOutOfProcess`): demuxers and codecs are
/// the riskiest code Lightbox links.
enum VideoPosterDecoder {
  /// Where the poster frame is looked for, in seconds.
  static let posterTime = 1.0
  /// Packets read before giving up on a frame (a stream of undecodable packets ends).
  static let maxPackets = 2000

  /// The poster frame of the video at `path` (its first frame when `fromStart`), fitted
  /// to `options.target` and upright.
  static func decode(path: String, options: DecodeOptions, fromStart: Bool = false) -> Result<
    Bitmap, ImageError
  > {
    openInput(path).flatMap { format in
      var opened: UnsafeMutablePointer<AVFormatContext>? = format
      defer { FFmpeg.functions.avformat_close_input(&opened) }
      return decodeOpened(format, options: options, fromStart: fromStart)
    }
  }

  /// The demuxer opened on `path` (closed by the caller with `avformat_close_input`).
  static func openInput(_ path: String) -> Result<UnsafeMutablePointer<AVFormatContext>, ImageError>
  {
    if let error = FFmpeg.library.failure { return .failure(error) }
    // Quiet: the worker's standard error is /dev/null anyway, and FFmpeg's logger would
    // otherwise ask whether it is a terminal (an ioctl the sandbox refuses).
    FFmpeg.functions.av_log_set_level(AV_LOG_QUIET)
    guard let format = FFmpeg.functions.avformat_alloc_context() else {
      return .failure(ImageError("out of memory"))
    }
    // A bounded probe: a hostile file cannot make the demuxer read gigabytes to guess.
    format.pointee.probesize = 4 << 20
    format.pointee.max_analyze_duration = 5 * Int64(lightbox_av_time_base())
    var opened: UnsafeMutablePointer<AVFormatContext>? = format
    let openStatus = FFmpeg.functions.avformat_open_input(&opened, path, nil, nil)
    guard openStatus >= 0, let context = opened else {
      // avformat_open_input frees the context on failure.
      return .failure(ImageError("not a readable video (\(Self.message(openStatus)))"))
    }
    return .success(context)
  }

  /// The codec's reduced-resolution decode (each step halves both sides) that still
  /// covers `target`.
  static func lowres(codec: UnsafePointer<AVCodec>, coded: PixelSize, target: PixelSize) -> Int32 {
    var lowres: Int32 = 0
    let longTarget = max(target.width, target.height)
    let longCoded = max(coded.width, coded.height)
    while lowres < Int32(codec.pointee.max_lowres), longCoded >> (lowres + 1) >= longTarget {
      lowres += 1
    }
    return lowres
  }

  private static func decodeOpened(
    _ format: UnsafeMutablePointer<AVFormatContext>, options: DecodeOptions, fromStart: Bool
  ) -> Result<Bitmap, ImageError> {
    // MP4/QuickTime and Matroska carry full codec parameters in their headers (except some
    // MPEG-4 part 2 tracks); other containers (AVI, raw streams) need a few packets looked at.
    let name = format.pointee.iformat.map { String(cString: $0.pointee.name) } ?? ""
    var probed = false
    if !name.hasPrefix("mov") && !name.hasPrefix("matroska") {
      let found = FFmpeg.functions.avformat_find_stream_info(format, nil)
      if found < 0 { return .failure(ImageError("broken video header (\(message(found)))")) }
      probed = true
    }
    var found = bestStream(format)
    if case .success(let (stream, _)) = found, !probed,
      stream.pointee.codecpar.pointee.width <= 0 || stream.pointee.codecpar.pointee.height <= 0
    {
      let status = FFmpeg.functions.avformat_find_stream_info(format, nil)
      if status < 0 { return .failure(ImageError("broken video header (\(message(status)))")) }
      found = bestStream(format)
    }
    guard case .success(let (stream, codec)) = found else {
      if case .failure(let error) = found { return .failure(error) }
      return .failure(ImageError("no video stream"))
    }
    let index = stream.pointee.index
    let parameters = stream.pointee.codecpar!
    let coded = PixelSize(
      width: Int(parameters.pointee.width), height: Int(parameters.pointee.height))
    guard !coded.isEmpty else { return .failure(ImageError("broken video header (no frame size)")) }
    if coded.area > options.maxPixels {
      return .failure(ImageError("video too large (\(coded), limit \(options.maxPixelsText))"))
    }
    guard var decoder = FFmpeg.functions.avcodec_alloc_context3(codec) else {
      return .failure(ImageError("out of memory"))
    }
    var decoderPointer: UnsafeMutablePointer<AVCodecContext>? = decoder
    defer { FFmpeg.functions.avcodec_free_context(&decoderPointer) }
    guard FFmpeg.functions.avcodec_parameters_to_context(decoder, parameters) >= 0 else {
      return .failure(ImageError("broken video header (codec parameters)"))
    }
    configure(&decoder, codec: codec, coded: coded, options: options)
    let opened = FFmpeg.functions.avcodec_open2(decoder, codec, nil)
    guard opened >= 0 else {
      return .failure(ImageError("cannot decode video (\(message(opened)))"))
    }

    if !fromStart { seekToPoster(format, stream: stream, index: index) }
    FFmpeg.functions.avcodec_flush_buffers(decoder)
    let rotation = rotationDegrees(stream)
    return firstFrame(format, decoder: decoder, index: index).flatMap { frame in
      defer { free(frame) }
      return scale(frame, rotation: rotation, options: options)
    }
  }

  static func free(_ frame: UnsafeMutablePointer<AVFrame>) {
    var owned: UnsafeMutablePointer<AVFrame>? = frame
    FFmpeg.functions.av_frame_free(&owned)
  }

  /// The video stream FFmpeg would pick and its decoder.
  static func bestStream(_ format: UnsafeMutablePointer<AVFormatContext>) -> Result<
    (UnsafeMutablePointer<AVStream>, UnsafePointer<AVCodec>), ImageError
  > {
    var codec: UnsafePointer<AVCodec>?
    let index = FFmpeg.functions.av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
    guard index >= 0, let codec, let stream = format.pointee.streams[Int(index)] else {
      return .failure(
        ImageError(
          index == lightbox_averror_decoder_not_found()
            ? "no decoder for this video's codec" : "no video stream"))
    }
    return .success((stream, codec))
  }

  /// Few threads (slice threading: frame threading would hold frames back), non-reference
  /// frames skipped, and the codec's low-resolution decode when even a halved frame covers
  /// the target.
  private static func configure(
    _ decoder: inout UnsafeMutablePointer<AVCodecContext>, codec: UnsafePointer<AVCodec>,
    coded: PixelSize, options: DecodeOptions
  ) {
    decoder.pointee.thread_count = 2
    decoder.pointee.thread_type = FF_THREAD_SLICE
    decoder.pointee.skip_frame = AVDISCARD_NONREF
    decoder.pointee.lowres = lowres(codec: codec, coded: coded, target: options.target)
  }

  /// Seeks to the first keyframe at or after `posterTime` when the clip is long enough,
  /// else (or when no keyframe follows it) stays at, or returns to, the start.
  private static func seekToPoster(
    _ format: UnsafeMutablePointer<AVFormatContext>, stream: UnsafeMutablePointer<AVStream>,
    index: Int32
  ) {
    let duration = format.pointee.duration
    guard duration != lightbox_av_nopts_value(),
      Double(duration) / Double(lightbox_av_time_base()) > 2 * posterTime
    else { return }
    let base = stream.pointee.time_base
    guard base.num > 0, base.den > 0 else { return }
    var target = Int64(posterTime * Double(base.den) / Double(base.num))
    if stream.pointee.start_time != lightbox_av_nopts_value() {
      target += stream.pointee.start_time
    }
    // Without AVSEEK_FLAG_BACKWARD the demuxer picks the first keyframe at or after it.
    if FFmpeg.functions.av_seek_frame(format, index, target, 0) < 0 {
      _ = FFmpeg.functions.av_seek_frame(format, index, Int64.min + 1, AVSEEK_FLAG_BACKWARD)
    }
  }

  /// The first frame the decoder gives for the video stream, or why there is none.
  private static func firstFrame(
    _ format: UnsafeMutablePointer<AVFormatContext>, decoder: UnsafeMutablePointer<AVCodecContext>,
    index: Int32
  ) -> Result<UnsafeMutablePointer<AVFrame>, ImageError> {
    guard let frame = FFmpeg.functions.av_frame_alloc(),
      let packet = FFmpeg.functions.av_packet_alloc()
    else {
      return .failure(ImageError("out of memory"))
    }
    var packetPointer: UnsafeMutablePointer<AVPacket>? = packet
    defer { FFmpeg.functions.av_packet_free(&packetPointer) }
    var lastError: Int32 = 0
    var packets = 0
    while packets < maxPackets {
      let read = FFmpeg.functions.av_read_frame(format, packet)
      if read < 0 {
        // End of the file (or of what can be read): drain the decoder once.
        _ = FFmpeg.functions.avcodec_send_packet(decoder, nil)
        if FFmpeg.functions.avcodec_receive_frame(decoder, frame) >= 0 { return .success(frame) }
        free(frame)
        let reason = read == lightbox_averror_eof() ? lastError : read
        return .failure(
          ImageError(
            reason == 0
              ? "no video frame could be decoded"
              : "no video frame could be decoded (\(message(reason)))"))
      }
      defer { FFmpeg.functions.av_packet_unref(packet) }
      guard packet.pointee.stream_index == index else { continue }
      packets += 1
      let sent = FFmpeg.functions.avcodec_send_packet(decoder, packet)
      if sent < 0 && sent != lightbox_averror_eagain() { lastError = sent }
      let received = FFmpeg.functions.avcodec_receive_frame(decoder, frame)
      if received >= 0 { return .success(frame) }
      if received != lightbox_averror_eagain() { lastError = received }
    }
    free(frame)
    return .failure(ImageError("no video frame in the first \(maxPackets) packets"))
  }

  /// Clockwise degrees (0, 90, 180, 270) of the stream's display matrix: FFmpeg gives the
  /// counter-clockwise angle (-90 for an iPhone's portrait video).
  static func rotationDegrees(_ stream: UnsafeMutablePointer<AVStream>) -> Int {
    var size = 0
    guard
      let data = FFmpeg.functions.av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size),
      size >= 9 * 4
    else { return 0 }
    let angle = data.withMemoryRebound(to: Int32.self, capacity: 9) {
      FFmpeg.functions.av_display_rotation_get($0)
    }
    guard angle.isFinite else { return 0 }
    let clockwise = Int((-angle / 90).rounded()) * 90
    return ((clockwise % 360) + 360) % 360
  }

  /// The frame converted to RGBA by swscale, straight at the size it is shown at, then
  /// turned upright.
  static func scale(
    _ frame: UnsafeMutablePointer<AVFrame>, rotation: Int, options: DecodeOptions
  ) -> Result<Bitmap, ImageError> {
    let source = PixelSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height))
    guard !source.isEmpty else { return .failure(ImageError("decoded video frame is empty")) }
    let pixelFormat = AVPixelFormat(rawValue: frame.pointee.format)
    let orientation: Orientation =
      switch rotation {
      case 90: .right
      case 180: .down
      case 270: .left
      default: .up
      }
    let box = orientation.swapsDimensions ? options.target.transposed : options.target
    let goal = Bitmap.fittedSize(of: source, into: box, mode: options.mode)
    // For .fill the whole frame is scaled to cover the box, then centre-cropped.
    let scaled = options.mode == .fill ? cover(source, box: goal) : goal
    let flags = options.quality == .best ? SWS_BICUBIC : SWS_BILINEAR
    guard
      let sws = FFmpeg.functions.sws_getContext(
        Int32(source.width), Int32(source.height), pixelFormat, Int32(scaled.width),
        Int32(scaled.height), AV_PIX_FMT_RGBA, flags, nil, nil, nil)
    else { return .failure(ImageError("cannot convert this video's pixel format")) }
    defer { FFmpeg.functions.sws_freeContext(sws) }
    applyColorspace(sws, frame: frame, height: source.height)
    // swscale's SIMD paths write whole vectors: rows on a 64-byte stride, with slack after
    // the last one, then copied out tight.
    let stride = (scaled.width * 4 + 63) & ~63
    var padded = [UInt8](repeating: 0, count: stride * scaled.height + 64)
    let rows = padded.withUnsafeMutableBufferPointer { buffer -> Int32 in
      var planes: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
      var strides: [Int32] = [Int32(stride), 0, 0, 0]
      return withUnsafePointer(to: &frame.pointee.data) { data in
        withUnsafePointer(to: &frame.pointee.linesize) { lines in
          data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { src in
            lines.withMemoryRebound(to: Int32.self, capacity: 8) { srcStride in
              FFmpeg.functions.sws_scale(
                sws, src, srcStride, 0, Int32(source.height), &planes, &strides)
            }
          }
        }
      }
    }
    guard rows > 0 else { return .failure(ImageError("cannot convert this video's frame")) }
    let rowBytes = scaled.width * 4
    var pixels = [UInt8](repeating: 0, count: rowBytes * scaled.height)
    for y in 0..<scaled.height {
      pixels.withUnsafeMutableBufferPointer { out in
        padded.withUnsafeBufferPointer { from in
          (out.baseAddress! + y * rowBytes).update(
            from: from.baseAddress! + y * stride, count: rowBytes)
        }
      }
    }
    var bitmap = Bitmap(width: scaled.width, height: scaled.height, pixels: pixels)
    if scaled != goal { bitmap = bitmap.fitted(into: goal, mode: .fill) }
    return .success(bitmap.applying(orientation))
  }

  /// The size of `source` scaled to cover `box` (aspect kept).
  private static func cover(_ source: PixelSize, box: PixelSize) -> PixelSize {
    if source.width * box.height > source.height * box.width {
      return PixelSize(
        width: max(box.width, source.width * box.height / source.height), height: box.height)
    }
    return PixelSize(
      width: box.width, height: max(box.height, source.height * box.width / source.width))
  }

  /// BT.709 coefficients for HD frames (tagged so, or untagged and 720 lines or more), as
  /// players do; swscale assumes BT.601 otherwise.
  private static func applyColorspace(
    _ sws: OpaquePointer, frame: UnsafeMutablePointer<AVFrame>, height: Int
  ) {
    let space = frame.pointee.colorspace
    let hd = space == AVCOL_SPC_BT709 || (space == AVCOL_SPC_UNSPECIFIED && height >= 720)
    guard hd else { return }
    let full = frame.pointee.color_range == AVCOL_RANGE_JPEG ? Int32(1) : 0
    let table = FFmpeg.functions.sws_getCoefficients(SWS_CS_ITU709)
    _ = FFmpeg.functions.sws_setColorspaceDetails(
      sws, table, full, FFmpeg.functions.sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16
    )
  }

  /// FFmpeg's text for an error code.
  static func message(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 128)
    if FFmpeg.functions.av_strerror(code, &buffer, buffer.count) < 0 { return "error \(code)" }
    let text = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // Printable ASCII only: this line reaches the status bar.
    return String(
      text.unicodeScalars.filter { $0.value >= 32 && $0.value < 127 }.map(Character.init))
  }
}

import Pixels
import CWebP
import PhotoModel

/// An animated WebP's frames one after another through libwebp's animation decoder (FFmpeg
/// 5.1 cannot decode WebP animations), each composited on its canvas, fitted into a box and
/// put on the background; the animation loops, with timestamps that keep counting.
final class WebPAnimationReader: FrameReading {
  let duration: Double? = nil
  private let bytes: [UInt8]
  private let decoder: OpaquePointer
  private let canvas: PixelSize
  private let options: DecodeOptions
  private let start: Double
  /// The end of the last frame given, in milliseconds within the current pass.
  private var passTime: Int32 = 0
  /// Milliseconds added to each pass's timestamps (the passes before it).
  private var offset = 0
  private var givenAny = false

  /// Opens the animated WebP at `path` for frames fitted into `options.target`, from
  /// `start` seconds (a later pass when the animation is shorter).
  static func open(path: String, options: DecodeOptions, start: Double) -> Result<
    WebPAnimationReader, ImageError
  > {
    ImageFile.contents(atPath: path).flatMap { bytes in
      bytes.withUnsafeBufferPointer {
        WebPDecoder.openAnimation($0.baseAddress!, $0.count, options: options)
      }.map { decoder, canvas in
        WebPAnimationReader(
          bytes: bytes, decoder: decoder, canvas: canvas, options: options, start: start)
      }
    }
  }

  private init(
    bytes: [UInt8], decoder: OpaquePointer, canvas: PixelSize, options: DecodeOptions,
    start: Double
  ) {
    // libwebp reads from `bytes` for the decoder's whole life: they are kept here. (An
    // array's storage does not move while it is neither mutated nor copied.)
    self.bytes = bytes
    self.decoder = decoder
    self.canvas = canvas
    self.options = options
    self.start = start
  }

  deinit { LibWebP.functions.WebPAnimDecoderDelete(decoder) }

  func next() -> Result<VideoFrameReader.Frame?, ImageError> {
    var skipped = 0
    while true {
      if LibWebP.functions.WebPAnimDecoderHasMoreFrames(decoder) == 0 {
        guard passTime > 0 else { return .failure(ImageError("WebP: the animation has no length")) }
        offset += Int(passTime)
        passTime = 0
        LibWebP.functions.WebPAnimDecoderReset(decoder)
      }
      var frame: UnsafeMutablePointer<UInt8>?
      var end: Int32 = 0
      guard LibWebP.functions.WebPAnimDecoderGetNext(decoder, &frame, &end) != 0, let frame else {
        return givenAny
          ? .success(nil)
          : .failure(ImageError("WebP: a frame of the animation could not be decoded"))
      }
      // The decoder gives each frame's end; it is shown from the end of the one before.
      let shownAt = Double(offset + Int(passTime)) / 1000
      passTime = max(end, passTime + 1)
      let endsAt = Double(offset + Int(passTime)) / 1000
      // Frames over before the start are skipped (composited all the same: each builds on
      // the canvas of the ones before).
      if endsAt <= start {
        skipped += 1
        if skipped > 100_000 { return .failure(ImageError("WebP: the animation does not advance")) }
        continue
      }
      givenAny = true
      var pixels = Array(UnsafeBufferPointer(start: frame, count: canvas.area * 4))
      PNGDecoder.composite(&pixels, on: options.background)
      let bitmap = Bitmap(width: canvas.width, height: canvas.height, pixels: pixels)
      let goal = Bitmap.fittedSize(of: canvas, into: options.target, mode: .fit)
      let shown = goal == canvas ? bitmap : bitmap.resized(to: goal)
      return .success(VideoFrameReader.Frame(bitmap: shown, seconds: max(shownAt, start)))
    }
  }
}

/// What reads a clip's frames for playback: FFmpeg (`VideoFrameReader`) or libwebp
/// (`WebPAnimationReader`).
@_spi(Decoders) public protocol FrameReading: AnyObject {
  /// The clip's length in seconds, when known.
  var duration: Double? { get }
  /// The next frame, nil at the end, or why none came.
  func next() -> Result<VideoFrameReader.Frame?, ImageError>
}

extension VideoFrameReader: FrameReading {}

/// Opens the right reader for a file's frames.
@_spi(Decoders) public enum FrameReaders {
  /// The frames of the video or animated image at `path`: animated WebP through libwebp,
  /// everything else through FFmpeg.
  public static func open(path: String, options: DecodeOptions, start: Double, loops: Bool)
    -> Result<any FrameReading, ImageError>
  {
    if case .success(let head) = ImageFile.prefix(atPath: path, count: 16),
      head.count >= 12, Array(head[0..<4]) == Array("RIFF".utf8),
      Array(head[8..<12]) == Array("WEBP".utf8)
    {
      return WebPAnimationReader.open(path: path, options: options, start: start).map { $0 }
    }
    return VideoFrameReader.open(path: path, options: options, start: start, loops: loops)
      .map { $0 }
  }
}

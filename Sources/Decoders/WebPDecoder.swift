import Pixels
import CWebP
import PhotoModel

/// WebP through libwebp: lossy and lossless stills decoded straight at the scaled size
/// (libwebp scales while it decodes, so a tile never holds the full picture), alpha
/// composited, and the first frame of an animation composited on its canvas.
///
/// WebP has no orientation of its own: the caller's EXIF orientation is applied after.
enum WebPDecoder {
  static func decode(_ data: [UInt8], options: DecodeOptions) -> Result<DecodedImage, ImageError> {
    data.withUnsafeBufferPointer { buffer -> Result<DecodedImage, ImageError> in
      guard let base = buffer.baseAddress else { return .failure(ImageError("empty file")) }
      if let failure = LibWebP.library.failure { return .failure(failure) }
      var features = WebPBitstreamFeatures()
      let status = lb_webp_get_features(base, buffer.count, &features)
      guard status == VP8_STATUS_OK else { return .failure(error(status)) }
      let stored = PixelSize(width: Int(features.width), height: Int(features.height))
      if let refusal = options.refusal(forStored: stored) { return .failure(refusal) }
      let icc = lb_webp_icc_profile(base, buffer.count)
      let profile: ColorSource? =
        icc.size > 0 && icc.size < 16 << 20
        ? .icc(Array(UnsafeBufferPointer(start: icc.bytes, count: icc.size))) : nil
      let decoded =
        features.has_animation != 0
        ? firstFrame(base, buffer.count, options: options)
        : still(
          base, buffer.count, stored: stored, hasAlpha: features.has_alpha != 0,
          options: options)
      return decoded.map { DecodedImage(bitmap: $0, profile: profile) }
    }
  }

  /// A still image, decoded at the smallest size that covers the target.
  private static func still(
    _ base: UnsafePointer<UInt8>, _ count: Int, stored: PixelSize, hasAlpha: Bool,
    options: DecodeOptions
  ) -> Result<Bitmap, ImageError> {
    var config = WebPDecoderConfig()
    guard lb_webp_init_config(&config) != 0 else {
      return .failure(ImageError("WebP: libwebp version mismatch"))
    }
    let plan = self.plan(stored: stored, options: options, hasAlpha: hasAlpha)
    let target = plan.size
    if target != stored {
      config.options.use_scaling = 1
      config.options.scaled_width = Int32(target.width)
      config.options.scaled_height = Int32(target.height)
    }
    if plan.skipsFilters {
      config.options.bypass_filtering = 1
      config.options.no_fancy_upsampling = 1
    }
    // libwebp's second thread does the filtering, upsampling and scaling of the rows the
    // first has parsed and reconstructed (libvips's webpload asks for it too); the decode
    // worker's sandbox allows threads.
    config.options.use_threads = 1
    config.output.colorspace = MODE_RGBA
    var pixels = [UInt8](repeating: 0, count: target.area * 4)
    let status = pixels.withUnsafeMutableBufferPointer { out -> VP8StatusCode in
      config.output.is_external_memory = 1
      config.output.u.RGBA.rgba = out.baseAddress
      config.output.u.RGBA.stride = Int32(target.width * 4)
      config.output.u.RGBA.size = out.count
      defer { LibWebP.functions.WebPFreeDecBuffer(&config.output) }
      return LibWebP.functions.WebPDecode(base, count, &config)
    }
    guard status == VP8_STATUS_OK else { return .failure(error(status)) }
    PNGDecoder.composite(&pixels, on: options.background)
    return .success(Bitmap(width: target.width, height: target.height, pixels: pixels))
  }

  /// The first frame of an animation, composited on the canvas as a player shows it.
  private static func firstFrame(
    _ base: UnsafePointer<UInt8>, _ count: Int, options: DecodeOptions
  ) -> Result<Bitmap, ImageError> {
    let decoder: OpaquePointer
    let canvas: PixelSize
    switch openAnimation(base, count, options: options) {
    case .success(let opened): (decoder, canvas) = opened
    case .failure(let error): return .failure(error)
    }
    defer { LibWebP.functions.WebPAnimDecoderDelete(decoder) }
    var frame: UnsafeMutablePointer<UInt8>?
    var timestamp: Int32 = 0
    guard LibWebP.functions.WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame
    else {
      return .failure(ImageError("WebP: the first frame could not be decoded"))
    }
    var pixels = Array(UnsafeBufferPointer(start: frame, count: canvas.area * 4))
    PNGDecoder.composite(&pixels, on: options.background)
    return .success(Bitmap(width: canvas.width, height: canvas.height, pixels: pixels))
  }

  /// libwebp's animation decoder on `count` bytes at `base` (which must outlive it; the
  /// caller deletes it) and the canvas size, refused over the pixel budget.
  static func openAnimation(
    _ base: UnsafePointer<UInt8>, _ count: Int, options: DecodeOptions
  ) -> Result<(OpaquePointer, PixelSize), ImageError> {
    if let failure = LibWebP.library.failure { return .failure(failure) }
    guard let decoder = lb_webp_anim_decoder(base, count) else {
      return .failure(ImageError("WebP: the animation could not be read (truncated or corrupt)"))
    }
    var info = WebPAnimInfo()
    guard LibWebP.functions.WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
      LibWebP.functions.WebPAnimDecoderDelete(decoder)
      return .failure(ImageError("WebP: the animation could not be read"))
    }
    let canvas = PixelSize(width: Int(info.canvas_width), height: Int(info.canvas_height))
    if let refusal = options.refusal(forStored: canvas) {
      LibWebP.functions.WebPAnimDecoderDelete(decoder)
      return .failure(refusal)
    }
    return .success((decoder, canvas))
  }

  /// How libwebp decodes a still of `stored` pixels for `options`.
  struct Plan: Equatable {
    /// The size libwebp scales to while decoding.
    var size: PixelSize
    /// True to skip the in-loop deblocking filter and fancy chroma upsampling.
    var skipsFilters: Bool
  }

  /// A reduced decode for thumbnails skips the filters; a decode near full size keeps them.
  ///
  /// What the deblocking filter smooths is 4–16 px block edges, and fancy upsampling
  /// places chroma at half-pixel precision: both vanish once the picture is shrunk by 4× or
  /// more, while at 1:1 they are the difference between a clean picture and visible blocks
  /// (a small WebP's tile is near 1:1). libwebp 1.2 itself drops both whenever it scales
  /// below 3/4 (`WebPIoInitFromOptions`), so for tiles the flags only say so; they matter
  /// for decodes it does not scale. The detail view asks for `.best` and keeps them.
  ///
  /// A picture with alpha is decoded whole and composited before anything shrinks it:
  /// libwebp scales colour and alpha apart, so the colour under transparent pixels (white in
  /// many logos) bled into the edges of what was opaque — light outlines round dark letters
  /// in `lossy_alpha1.webp`'s tile, 15 dB below ImageMagick's flattened picture.
  static func plan(stored: PixelSize, options: DecodeOptions, hasAlpha: Bool = false) -> Plan {
    if hasAlpha { return Plan(size: stored, skipsFilters: false) }
    let needed = options.requiredSize(forDisplay: options.orientation.displaySize(ofStored: stored))
    let neededStored = options.orientation.swapsDimensions ? needed.transposed : needed
    let size = scaledSize(stored: stored, covering: neededStored)
    let reduced =
      size.width * minimumReduction <= stored.width
      && size.height * minimumReduction <= stored.height
    return Plan(size: size, skipsFilters: options.quality == .fast && reduced)
  }

  /// The shrink factor from which a `.fast` decode skips the filters.
  static let minimumReduction = 4

  /// The smallest size with the stored aspect that covers `needed` (the stored size when
  /// nothing smaller does).
  static func scaledSize(stored: PixelSize, covering needed: PixelSize) -> PixelSize {
    guard needed.width < stored.width || needed.height < stored.height,
      !needed.isEmpty
    else { return stored }
    // Scale so both sides cover; round up so rounding never drops below the need.
    let byWidth = Double(needed.width) / Double(stored.width)
    let byHeight = Double(needed.height) / Double(stored.height)
    let scale = min(1, max(byWidth, byHeight))
    let width = min(
      stored.width, max(needed.width, Int((Double(stored.width) * scale).rounded(.up))))
    let height = min(
      stored.height, max(needed.height, Int((Double(stored.height) * scale).rounded(.up))))
    return PixelSize(width: width, height: height)
  }

  /// A libwebp status as a one-line reason.
  private static func error(_ status: VP8StatusCode) -> ImageError {
    switch status {
    case VP8_STATUS_OUT_OF_MEMORY: ImageError("WebP: out of memory")
    case VP8_STATUS_UNSUPPORTED_FEATURE: ImageError("WebP: unsupported feature")
    case VP8_STATUS_NOT_ENOUGH_DATA: ImageError("WebP: truncated file (not enough data)")
    case VP8_STATUS_BITSTREAM_ERROR: ImageError("WebP: corrupt bitstream")
    default: ImageError("WebP: invalid file (status \(status.rawValue))")
    }
  }
}

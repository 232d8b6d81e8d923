import Pixels
import CHeif
import PhotoModel

/// HEIF, HEIC and AVIF stills through libheif (HEVC by libde265 or, from 1 MP, FFmpeg's
/// decoder; AV1 by dav1d/aom).
///
/// libheif applies the file's own transformations (`irot`, `imir`, `clap`) as it decodes, so
/// the result is already upright: an EXIF Orientation inside a HEIF is informational and is
/// never applied on top (the HEIF rules; what libheif, Apple and browsers do). For a
/// thumbnail (`.fast`) the file's thumbnail item is decoded instead of the primary image
/// when it is big enough for the target, the HEIF analogue of the EXIF thumbnail; a `.best` picture
/// (the detail view, `show`, export) is the primary: the item is a separate, smaller encode
/// (an iPhone's 320 px one is 29.8 dB from the primary at its own size) — unless the
/// primary is over `largePrimaryPixels`.
enum HEIFDecoder {
  /// Primaries larger than this give their thumbnail item even to a small `.best` target:
  /// a 200 MP Samsung HEIC's primary takes longer than the decode worker's CPU limit, for a
  /// picture of a few hundred pixels.
  static let largePrimaryPixels = 30_000_000

  /// HEVC images of at least this many coded pixels are decoded by FFmpeg's decoder instead
  /// of libde265: 2.7 times as fast (a 16 MP grid in 120 ms of one core instead of 330), for
  /// a first load of libavcodec (~13 ms) that a smaller image would not win back.
  static let ffmpegHEVCPixels = 1_000_000

  /// How many pictures FFmpeg's HEVC decoder has given libheif in this process (tests check
  /// the choice by it).
  static var ffmpegHEVCPictures: Int { lb_heif_hevc_ffmpeg_pictures() }

  /// Which HEVC decoder libheif uses.
  enum HEVCDecoder: Sendable {
    /// libde265 (libheif's own plugin).
    case libde265
    /// FFmpeg's decoder (`lb_heif_hevc_use_ffmpeg`), libde265 where libavcodec is missing.
    case ffmpeg
    /// FFmpeg's for images of `ffmpegHEVCPixels` or more, libde265 below.
    case bySize

    /// True when FFmpeg's decoder is the one for an image of `coded` pixels.
    func choosesFFmpeg(coded: Int) -> Bool {
      switch self {
      case .libde265: return false
      case .ffmpeg: return true
      case .bySize: return coded >= HEIFDecoder.ffmpegHEVCPixels
      }
    }
  }

  /// Decodes the primary image of `data` (or, for `.fast`, its thumbnail item when that is
  /// big enough for the target) into opaque RGBA, upright, with its colour profile.
  ///
  /// `hevc` chooses libheif's HEVC decoder (tests compare them). With `reduce`, a primary
  /// needed at half its size or less comes shrunk by whole blocks (`reductionFactor`): a grid
  /// of HEVC tiles decoded round libheif (`reducedGrid`), else libheif's planes averaged
  /// (`reducedPixels`); `DecodedImage.shownSize` then says what it stands for.
  static func decode(
    _ data: [UInt8], options: DecodeOptions, hevc: HEVCDecoder = .bySize, reduce: Bool = true
  ) -> Result<DecodedImage, ImageError> {
    if let error = LibHeif.library.failure { return .failure(error) }
    guard let context = LibHeif.functions.heif_context_alloc() else {
      return .failure(ImageError("HEIF: out of memory"))
    }
    defer { LibHeif.functions.heif_context_free(context) }
    // Refuses absurd declared sizes inside libheif, before it allocates for them.
    LibHeif.functions.heif_context_set_maximum_image_size_limit(context, 65_535)
    return data.withUnsafeBytes { buffer -> Result<DecodedImage, ImageError> in
      guard let base = buffer.baseAddress else { return .failure(ImageError("empty file")) }
      let read = LibHeif.functions.heif_context_read_from_memory_without_copy(
        context, base, buffer.count, nil)
      if let error = failure(read) { return .failure(error) }
      var primary: OpaquePointer?
      if let error = failure(
        LibHeif.functions.heif_context_get_primary_image_handle(context, &primary))
      {
        return .failure(error)
      }
      guard let primary else { return .failure(ImageError("HEIF: no primary image")) }
      defer { LibHeif.functions.heif_image_handle_release(primary) }
      let display = size(of: primary)
      // The budget counts the coded (ispe) size: that is what the decoder allocates.
      let coded = PixelSize(
        width: Int(LibHeif.functions.heif_image_handle_get_ispe_width(primary)),
        height: Int(LibHeif.functions.heif_image_handle_get_ispe_height(primary)))
      let stored = coded.isEmpty ? display : coded
      if let refusal = options.refusal(forStored: stored) {
        return .failure(refusal)
      }
      let profile = colorProfile(of: primary)
      let needed = options.requiredSize(forDisplay: display)
      if options.quality == .fast || stored.area > Self.largePrimaryPixels,
        let thumbnail = thumbnail(of: primary, covering: needed, display: display)
      {
        defer { LibHeif.functions.heif_image_handle_release(thumbnail) }
        if case .success(let bitmap) = pixels(of: thumbnail, options: options, hevc: hevc),
          let shown = declaredPart(of: bitmap, declared: size(of: thumbnail))
        {
          return .success(DecodedImage(bitmap: shown, profile: profile, isUpright: true))
        }
      }
      let reduction =
        reduce && LibHeif.functions.heif_image_handle_has_alpha_channel(primary) == 0
        ? reductionFactor(display: display, needed: needed) : nil
      // The grid read and decoded here, by FFmpeg's decoder: where that decoder would be
      // chosen.
      if let reduction, hevc.choosesFFmpeg(coded: stored.area),
        let bitmap = reducedGrid(data, display: display, factor: reduction)
      {
        return .success(
          DecodedImage(bitmap: bitmap, profile: profile, isUpright: true, shownSize: display))
      }
      return pixels(of: primary, options: options, hevc: hevc, reduction: reduction).map {
        DecodedImage(
          bitmap: $0, profile: profile, isUpright: true,
          shownSize: $0.size == display ? nil : display)
      }
    }
  }

  /// A decoded thumbnail cut to the size its item declares, or nil when it is smaller by
  /// more than a pixel.
  ///
  /// Canon's HIF files (EOS R5, in the corpus) declare a 320×214 thumbnail whose HEVC frame is
  /// coded 320×320 without a crop that libheif 1.15 applies: decoded whole, a third of the tile
  /// was the frame's green padding. The padding is below and to the right of the picture.
  /// Samsung's (S24 FE) declares a clean aperture of 512×236 that libheif decodes as 512×235,
  /// the aperture's rounding: a row short is the item all the same (refused, every tile and
  /// card of such a photo decoded its 7 MP primary instead).
  static func declaredPart(of bitmap: Bitmap, declared: PixelSize) -> Bitmap? {
    guard declared.width > 0, declared.height > 0, bitmap.width + 1 >= declared.width,
      bitmap.height + 1 >= declared.height
    else { return nil }
    let width = min(bitmap.width, declared.width)
    let height = min(bitmap.height, declared.height)
    if bitmap.width == width && bitmap.height == height { return bitmap }
    return bitmap.cropped(x: 0, y: 0, width: width, height: height)
  }

  /// The displayed size of an image handle (libheif reports it with transformations).
  private static func size(of handle: OpaquePointer) -> PixelSize {
    PixelSize(
      width: Int(LibHeif.functions.heif_image_handle_get_width(handle)),
      height: Int(LibHeif.functions.heif_image_handle_get_height(handle)))
  }

  /// The smallest thumbnail item big enough for `needed` (`DecodeOptions.isBigEnough`) with
  /// the primary's shape, or nil.
  private static func thumbnail(
    of primary: OpaquePointer, covering needed: PixelSize, display: PixelSize
  ) -> OpaquePointer? {
    let count = Int(LibHeif.functions.heif_image_handle_get_number_of_thumbnails(primary))
    guard count > 0, count < 64 else { return nil }
    var ids = [heif_item_id](repeating: 0, count: count)
    let listed = Int(
      LibHeif.functions.heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count)))
    var best: (handle: OpaquePointer, area: Int)?
    for id in ids.prefix(listed) {
      var handle: OpaquePointer?
      guard failure(LibHeif.functions.heif_image_handle_get_thumbnail(primary, id, &handle)) == nil,
        let handle
      else { continue }
      let size = size(of: handle)
      // A thumbnail turned the other way than the primary would be shown sideways.
      let sameShape = (size.width >= size.height) == (display.width >= display.height)
      if sameShape, DecodeOptions.isBigEnough(size, for: needed),
        best.map({ size.area < $0.area }) ?? true
      {
        if let old = best { LibHeif.functions.heif_image_handle_release(old.handle) }
        best = (handle, size.area)
      } else {
        LibHeif.functions.heif_image_handle_release(handle)
      }
    }
    return best?.handle
  }

  /// Decodes one image handle to opaque RGBA (alpha composited on the background), with
  /// FFmpeg's HEVC decoder when `hevc` chooses it and libde265 again should that fail (a
  /// stream one decoder refuses, the other may read).
  /// With a `reduction`, the picture comes shrunk by that factor (`reducedPixels`).
  private static func pixels(
    of handle: OpaquePointer, options: DecodeOptions, hevc: HEVCDecoder, reduction: Int? = nil
  ) -> Result<Bitmap, ImageError> {
    let coded =
      Int(LibHeif.functions.heif_image_handle_get_ispe_width(handle))
      * Int(LibHeif.functions.heif_image_handle_get_ispe_height(handle))
    let ffmpeg = hevc.choosesFFmpeg(coded: coded)
    // -1: libavcodec is missing; libde265 stays chosen.
    let chosen = lb_heif_hevc_use_ffmpeg(ffmpeg ? 1 : 0) == 0 && ffmpeg
    let decoded = pixels(of: handle, options: options, reduction: reduction)
    if chosen, case .failure = decoded {
      lb_heif_hevc_use_ffmpeg(0)
      return pixels(of: handle, options: options, reduction: reduction)
    }
    return decoded
  }

  /// Decodes one image handle shrunk by `reduction` from the codec's planes where their
  /// layout allows (`reducedPixels`), else whole to RGBA by libheif.
  private static func pixels(of handle: OpaquePointer, options: DecodeOptions, reduction: Int?)
    -> Result<Bitmap, ImageError>
  {
    guard let reduction else { return pixels(of: handle, options: options) }
    // No colorspace asked: libheif 1.15 gives planar RGB (`reducedPixels`).
    let reduced = decodedImage(handle, heif_colorspace_undefined, heif_chroma_undefined) {
      image in reducedPixels(of: image, factor: reduction)
    }
    if case .success(let bitmap?) = reduced { return .success(bitmap) }
    if case .failure(let error) = reduced { return .failure(error) }
    // A layout libheif converts itself (rare in photos): decoded again, to RGBA.
    return pixels(of: handle, options: options)
  }

  /// Decodes one image handle to opaque RGBA with the HEVC decoder chosen.
  private static func pixels(of handle: OpaquePointer, options: DecodeOptions)
    -> Result<Bitmap, ImageError>
  {
    decodedImage(handle, heif_colorspace_RGB, heif_chroma_interleaved_RGBA) { image in
      let width = Int(LibHeif.functions.heif_image_get_width(image, heif_channel_interleaved))
      let height = Int(LibHeif.functions.heif_image_get_height(image, heif_channel_interleaved))
      var stride: Int32 = 0
      guard width > 0, height > 0,
        let plane = LibHeif.functions.heif_image_get_plane_readonly(
          image, heif_channel_interleaved, &stride),
        Int(stride) >= width * 4
      else { return .failure(ImageError("HEIF: the decoder returned no pixels")) }
      var out = [UInt8](repeating: 0, count: width * height * 4)
      out.withUnsafeMutableBufferPointer { target in
        for row in 0..<height {
          (target.baseAddress! + row * width * 4).update(
            from: plane + row * Int(stride), count: width * 4)
        }
      }
      PNGDecoder.composite(&out, on: options.background)
      return .success(Bitmap(width: width, height: height, pixels: out))
    }.flatMap { $0 }
  }

  /// Decodes `handle` into `colorspace` and `chroma` (HDR brought to 8 bits where libheif
  /// converts) and hands the image to `body` before releasing it; libheif's failure as a line.
  private static func decodedImage<Value>(
    _ handle: OpaquePointer, _ colorspace: heif_colorspace, _ chroma: heif_chroma,
    _ body: (OpaquePointer) -> Value
  ) -> Result<Value, ImageError> {
    guard let decoding = LibHeif.functions.heif_decoding_options_alloc() else {
      return .failure(ImageError("HEIF: out of memory"))
    }
    defer { LibHeif.functions.heif_decoding_options_free(decoding) }
    decoding.pointee.convert_hdr_to_8bit = 1
    var image: OpaquePointer?
    let decoded = LibHeif.functions.heif_decode_image(handle, &image, colorspace, chroma, decoding)
    if let error = failure(decoded) { return .failure(error) }
    guard let image else { return .failure(ImageError("HEIF: the decoder returned no image")) }
    defer { LibHeif.functions.heif_image_release(image) }
    return .success(body(image))
  }

  /// The colour profile libheif found: an ICC profile (`colr` of type `prof`/`rICC`), or
  /// the primaries of an `nclx` box; nil for sRGB, untagged and HDR (PQ, HLG) images.
  private static func colorProfile(of handle: OpaquePointer) -> ColorSource? {
    let size = LibHeif.functions.heif_image_handle_get_raw_color_profile_size(handle)
    if size > 0, size < 16 << 20 {
      var bytes = [UInt8](repeating: 0, count: size)
      if failure(LibHeif.functions.heif_image_handle_get_raw_color_profile(handle, &bytes)) == nil {
        return .icc(bytes)
      }
    }
    var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
    guard failure(LibHeif.functions.heif_image_handle_get_nclx_color_profile(handle, &nclx)) == nil,
      let nclx
    else {
      return nil
    }
    defer { LibHeif.functions.heif_nclx_color_profile_free(nclx) }
    let p = nclx.pointee
    // HDR (PQ or HLG transfer): shown as coded, as heif-convert, ImageMagick and libvips show
    // it; Lightbox has no tone mapping, and converting only the primaries under the sRGB
    // curve (which these values are not in) moved colours further from any rendering:
    // 2.3–2.9 dB under chafa on the corpus's two PQ files (DECISIONS.md, 2026-11-27).
    let hdr: Set<UInt32> = [
      heif_transfer_characteristic_ITU_R_BT_2100_0_PQ.rawValue,
      heif_transfer_characteristic_ITU_R_BT_2100_0_HLG.rawValue,
    ]
    if hdr.contains(p.transfer_characteristics.rawValue) { return nil }
    return ColorSource.primaries(
      code: Int(p.color_primaries.rawValue),
      red: (Double(p.color_primary_red_x), Double(p.color_primary_red_y)),
      green: (Double(p.color_primary_green_x), Double(p.color_primary_green_y)),
      blue: (Double(p.color_primary_blue_x), Double(p.color_primary_blue_y)),
      white: (Double(p.color_primary_white_x), Double(p.color_primary_white_y)))
  }

  /// A libheif error as a one-line reason, or nil when it is not an error.
  private static func failure(_ error: heif_error) -> ImageError? {
    guard error.code != heif_error_Ok else { return nil }
    let message = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
    return ImageError.oneLine("HEIF: \(message)")
  }
}

import Pixels
import CTurboJPEG
import PhotoModel

/// JPEG decoding through TurboJPEG, scaled in the DCT to the smallest size that covers the
/// request.
enum JPEGDecoder {
  /// Decodes `data` (which starts with a JPEG SOI) at a reduced scale suited to `options`.
  /// The result is in stored orientation, opaque RGBA.
  static func decode(_ data: [UInt8], options: DecodeOptions) -> Result<Bitmap, ImageError> {
    guard let handle = tjInitDecompress() else {
      return .failure(ImageError("cannot start the JPEG decoder"))
    }
    defer { tjDestroy(handle) }
    return data.withUnsafeBufferPointer { buffer -> Result<Bitmap, ImageError> in
      guard let base = buffer.baseAddress else { return .failure(ImageError("empty file")) }
      let size = UInt(buffer.count)
      var width: Int32 = 0
      var height: Int32 = 0
      var subsampling: Int32 = 0
      var colorspace: Int32 = 0
      let markers = JPEGMarkers(buffer)
      let isCMYK: Bool
      let headerStatus = tjDecompressHeader3(
        handle, base, size, &width, &height, &subsampling, &colorspace)
      if headerStatus == 0
        || (tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) && width > 0 && height > 0)
      {
        // A warning here (junk bytes before a marker) still leaves a complete header.
        isCMYK =
          colorspace == Int32(TJCS_CMYK.rawValue)
          || colorspace == Int32(TJCS_YCCK.rawValue)
      } else {
        // TurboJPEG 2.1's header reader also refuses valid files whose sampling factors
        // match none of its TJSAMP_* types (seen with CMYK), although tjDecompress2 decodes
        // them. With a frame header of our own reading, go on and let the decode decide.
        let headerError = error(handle)
        guard markers.hasFrame, markers.width > 0, markers.height > 0 else {
          return .failure(headerError)
        }
        width = Int32(markers.width)
        height = Int32(markers.height)
        isCMYK = markers.components == 4
      }
      // A tables-only stream (no frame before EOI) "succeeds" with no size at all.
      if width == 0 && height == 0 { return .failure(ImageError("JPEG data contains no image")) }
      let stored = PixelSize(width: Int(width), height: Int(height))
      if let refusal = options.refusal(forStored: stored) { return .failure(refusal) }
      if markers.buffersWholeImage, let bytes = markers.coefficientBytes,
        bytes > options.maxCoefficientBytes
      {
        return .failure(
          ImageError(
            "\(markers.isProgressive ? "progressive" : "multi-scan") JPEG \(stored) needs"
              + " \(bytes >> 20) MB to decode (limit \(options.maxCoefficientBytes >> 20) MB)"))
      }

      let factor = scalingFactor(stored: stored, options: options)
      let sw = scaled(Int(width), factor)
      let sh = scaled(Int(height), factor)
      // TurboJPEG only decodes CMYK/YCCK to CMYK; convert afterwards in the same buffer.
      let format = isCMYK ? TJPF_CMYK : TJPF_RGBA
      var flags: Int32 = TJFLAG_LIMITSCANS
      switch options.quality {
      case .fast: flags |= TJFLAG_FASTDCT | TJFLAG_FASTUPSAMPLE
      case .best: flags |= TJFLAG_ACCURATEDCT
      }
      // Decoded into an uninitialised buffer: a whole decode writes every byte. When the
      // decoder reports a problem it may have stopped early, so the buffer is zero-filled
      // and decoded again: a damaged file's missing rows show black, not old heap contents.
      // (Zero-filling every buffer first cost 0.4 % of a thumbnail batch.)
      var pixels = [UInt8](unsafeUninitializedCapacity: sw * sh * 4) { _, count in
        count = sw * sh * 4
      }
      func decodeInto(_ pixels: inout [UInt8]) -> Int32 {
        pixels.withUnsafeMutableBufferPointer { out in
          tjDecompress2(
            handle, base, size, out.baseAddress, Int32(sw), 0, Int32(sh),
            Int32(format.rawValue), flags)
        }
      }
      var damage: String?
      var status = decodeInto(&pixels)
      if status != 0 {
        pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        status = decodeInto(&pixels)
      }
      if status != 0 {
        // A warning (corrupt or truncated data that libjpeg recovered from) still leaves a
        // usable image: show what can be shown, as other viewers do. TurboJPEG 2.1 also
        // reports a fatal error that FOLLOWS a warning as a warning; RGBA output writes
        // alpha 255, so a first pixel still at 0 means no row was decoded at all.
        let nothingDecoded = !isCMYK && pixels[3] == 0
        if tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) || nothingDecoded {
          return .failure(error(handle))
        }
        if !isCMYK { makeOpaque(&pixels) }
        // Only a file cut short is called damaged: junk bytes between segments or an odd
        // Adobe transform code are warnings too, and cameras write files with them.
        let warning = error(handle).reason
        if warning.lowercased().contains("premature end") { damage = warning }
      }
      if isCMYK { convertCMYK(&pixels, inverted: markers.hasAdobe) }
      var bitmap = Bitmap(width: sw, height: sh, pixels: pixels)
      // Shown as far as it decodes, and said to be damaged (a truncated download showed its
      // grey lower half with no hint why).
      bitmap.damage = damage
      return .success(bitmap)
    }
  }

  /// Sets every alpha byte to 255 (rows a damaged file never reached stay black).
  private static func makeOpaque(_ pixels: inout [UInt8]) {
    pixels.withUnsafeMutableBufferPointer { p in
      var i = 3
      while i < p.count {
        p[i] = 255
        i += 4
      }
    }
  }

  /// The size TurboJPEG decodes a JPEG of stored size `stored` to for `options`: stored
  /// orientation, before any resampling.
  static func scaledSize(stored: PixelSize, options: DecodeOptions) -> PixelSize {
    let factor = scalingFactor(stored: stored, options: options)
    return PixelSize(width: scaled(stored.width, factor), height: scaled(stored.height, factor))
  }

  /// The most pixels an image may have for `scalingFactor`'s careful choice (1 MP: the
  /// corpus's small JPEGs are up to 0.3 MP; a 2 MP photo's loupe parts are DCT-scaled, and its
  /// whole picture at the same scale is what they are checked against).
  static let smallImagePixels = 1_000_000

  /// The most pixels a `.best` target may have for `scalingFactor`'s careful choice whatever
  /// the image's size (a tile or `lightbox show` at a few rows: 256 × 256). Such a decode is
  /// at most ~4× the target's pixels at any factor; a RAW's 1,620×1,080 preview shown as a
  /// 140 px tile was decoded at 1/8 to 203 px and lost 1.9 dB to the IDCT's aliasing (chafa,
  /// handed ImageMagick's resize, was above it). Thumbnails (`.fast`) keep the fastest factor.
  static let smallTargetPixels = 65_536

  /// TJSCALED: a dimension scaled by a factor, rounded up.
  private static func scaled(_ dimension: Int, _ factor: tjscalingfactor) -> Int {
    (dimension * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
  }

  /// The smallest TurboJPEG scaling factor (at most 1) whose output, once oriented, still
  /// covers what `options` needs from an image of stored size `stored`.
  ///
  /// A small image (at most `smallImagePixels`), or any image for a small `.best` target
  /// (`smallTargetPixels`), is only scaled by 1/2, 1/4 or 1/8 and to at least twice what is
  /// needed, leaving the rest to the resampler: libjpeg's reduced IDCTs
  /// (5/8, 3/4…) and a last halving in the DCT alias, which cost `testorig.jpg`'s 140 px
  /// sixel 5.8 dB against ImageMagick's resize (30.0 → 35.8 dB; chafa 32.5), while a decode
  /// of such an image costs a few milliseconds at any factor. Large photos keep the fastest
  /// factor: their detail view and thumbnails are timed.
  static func scalingFactor(stored: PixelSize, options: DecodeOptions) -> tjscalingfactor {
    let one = tjscalingfactor(num: 1, denom: 1)
    var needed = options.requiredSize(forDisplay: options.orientation.displaySize(ofStored: stored))
    let small =
      stored.width * stored.height <= Self.smallImagePixels
      || (options.quality == .best && needed.width * needed.height <= Self.smallTargetPixels)
    if small { needed = PixelSize(width: needed.width * 2, height: needed.height * 2) }
    let neededStored = options.orientation.swapsDimensions ? needed.transposed : needed
    var count: Int32 = 0
    guard let list = tjGetScalingFactors(&count), count > 0 else { return one }
    var best = one
    for i in 0..<Int(count) {
      let f = list[i]
      guard f.num > 0, f.denom > 0, f.num <= f.denom, !small || f.num == 1 else { continue }
      // Smaller than the best so far: f.num / f.denom < best.num / best.denom.
      guard Int(f.num) * Int(best.denom) < Int(best.num) * Int(f.denom) else { continue }
      if scaled(stored.width, f) >= neededStored.width
        && scaled(stored.height, f) >= neededStored.height
      {
        best = f
      }
    }
    return best
  }

  private static func error(_ handle: tjhandle) -> ImageError {
    guard let message = tjGetErrorStr2(handle) else {
      return ImageError("corrupt JPEG data")
    }
    return ImageError.oneLine(String(cString: message), fallback: "corrupt JPEG data")
  }

  /// Converts CMYK pixels to opaque RGBA in place (naive, no ICC profile: good enough for
  /// thumbnails and far better than showing the inks as RGB).
  static func convertCMYK(_ pixels: inout [UInt8], inverted: Bool) {
    pixels.withUnsafeMutableBufferPointer { p in
      var i = 0
      while i + 3 < p.count {
        var c = Int(p[i])
        var m = Int(p[i + 1])
        var y = Int(p[i + 2])
        var k = Int(p[i + 3])
        if !inverted {
          c = 255 - c
          m = 255 - m
          y = 255 - y
          k = 255 - k
        }
        // Now each value is the amount of light left (255 = no ink).
        p[i] = UInt8((c * k + 127) / 255)
        p[i + 1] = UInt8((m * k + 127) / 255)
        p[i + 2] = UInt8((y * k + 127) / 255)
        p[i + 3] = 255
        i += 4
      }
    }
  }
}

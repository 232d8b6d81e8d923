import CHeif
import CImageKernels
import PhotoModel
import Pixels

/// A decode that needs a fraction of the picture's size takes libheif's picture in planes
/// and shrinks it by whole blocks in C, instead of having libheif interleave every pixel into
/// RGBA and copying, compositing and resampling that: for a card of a phone's 16 MP HEIC
/// those steps, and the page faults of their 64 MB buffers, were a third of the decode (perf,
/// 2026-11-29). libheif 1.15 converts to RGB whatever it is asked (planar RGB when asked for
/// no colorspace); a libheif that gives the codec's YCbCr planes has them converted after the
/// average, which the affine conversion allows.
extension HEIFDecoder {
  /// The whole-block factor that shrinks `display` to at least twice `needed`, when it is 2
  /// or more; nil when the picture is needed at about its own size. Twice: the resampler
  /// box-averages by the same factor and leaves the last reduction to its convolution, so
  /// the picture is the one a whole decode gives (a block average down to `needed` itself was
  /// 27 dB from it on an iPhone's photo: softer, with the resampler's sharpening lost).
  static func reductionFactor(display: PixelSize, needed: PixelSize) -> Int? {
    guard needed.width > 0, needed.height > 0 else { return nil }
    let factor = min(display.width / (2 * needed.width), display.height / (2 * needed.height))
    return factor >= 2 ? factor : nil
  }

  /// The luma weights of red and blue for ITU-T H.273 matrix coefficients `code`, as
  /// libheif 1.15 converts with them (2, unspecified, as BT.601, its default); nil for the
  /// matrices left to libheif (0 identity, 12 and 13 derived from the primaries, ICtCp…).
  static func lumaWeights(matrix code: Int) -> (kr: Double, kb: Double)? {
    switch code {
    case 1: return (0.2126, 0.0722)
    case 2, 5, 6: return (0.299, 0.114)
    case 4: return (0.30, 0.11)
    case 7: return (0.212, 0.087)
    case 9, 10: return (0.2627, 0.0593)
    default: return nil
    }
  }

  /// `image` (a decode in planes) shrunk by `factor` (whole blocks: its size divided by
  /// `factor`, rounded down) and converted to opaque RGBA, or nil when its layout is one this
  /// path leaves to libheif's conversion (an alpha plane, planes of different depths, a matrix
  /// `lumaWeights` does not know).
  static func reducedPixels(of image: OpaquePointer, factor: Int) -> Bitmap? {
    let heif = LibHeif.functions
    guard heif.heif_image_has_channel(image, heif_channel_Alpha) == 0 else { return nil }
    let colorspace = heif.heif_image_get_colorspace(image)
    let shift: (x: Int32, y: Int32)
    switch (colorspace, heif.heif_image_get_chroma_format(image)) {
    case (heif_colorspace_YCbCr, heif_chroma_420): shift = (1, 1)
    case (heif_colorspace_YCbCr, heif_chroma_422): shift = (1, 0)
    case (heif_colorspace_YCbCr, heif_chroma_444): shift = (0, 0)
    case (heif_colorspace_monochrome, heif_chroma_monochrome): shift = (0, 0)
    // What libheif 1.15 gives when asked for no colorspace: its conversion done, in planes.
    case (heif_colorspace_RGB, heif_chroma_444): shift = (0, 0)
    default: return nil
    }
    let mono = colorspace == heif_colorspace_monochrome
    let rgb = colorspace == heif_colorspace_RGB
    let channels =
      mono
      ? [heif_channel_Y]
      : rgb
        ? [heif_channel_R, heif_channel_G, heif_channel_B]
        : [heif_channel_Y, heif_channel_Cb, heif_channel_Cr]
    let depth = heif.heif_image_get_bits_per_pixel_range(image, channels[0])
    guard (8...16).contains(depth),
      channels.allSatisfy({ heif.heif_image_get_bits_per_pixel_range(image, $0) == depth })
    else { return nil }
    // The colour description libheif's own conversion would use: the image's, else BT.601
    // at full range (libheif's default).
    var matrix = 6
    var fullRange = true
    var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
    if heif.heif_image_get_nclx_color_profile(image, &nclx).code == heif_error_Ok, let nclx {
      matrix = Int(nclx.pointee.matrix_coefficients.rawValue)
      fullRange = nclx.pointee.full_range_flag != 0
      heif.heif_nclx_color_profile_free(nclx)
    }
    guard let weights = rgb ? (0.299, 0.114) : lumaWeights(matrix: matrix) else { return nil }
    let width = Int(heif.heif_image_get_width(image, channels[0]))
    let height = Int(heif.heif_image_get_height(image, channels[0]))
    var planes: [(pointer: UnsafePointer<UInt8>, stride: Int)] = []
    for channel in channels {
      var stride: Int32 = 0
      guard let plane = heif.heif_image_get_plane_readonly(image, channel, &stride), stride > 0
      else { return nil }
      planes.append((plane, Int(stride)))
    }
    guard width > 0, height > 0, planes.count == channels.count else { return nil }
    var picture = lb_ycbcr_picture(
      y: planes[0].pointer, cb: mono ? nil : planes[1].pointer,
      cr: mono ? nil : planes[2].pointer, y_stride: planes[0].stride,
      cb_stride: mono ? 0 : planes[1].stride, cr_stride: mono ? 0 : planes[2].stride,
      width: width / factor * factor, height: height / factor * factor, shift_x: shift.x,
      shift_y: shift.y, depth: depth,
      kr: weights.kr, kb: weights.kb, full_range: fullRange ? 1 : 0, rgb: rgb ? 1 : 0)
    // Whole blocks only: the last partial column and row of blocks (less than `factor`
    // pixels) are cut away, so that every output pixel stands for the same area.
    let columns = width / factor
    let rows = height / factor
    var out = [UInt8](repeating: 0, count: columns * rows * 4)
    out.withUnsafeMutableBufferPointer { target in
      lb_ycbcr_reduce_to_rgba(&picture, factor, target.baseAddress!)
    }
    return Bitmap(width: columns, height: rows, pixels: out)
  }
}

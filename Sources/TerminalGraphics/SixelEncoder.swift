import CSixel
import Pixels
import PhotoModel

/// Encodes bitmaps as sixel with libsixel, into memory.
///
/// Each image gets its own palette (at most the terminal's colour registers, at most
/// 256), built with libsixel's median cut, and is dithered so that smooth gradients such
/// as skies do not band. The defaults were picked by PSNR and size on real photos (see
/// Benchmarks/sixel/README.md).
public enum SixelEncoder {
  /// The libsixel version this build links (for `lightbox doctor`).
  public static var libraryVersion: String { LIBSIXEL_VERSION }

  /// Error diffusion kernels libsixel offers.
  public enum Diffusion: String, Sendable, Hashable, CaseIterable {
    case none, atkinson, floydSteinberg = "fs", jarvisJudiceNinke = "jajuni", stucki, burkes
    /// Positionally stable: the same pixel dithers the same way in every frame.
    case aDither = "a_dither", xDither = "x_dither"

    var code: Int32 {
      switch self {
      case .none: SIXEL_DIFFUSE_NONE
      case .atkinson: SIXEL_DIFFUSE_ATKINSON
      case .floydSteinberg: SIXEL_DIFFUSE_FS
      case .jarvisJudiceNinke: SIXEL_DIFFUSE_JAJUNI
      case .stucki: SIXEL_DIFFUSE_STUCKI
      case .burkes: SIXEL_DIFFUSE_BURKES
      case .aDither: SIXEL_DIFFUSE_A_DITHER
      case .xDither: SIXEL_DIFFUSE_X_DITHER
      }
    }
  }

  /// How the median cut picks the box to split.
  public enum LargestDimension: String, Sendable, Hashable, CaseIterable {
    case auto, norm, luminance = "lum"
    var code: Int32 {
      switch self {
      case .auto: SIXEL_LARGE_AUTO
      case .norm: SIXEL_LARGE_NORM
      case .luminance: SIXEL_LARGE_LUM
      }
    }
  }

  /// How a palette colour is chosen from its box.
  public enum Representative: String, Sendable, Hashable, CaseIterable {
    case auto, centerBox = "center", averageColors = "average_colors"
    case averagePixels = "average_pixels"
    var code: Int32 {
      switch self {
      case .auto: SIXEL_REP_AUTO
      case .centerBox: SIXEL_REP_CENTER_BOX
      case .averageColors: SIXEL_REP_AVERAGE_COLORS
      case .averagePixels: SIXEL_REP_AVERAGE_PIXELS
      }
    }
  }

  /// How much of the histogram the palette is built from.
  public enum Quality: String, Sendable, Hashable, CaseIterable {
    case auto, high, low, full
    var code: Int32 {
      switch self {
      case .auto: SIXEL_QUALITY_AUTO
      case .high: SIXEL_QUALITY_HIGH
      case .low: SIXEL_QUALITY_LOW
      case .full: SIXEL_QUALITY_FULL
      }
    }
  }

  /// Encoder settings.
  public struct Options: Sendable, Hashable {
    /// Palette size: the terminal's colour registers; clamped to 2…256.
    public var colors: Int
    public var diffusion: Diffusion
    public var largest: LargestDimension
    public var representative: Representative
    public var quality: Quality
    /// The terminal's cell size, for `SixelImage.cellSize`.
    public var cell: PixelSize

    public init(
      colors: Int = 256, diffusion: Diffusion = .floydSteinberg, largest: LargestDimension = .norm,
      representative: Representative = .averagePixels, quality: Quality = .full,
      cell: PixelSize = PixelSize(width: 10, height: 20)
    ) {
      self.colors = colors
      self.diffusion = diffusion
      self.largest = largest
      self.representative = representative
      self.quality = quality
      self.cell = cell
    }
  }

  /// A failed encode, with a one-line reason.
  public struct EncodeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
  }

  /// Largest side libsixel is given; bigger bitmaps are refused rather than allocated.
  public static let maxSide = 16_384

  /// Encodes an opaque RGBA bitmap (alpha already composited; it is ignored).
  public static func encode(_ bitmap: Bitmap, options: Options = Options()) -> Result<
    SixelImage, EncodeError
  > {
    let width = bitmap.width
    let height = bitmap.height
    guard width > 0, height > 0 else {
      return .failure(EncodeError("cannot encode an empty image (\(width)×\(height))"))
    }
    guard width <= maxSide, height <= maxSide else {
      return .failure(
        EncodeError("image too large for sixel (\(width)×\(height), limit \(maxSide))"))
    }
    // RGBA → RGB888: libsixel's quantizer takes packed 24-bit pixels.
    let count = width * height
    var rgb = [UInt8](repeating: 0, count: count * 3)
    bitmap.pixels.withUnsafeBufferPointer { src in
      rgb.withUnsafeMutableBufferPointer { dst in
        var s = 0
        var d = 0
        for _ in 0..<count {
          dst[d] = src[s]
          dst[d + 1] = src[s + 1]
          dst[d + 2] = src[s + 2]
          s &+= 4
          d &+= 3
        }
      }
    }
    let colors = Int32(min(max(options.colors, 2), 256))
    let sixel: lb_sixel
    switch LibSixel.table {
    case .success(let functions): sixel = functions
    case .failure(let error): return .failure(error)
    }

    var dither: OpaquePointer?
    var status = sixel.sixel_dither_new(&dither, colors, nil)
    guard !failed(status), let dither else {
      return .failure(EncodeError("libsixel could not make a palette: \(message(status))"))
    }
    defer { sixel.sixel_dither_unref(dither) }
    status = rgb.withUnsafeMutableBufferPointer { px in
      sixel.sixel_dither_initialize(
        dither, px.baseAddress, Int32(width), Int32(height), SIXEL_PIXELFORMAT_RGB888,
        options.largest.code, options.representative.code, options.quality.code)
    }
    guard !failed(status) else {
      return .failure(EncodeError("libsixel could not build the palette: \(message(status))"))
    }
    sixel.sixel_dither_set_diffusion_type(dither, options.diffusion.code)
    let paletteColors = Int(sixel.sixel_dither_get_num_of_palette_colors(dither))

    // The write callback appends to a Swift buffer reached through `priv`: no globals,
    // so encodes on several threads never share state.
    let sink = OutputSink()
    let unmanaged = Unmanaged.passRetained(sink)
    defer { unmanaged.release() }
    var output: OpaquePointer?
    status = sixel.sixel_output_new(&output, sixelWrite, unmanaged.toOpaque(), nil)
    guard !failed(status), let output else {
      return .failure(EncodeError("libsixel could not open an output: \(message(status))"))
    }
    defer { sixel.sixel_output_unref(output) }
    // 7-bit introducers (ESC P … ESC \): C1 bytes would be mangled by UTF-8 terminals.
    sixel.sixel_output_set_8bit_availability(output, 0)
    sixel.sixel_output_set_palette_type(output, SIXEL_PALETTETYPE_RGB)
    sixel.sixel_output_set_encode_policy(output, SIXEL_ENCODEPOLICY_SIZE)
    status = rgb.withUnsafeMutableBufferPointer { px in
      sixel.sixel_encode(px.baseAddress, Int32(width), Int32(height), 0, dither, output)
    }
    guard !failed(status) else {
      return .failure(EncodeError("libsixel could not encode: \(message(status))"))
    }
    let size = PixelSize(width: width, height: height)
    return .success(
      SixelImage(
        bytes: sink.bytes, pixelSize: size,
        cellSize: SixelImage.cells(covering: size, cell: options.cell),
        colors: paletteColors))
  }

  static func failed(_ status: SIXELSTATUS) -> Bool { (status & 0x1000) != 0 }

  static func message(_ status: SIXELSTATUS) -> String {
    guard case .success(let sixel) = LibSixel.table,
      let text = sixel.sixel_helper_format_error(status)
    else { return "status \(status)" }
    return String(cString: text)
  }
}

/// The buffer libsixel writes into.
final class OutputSink {
  var bytes: [UInt8] = []
}

/// libsixel's write callback: appends `size` bytes to the `OutputSink` behind `priv`.
private func sixelWrite(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int32, _ priv: UnsafeMutableRawPointer?
) -> Int32 {
  guard let data, let priv, size > 0 else { return 0 }
  let sink = Unmanaged<OutputSink>.fromOpaque(priv).takeUnretainedValue()
  data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) {
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(size)))
  }
  return size
}

import Pixels
import CGIF
import PhotoModel

/// GIF through giflib: the first frame (interlaced or not) drawn on the logical screen,
/// with its transparent index composited on the background. Only the records up to the
/// first image are read, so a long animation costs no more than a still.
enum GIFDecoder {
  static func decode(_ data: [UInt8], options: DecodeOptions) -> Result<DecodedImage, ImageError> {
    data.withUnsafeBufferPointer { buffer -> Result<DecodedImage, ImageError> in
      guard let base = buffer.baseAddress else { return .failure(ImageError("empty file")) }
      if let failure = LibGIF.library.failure { return .failure(failure) }
      var memory = lb_gif_memory(data: base, size: buffer.count, position: 0)
      var code: Int32 = 0
      guard let gif = lb_gif_open_memory(&memory, &code) else {
        return .failure(error(code))
      }
      defer { _ = LibGIF.functions.DGifCloseFile(gif, nil) }
      return firstFrame(gif, options: options).map { DecodedImage(bitmap: $0) }
    }
  }

  private static func firstFrame(_ gif: UnsafeMutablePointer<GifFileType>, options: DecodeOptions)
    -> Result<Bitmap, ImageError>
  {
    let canvas = PixelSize(width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight))
    if let refusal = options.refusal(forStored: canvas) { return .failure(refusal) }
    var transparent: Int?
    while true {
      var record = UNDEFINED_RECORD_TYPE
      guard LibGIF.functions.DGifGetRecordType(gif, &record) == GIF_OK else {
        return .failure(error(gif))
      }
      switch record {
      case EXTENSION_RECORD_TYPE:
        var kind: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard LibGIF.functions.DGifGetExtension(gif, &kind, &block) == GIF_OK else {
          return .failure(error(gif))
        }
        // Graphic Control Extension: flags bit 0 says byte 4 is the transparent index.
        if kind == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4, block[1] & 1 != 0 {
          transparent = Int(block[4])
        }
        while block != nil {
          guard LibGIF.functions.DGifGetExtensionNext(gif, &block) == GIF_OK else {
            return .failure(error(gif))
          }
        }
      case IMAGE_DESC_RECORD_TYPE:
        guard LibGIF.functions.DGifGetImageDesc(gif) == GIF_OK else { return .failure(error(gif)) }
        return draw(gif, canvas: canvas, transparent: transparent, options: options)
      case TERMINATE_RECORD_TYPE:
        return .failure(ImageError("GIF: no image in the file"))
      default:
        break
      }
    }
  }

  /// Draws the current image descriptor's pixels onto an empty (background) canvas.
  private static func draw(
    _ gif: UnsafeMutablePointer<GifFileType>, canvas: PixelSize, transparent: Int?,
    options: DecodeOptions
  ) -> Result<Bitmap, ImageError> {
    let desc = gif.pointee.Image
    let left = Int(desc.Left)
    let top = Int(desc.Top)
    let width = Int(desc.Width)
    let height = Int(desc.Height)
    guard width > 0, height > 0, width <= 65_535, height <= 65_535 else {
      return .failure(ImageError("GIF: frame has no pixels (\(width)×\(height))"))
    }
    guard let map = desc.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
      return .failure(ImageError("GIF: no colour table"))
    }
    let colorCount = Int(map.pointee.ColorCount)
    let bg = options.background
    var bitmap = Bitmap(width: canvas.width, height: canvas.height, fill: bg)
    var line = [GifPixelType](repeating: 0, count: width)
    // Interlaced images arrive in four passes: rows 0, 4, 2 and 1 modulo 8, 8, 4 and 2.
    let rows: [Int] =
      desc.Interlace
      ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
        Array(stride(from: start, to: height, by: step))
      }
      : Array(0..<height)
    for (index, y) in rows.enumerated() {
      guard LibGIF.functions.DGifGetLine(gif, &line, Int32(width)) == GIF_OK else {
        // A truncated frame: what arrived is shown only when most of it did.
        if index * 2 >= height { break }
        return .failure(error(gif))
      }
      let cy = top + y
      guard cy >= 0, cy < canvas.height else { continue }
      bitmap.pixels.withUnsafeMutableBufferPointer { px in
        for x in 0..<width {
          let cx = left + x
          guard cx >= 0, cx < canvas.width else { continue }
          let index = Int(line[x])
          guard index != transparent, index < colorCount else { continue }
          let c = colors[index]
          let o = (cy * canvas.width + cx) * 4
          px[o] = c.Red
          px[o + 1] = c.Green
          px[o + 2] = c.Blue
        }
      }
    }
    return .success(bitmap)
  }

  private static func error(_ gif: UnsafeMutablePointer<GifFileType>) -> ImageError {
    error(gif.pointee.Error)
  }

  /// A giflib error code as a one-line reason.
  private static func error(_ code: Int32) -> ImageError {
    let text = LibGIF.functions.GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    return ImageError.oneLine("GIF: \(text)")
  }
}

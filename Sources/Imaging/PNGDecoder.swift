import CPNG
import PhotoModel

/// PNG decoding through libpng's simplified API: every colour type and bit depth, palette
/// and tRNS, interlacing and gamma are libpng's job; alpha is composited by libpng onto the
/// background (in linear light, which is what a browser does).
enum PNGDecoder {
  /// Decodes `data` (which starts with a PNG signature) into opaque RGBA at full size.
  static func decode(_ data: [UInt8], options: DecodeOptions) -> Result<Bitmap, ImageError> {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    // png_image_free is safe to call more than once and after libpng freed on error.
    defer { png_image_free(&image) }
    return data.withUnsafeBufferPointer { buffer -> Result<Bitmap, ImageError> in
      guard let base = buffer.baseAddress else { return .failure(ImageError("empty file")) }
      guard png_image_begin_read_from_memory(&image, base, buffer.count) != 0 else {
        return .failure(error(&image))
      }
      let stored = PixelSize(width: Int(image.width), height: Int(image.height))
      if let refusal = options.refusal(forStored: stored) { return .failure(refusal) }
      let rowBytes = stored.width * 3
      guard rowBytes <= Int(Int32.max) else {
        return .failure(ImageError("image too large (\(stored), limit \(options.maxPixelsText))"))
      }
      image.format = UInt32(PNG_FORMAT_RGB)
      var background = png_color(
        red: options.background.r, green: options.background.g, blue: options.background.b)
      // One RGBA-sized buffer: libpng writes packed RGB into its front, which is then
      // spread to RGBA in place, so the peak is one image, not two.
      let count = stored.area * 4
      var pixels = [UInt8](repeating: 0, count: count)
      let ok = pixels.withUnsafeMutableBufferPointer { out in
        png_image_finish_read(&image, &background, out.baseAddress, Int32(rowBytes), nil)
      }
      guard ok != 0 else { return .failure(error(&image)) }
      expandRGBToRGBA(&pixels, pixelCount: stored.area)
      return .success(Bitmap(width: stored.width, height: stored.height, pixels: pixels))
    }
  }

  /// Spreads packed RGB at the front of `pixels` into RGBA, back to front so that no pixel
  /// is overwritten before it has been read.
  static func expandRGBToRGBA(_ pixels: inout [UInt8], pixelCount: Int) {
    pixels.withUnsafeMutableBufferPointer { p in
      var i = pixelCount - 1
      while i >= 0 {
        let s = i * 3
        let d = i * 4
        let r = p[s]
        let g = p[s + 1]
        let b = p[s + 2]
        p[d] = r
        p[d + 1] = g
        p[d + 2] = b
        p[d + 3] = 255
        i -= 1
      }
    }
  }

  private static func error(_ image: inout png_image) -> ImageError {
    let text = withUnsafeBytes(of: &image.message) { raw -> String in
      let bytes = raw.prefix { $0 != 0 }
      return String(decoding: bytes, as: UTF8.self)
    }
    return ImageError.oneLine(text, fallback: "corrupt PNG data")
  }
}

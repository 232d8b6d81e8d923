import Pixels
import CPNG
import PhotoModel

/// PNG decoding through libpng's simplified API: every colour type and bit depth, palette
/// and tRNS, interlacing and gamma are libpng's job (it hands over 8-bit sRGB RGBA); alpha
/// is then composited onto the background here, on the sRGB values, as browsers and image
/// viewers blend, so a translucent pixel is exactly `a·c + (1−a)·background`, rounded.
enum PNGDecoder {
  /// Decodes `data` (which starts with a PNG signature) into opaque RGBA at full size.
  static func decode(_ data: [UInt8], options: DecodeOptions) -> Result<Bitmap, ImageError> {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    // png_image_free is safe to call more than once and after libpng freed on error.
    defer { png_image_free(&image) }
    return data.withUnsafeBufferPointer { buffer -> Result<Bitmap, ImageError> in
      guard let base = buffer.baseAddress else { return .failure(ImageError("empty file")) }
      if let refusal = oversizedChunk(in: buffer) { return .failure(refusal) }
      guard png_image_begin_read_from_memory(&image, base, buffer.count) != 0 else {
        return .failure(error(&image))
      }
      let stored = PixelSize(width: Int(image.width), height: Int(image.height))
      if let refusal = options.refusal(forStored: stored) { return .failure(refusal) }
      let rowBytes = stored.width * 4
      guard rowBytes <= Int(Int32.max) else {
        return .failure(ImageError("image too large (\(stored), limit \(options.maxPixelsText))"))
      }
      image.format = 3  // PNG_FORMAT_RGBA (colour | alpha; a macro Swift does not import)
      let count = stored.area * 4
      var pixels = [UInt8](repeating: 0, count: count)
      let ok = pixels.withUnsafeMutableBufferPointer { out in
        png_image_finish_read(&image, nil, out.baseAddress, Int32(rowBytes), nil)
      }
      guard ok != 0 else { return .failure(error(&image)) }
      composite(&pixels, on: options.background)
      return .success(Bitmap(width: stored.width, height: stored.height, pixels: pixels))
    }
  }

  /// A chunk before the image data that claims more bytes than the file has left, as a
  /// refusal. libpng allocates a text, profile or metadata chunk's declared length before it
  /// reads it (found by fuzzing: 1 GB for a 1 KB file); image data is read as it streams,
  /// so a truncated IDAT is left to libpng, which decodes what is there or fails.
  static func oversizedChunk(in bytes: UnsafeBufferPointer<UInt8>) -> ImageError? {
    var offset = 8  // the signature
    while offset + 8 <= bytes.count {
      let length =
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
      let type = Array(bytes[(offset + 4)..<(offset + 8)])
      if type == Array("IDAT".utf8) || type == Array("IEND".utf8) { return nil }
      let left = bytes.count - offset - 12
      if length > left {
        let letters = type.allSatisfy { (65...90).contains($0) || (97...122).contains($0) }
        let name = letters ? String(decoding: type, as: UTF8.self) + " " : ""
        return ImageError(
          "PNG chunk \(name)claims \(length) bytes but the file has \(max(0, left)) left"
            + " (truncated or corrupt)")
      }
      offset += 12 + length
    }
    return nil
  }

  /// Blends every translucent pixel onto `background` and makes it opaque; opaque pixels
  /// are left as they are.
  static func composite(_ pixels: inout [UInt8], on background: RGB) {
    let bg = (UInt32(background.r), UInt32(background.g), UInt32(background.b))
    pixels.withUnsafeMutableBufferPointer { p in
      var i = 0
      let n = p.count
      while i < n {
        let a = UInt32(p[i + 3])
        if a != 255 {
          let rest = 255 - a
          p[i] = UInt8((UInt32(p[i]) * a + bg.0 * rest + 127) / 255)
          p[i + 1] = UInt8((UInt32(p[i + 1]) * a + bg.1 * rest + 127) / 255)
          p[i + 2] = UInt8((UInt32(p[i + 2]) * a + bg.2 * rest + 127) / 255)
          p[i + 3] = 255
        }
        i += 4
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

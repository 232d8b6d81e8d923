import Pixels
import CTIFF
import PhotoModel

/// TIFF through libtiff: the first page (or, for a small target, its smallest
/// reduced-resolution page that covers it), in every layout libtiff's RGBA interface reads
/// (8/16-bit, RGB, grey, palette, CMYK, YCbCr and JPEG-in-TIFF, tiled or striped, planar
/// or chunky), alpha composited; with its ICC profile.
///
/// The pixels are returned in stored layout: the caller applies the Orientation tag (read
/// with the rest of the metadata), as for a JPEG's EXIF orientation.
enum TIFFDecoder {
  static func decode(_ data: [UInt8], options: DecodeOptions) -> Result<DecodedImage, ImageError> {
    data.withUnsafeBufferPointer { buffer -> Result<DecodedImage, ImageError> in
      guard let base = buffer.baseAddress else { return .failure(ImageError("empty file")) }
      if let failure = LibTIFF.library.failure { return .failure(failure) }
      let memory = UnsafeMutablePointer<lb_tiff_memory>.allocate(capacity: 1)
      defer { memory.deallocate() }
      memory.initialize(to: lb_tiff_memory())
      memory.pointee.data = base
      memory.pointee.size = UInt64(buffer.count)
      // One allocation never exceeds the whole pixel budget's RGBA.
      guard let tif = lb_tiff_open_memory(memory, tmsize_t(min(options.maxPixels, 1 << 29) * 4))
      else { return .failure(error(memory, fallback: "not a readable TIFF file")) }
      defer { lb_tiff_close(tif) }
      var width: UInt32 = 0
      var height: UInt32 = 0
      _ = lb_tiff_get_u32(tif, UInt32(TIFFTAG_IMAGEWIDTH), &width)
      _ = lb_tiff_get_u32(tif, UInt32(TIFFTAG_IMAGELENGTH), &height)
      let stored = PixelSize(width: Int(width), height: Int(height))
      if let refusal = options.refusal(forStored: stored) { return .failure(refusal) }
      var orientation: UInt16 = 1
      _ = lb_tiff_get_u16(tif, UInt32(TIFFTAG_ORIENTATION), &orientation)
      if !(1...8).contains(orientation) { orientation = 1 }
      let profile = iccProfile(tif)
      let page = reducedPage(tif, stored: stored, orientation: orientation, options: options)
      guard lb_tiff_set_directory(tif, UInt32(page.index)) != 0 else {
        return .failure(error(memory, fallback: "the page is unreadable"))
      }
      return pixels(tif, memory, size: page.size, orientation: orientation, options: options)
        .map { DecodedImage(bitmap: $0, profile: profile) }
    }
  }

  /// The page `decode` reads for `options`: its directory index and size (for tests).
  static func page(_ data: [UInt8], options: DecodeOptions) -> (index: Int, size: PixelSize)? {
    data.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, LibTIFF.library.failure == nil else { return nil }
      var memory = lb_tiff_memory()
      memory.data = base
      memory.size = UInt64(buffer.count)
      return withUnsafeMutablePointer(to: &memory) { pointer in
        guard let tif = lb_tiff_open_memory(pointer, 1 << 30) else { return nil }
        defer { lb_tiff_close(tif) }
        var w: UInt32 = 0
        var h: UInt32 = 0
        _ = lb_tiff_get_u32(tif, UInt32(TIFFTAG_IMAGEWIDTH), &w)
        _ = lb_tiff_get_u32(tif, UInt32(TIFFTAG_IMAGELENGTH), &h)
        return reducedPage(
          tif, stored: PixelSize(width: Int(w), height: Int(h)), orientation: 1, options: options)
      }
    }
  }

  /// The smallest reduced-resolution page (NewSubfileType 1, where scanners and editors keep
  /// a preview) of the first image's shape that still covers what `options` needs; the
  /// first page itself when there is none.
  private static func reducedPage(
    _ tif: OpaquePointer, stored: PixelSize, orientation: UInt16, options: DecodeOptions
  ) -> (index: Int, size: PixelSize) {
    let turn = Orientation(exifValue: Int(orientation))
    let needed = options.requiredSize(forDisplay: turn.displaySize(ofStored: stored))
    let neededStored = turn.swapsDimensions ? needed.transposed : needed
    var best = (index: 0, size: stored)
    var index = 0
    // A file may chain many pages (a fax, a scanned book): a few are looked at.
    while index < 16, lb_tiff_read_directory(tif) != 0 {
      index += 1
      var kind: UInt32 = 0
      var w: UInt32 = 0
      var h: UInt32 = 0
      guard lb_tiff_get_u32(tif, UInt32(TIFFTAG_SUBFILETYPE), &kind) != 0,
        kind & UInt32(FILETYPE_REDUCEDIMAGE) != 0,
        lb_tiff_get_u32(tif, UInt32(TIFFTAG_IMAGEWIDTH), &w) != 0,
        lb_tiff_get_u32(tif, UInt32(TIFFTAG_IMAGELENGTH), &h) != 0
      else { continue }
      let size = PixelSize(width: Int(w), height: Int(h))
      // The same shape (to within rounding) and large enough.
      let skew = abs(size.width * stored.height - size.height * stored.width)
      if skew <= max(stored.width, stored.height), size.width >= neededStored.width,
        size.height >= neededStored.height, size.area < best.size.area
      {
        best = (index, size)
      }
    }
    return best
  }

  /// The current page's pixels, rows as stored, alpha composited on the background.
  private static func pixels(
    _ tif: OpaquePointer, _ memory: UnsafeMutablePointer<lb_tiff_memory>, size: PixelSize,
    orientation: UInt16, options: DecodeOptions
  ) -> Result<Bitmap, ImageError> {
    var raster = [UInt32](repeating: 0, count: size.area)
    // Asking for the file's own orientation makes libtiff hand over the rows as stored
    // (its RGBA reader flips but never transposes, so it cannot turn 5–8 upright itself).
    let ok = raster.withUnsafeMutableBufferPointer { out -> Int32 in
      guard let base = out.baseAddress else { return 0 }
      return lb_tiff_read_rgba_oriented(
        tif, UInt32(size.width), UInt32(size.height), base, Int32(orientation))
    }
    guard ok != 0 else {
      return .failure(error(memory, fallback: "the image data is unreadable"))
    }
    var pixels = [UInt8](repeating: 0, count: size.area * 4)
    pixels.withUnsafeMutableBytes { out in
      raster.withUnsafeBytes { out.copyMemory(from: $0) }
    }
    PNGDecoder.composite(&pixels, on: options.background)
    return .success(Bitmap(width: size.width, height: size.height, pixels: pixels))
  }

  private static func iccProfile(_ tif: OpaquePointer) -> ColorSource? {
    var count: UInt32 = 0
    var data: UnsafeMutableRawPointer?
    guard lb_tiff_get_bytes(tif, UInt32(TIFFTAG_ICCPROFILE), &count, &data) != 0, let data,
      count > 0, count < 16 << 20
    else { return nil }
    return .icc(Array(UnsafeRawBufferPointer(start: data, count: Int(count))))
  }

  /// The first message libtiff reported as a one-line reason.
  private static func error(_ memory: UnsafeMutablePointer<lb_tiff_memory>, fallback: String)
    -> ImageError
  {
    let message = withUnsafeBytes(of: memory.pointee.error) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    return ImageError.oneLine("TIFF: \(message.isEmpty ? fallback : message)")
  }
}

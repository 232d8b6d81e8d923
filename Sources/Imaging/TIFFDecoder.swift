import CTIFF
import PhotoModel

/// TIFF through libtiff: the first page, in every layout libtiff's RGBA interface reads
/// (8/16-bit, RGB, grey, palette, CMYK, YCbCr and JPEG-in-TIFF, tiled or striped, planar
/// or chunky), alpha composited; with its ICC profile.
///
/// The pixels are returned in stored layout: the caller applies the Orientation tag (read
/// with the rest of the metadata), as for a JPEG's EXIF orientation.
enum TIFFDecoder {
  static func decode(_ data: [UInt8], options: DecodeOptions) -> Result<DecodedImage, ImageError> {
    data.withUnsafeBufferPointer { buffer -> Result<DecodedImage, ImageError> in
      guard let base = buffer.baseAddress else { return .failure(ImageError("empty file")) }
      let memory = UnsafeMutablePointer<lb_tiff_memory>.allocate(capacity: 1)
      defer { memory.deallocate() }
      memory.initialize(to: lb_tiff_memory())
      memory.pointee.data = base
      memory.pointee.size = UInt64(buffer.count)
      // One allocation never exceeds the whole pixel budget's RGBA.
      guard let tif = lb_tiff_open_memory(memory, tmsize_t(min(options.maxPixels, 1 << 29) * 4))
      else { return .failure(error(memory, fallback: "not a readable TIFF file")) }
      defer { TIFFClose(tif) }
      var width: UInt32 = 0
      var height: UInt32 = 0
      _ = lb_tiff_get_u32(tif, UInt32(TIFFTAG_IMAGEWIDTH), &width)
      _ = lb_tiff_get_u32(tif, UInt32(TIFFTAG_IMAGELENGTH), &height)
      let stored = PixelSize(width: Int(width), height: Int(height))
      if let refusal = options.refusal(forStored: stored) { return .failure(refusal) }
      var orientation: UInt16 = 1
      _ = lb_tiff_get_u16(tif, UInt32(TIFFTAG_ORIENTATION), &orientation)
      if !(1...8).contains(orientation) { orientation = 1 }
      var raster = [UInt32](repeating: 0, count: stored.area)
      // Asking for the file's own orientation makes libtiff hand over the rows as stored
      // (its RGBA reader flips but never transposes, so it cannot turn 5–8 upright itself).
      let ok = raster.withUnsafeMutableBufferPointer { out in
        TIFFReadRGBAImageOriented(tif, width, height, out.baseAddress, Int32(orientation), 0)
      }
      guard ok != 0 else {
        return .failure(error(memory, fallback: "the image data is unreadable"))
      }
      var pixels = [UInt8](repeating: 0, count: stored.area * 4)
      pixels.withUnsafeMutableBytes { out in
        raster.withUnsafeBytes { out.copyMemory(from: $0) }
      }
      // libtiff hands over associated (premultiplied) alpha as stored; unassociate it.
      PNGDecoder.composite(&pixels, on: options.background)
      return .success(
        DecodedImage(
          bitmap: Bitmap(width: stored.width, height: stored.height, pixels: pixels),
          profile: iccProfile(tif)))
    }
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

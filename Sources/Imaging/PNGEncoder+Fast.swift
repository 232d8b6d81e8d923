import CPNG

extension PNGEncoder {
  /// Encodes like `encode(_:text:)` but favours speed over size: libpng's
  /// `PNG_IMAGE_FLAG_FAST` (no row filters, zlib level 3).
  ///
  /// For cache files that are written once and read back locally (freedesktop thumbnails):
  /// with the default settings, zlib takes a third of a 256 px thumbnail's whole cost
  /// (decode included); the fast file is somewhat larger.
  public static func encodeFast(_ bitmap: Bitmap, text: [(key: String, value: String)] = [])
    -> Result<[UInt8], ImageError>
  {
    let width = bitmap.width
    let height = bitmap.height
    guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
      return .failure(ImageError("cannot encode a \(width)×\(height) image as PNG"))
    }
    let (expected, overflow) = width.multipliedReportingOverflow(by: height * 4)
    guard !overflow, bitmap.pixels.count == expected else {
      return .failure(
        ImageError("bitmap has \(bitmap.pixels.count) bytes, not \(width)×\(height)×4"))
    }
    var chunks: [UInt8] = []
    for (key, value) in text {
      switch textChunk(key: key, value: value) {
      case .success(let chunk): chunks += chunk
      case .failure(let error): return .failure(error)
      }
    }
    let pixelCount = width * height
    let opaque = bitmap.pixels.withUnsafeBufferPointer { px -> Bool in
      var i = 3
      while i < px.count {
        if px[i] != 255 { return false }
        i += 4
      }
      return true
    }
    let source: [UInt8]
    if opaque {
      source = [UInt8](unsafeUninitializedCapacity: pixelCount * 3) { out, count in
        bitmap.pixels.withUnsafeBufferPointer { px in
          var p = 0
          while p < pixelCount {
            out[p &* 3] = px[p &* 4]
            out[p &* 3 &+ 1] = px[p &* 4 &+ 1]
            out[p &* 3 &+ 2] = px[p &* 4 &+ 2]
            p &+= 1
          }
        }
        count = pixelCount * 3
      }
    } else {
      source = bitmap.pixels
    }
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(width)
    image.height = UInt32(height)
    image.format = opaque ? 2 : 3  // PNG_FORMAT_RGB, PNG_FORMAT_RGBA
    image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
    defer { png_image_free(&image) }
    // Unfiltered level-3 deflate can exceed the raw size slightly; leave zlib's margin.
    let raw = height * (1 + width * (opaque ? 3 : 4))
    var capacity = raw + raw / 8 + 8192
    for _ in 0..<2 {
      var out = [UInt8](unsafeUninitializedCapacity: capacity) { _, count in count = capacity }
      var written = png_alloc_size_t(capacity)
      let ok = out.withUnsafeMutableBytes { dst in
        source.withUnsafeBytes { src in
          png_image_write_to_memory(&image, dst.baseAddress, &written, 0, src.baseAddress, 0, nil)
        }
      }
      if ok != 0 {
        out.removeSubrange(Int(written)...)
        return .success(insertingAfterHeader(chunks, into: out))
      }
      guard Int(written) > capacity else { break }
      capacity = Int(written)
      image.opaque = nil
      image.warning_or_error = 0
    }
    return .failure(ImageError("PNG encoding failed"))
  }

  /// `png` with `chunks` placed right after its IHDR (where thumbnail readers look first).
  private static func insertingAfterHeader(_ chunks: [UInt8], into png: [UInt8]) -> [UInt8] {
    let afterIHDR = 8 + 25
    guard !chunks.isEmpty, png.count > afterIHDR else { return png }
    var out: [UInt8] = []
    out.reserveCapacity(png.count + chunks.count)
    out += png[0..<afterIHDR]
    out += chunks
    out += png[afterIHDR...]
    return out
  }
}

import CPNG
import CPNGWriter
import PhotoModel

/// Writes PNG files with libpng.
public enum PNGEncoder {
  /// Encodes a bitmap as 8-bit RGBA (or RGB when opaque) with tEXt chunks in order.
  ///
  /// Keys must be 1–79 Latin-1 printable characters without leading, trailing or doubled
  /// spaces; keys and values must be Latin-1 without NUL (tEXt carries no other encoding).
  /// The chunks are placed right after IHDR, where readers that stop early (the thumbnail
  /// spec's `Thumb::URI`/`Thumb::MTime` checks) find them first.
  ///
  /// `fast` favours speed for cache files written once and read back locally, such as
  /// freedesktop thumbnails: every row Sub-filtered and a Huffman-only deflate stream, from
  /// a small C writer (`lb_png_write_fast`). On a 256 px photo thumbnail that is 0.46 ms
  /// against 2.0 ms for libpng with zlib's Huffman-only mode (same size) and 7.8 ms for
  /// libpng's simplified "fast" flag (no filters, zlib level 3), and a quarter smaller than
  /// the latter; with libpng's defaults zlib took a third of a thumbnail's cost.
  public static func encode(
    _ bitmap: Bitmap, text: [(key: String, value: String)] = [], fast: Bool = false
  ) -> Result<[UInt8], ImageError> {
    let width = bitmap.width
    let height = bitmap.height
    guard width > 0, height > 0 else {
      return .failure(ImageError("cannot encode an empty image (\(width)×\(height)) as PNG"))
    }
    guard width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
      return .failure(ImageError("image too large for PNG (\(width)×\(height))"))
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
    let png: [UInt8]
    switch writeImage(bitmap, fast: fast) {
    case .success(let bytes): png = bytes
    case .failure(let error): return .failure(error)
    }
    // Signature (8) + IHDR chunk (4 length + 4 type + 13 data + 4 CRC).
    let afterIHDR = 8 + 25
    guard png.count > afterIHDR, png[12] == 0x49, png[13] == 0x48, png[14] == 0x44,
      png[15] == 0x52
    else {
      return .failure(ImageError("libpng wrote an unexpected stream (no IHDR first)"))
    }
    if chunks.isEmpty { return .success(png) }
    var out: [UInt8] = []
    out.reserveCapacity(png.count + chunks.count)
    out += png[0..<afterIHDR]
    out += chunks
    out += png[afterIHDR...]
    return .success(out)
  }

  /// libpng's simplified writer (no setjmp/longjmp crosses Swift frames), or the fast cache
  /// writer.
  private static func writeImage(_ bitmap: Bitmap, fast: Bool) -> Result<[UInt8], ImageError> {
    let pixelCount = bitmap.width * bitmap.height
    var opaque = true
    bitmap.pixels.withUnsafeBufferPointer { px in
      var i = 3
      while i < px.count {
        if px[i] != 255 {
          opaque = false
          break
        }
        i += 4
      }
    }
    if fast {
      return writeFast(bitmap, opaque: opaque)
    }
    let source: [UInt8]
    if opaque {
      source = [UInt8](unsafeUninitializedCapacity: pixelCount * 3) { out, count in
        bitmap.pixels.withUnsafeBufferPointer { px in
          for p in 0..<pixelCount {
            out[p * 3] = px[p * 4]
            out[p * 3 + 1] = px[p * 4 + 1]
            out[p * 3 + 2] = px[p * 4 + 2]
          }
        }
        count = pixelCount * 3
      }
    } else {
      source = bitmap.pixels
    }

    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(bitmap.width)
    image.height = UInt32(bitmap.height)
    // PNG_FORMAT_RGB = PNG_FORMAT_FLAG_COLOR (2); RGBA adds PNG_FORMAT_FLAG_ALPHA (1).
    image.format = opaque ? 2 : 3
    defer { png_image_free(&image) }

    // Raw filtered rows plus zlib's worst-case stored-block and IDAT chunk overhead; on the
    // rare miss libpng reports the size it needs and we try once more.
    let raw = bitmap.height * (1 + bitmap.width * (opaque ? 3 : 4))
    var capacity = raw + raw / 8 + 8192
    for _ in 0..<2 {
      var out = [UInt8](repeating: 0, count: capacity)
      var written = png_alloc_size_t(capacity)
      let ok = out.withUnsafeMutableBytes { dst in
        source.withUnsafeBytes { src in
          png_image_write_to_memory(&image, dst.baseAddress, &written, 0, src.baseAddress, 0, nil)
        }
      }
      if ok != 0 {
        out.removeSubrange(Int(written)...)
        return .success(out)
      }
      if Int(written) > capacity {
        capacity = Int(written)
        image.opaque = nil
        image.warning_or_error = 0
        continue
      }
      return .failure(ImageError("PNG encoding failed: \(message(of: &image))"))
    }
    return .failure(ImageError("PNG encoding failed: output buffer too small"))
  }

  /// Sub filter and Huffman-only deflate through `lb_png_write_fast` (RGBA rows in; RGB out
  /// when opaque).
  private static func writeFast(_ bitmap: Bitmap, opaque: Bool) -> Result<[UInt8], ImageError> {
    var stream: UnsafeMutablePointer<UInt8>?
    var size = 0
    let status = bitmap.pixels.withUnsafeBufferPointer { px in
      lb_png_write_fast(
        px.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), opaque ? 1 : 0, &stream,
        &size)
    }
    guard status == 0, let stream else {
      return .failure(
        ImageError(
          "PNG encoding failed: \(bitmap.width)×\(bitmap.height) is too large or memory ran out"))
    }
    defer { lb_png_free(stream) }
    return .success(Array(UnsafeBufferPointer(start: stream, count: size)))
  }

  private static func message(of image: inout png_image) -> String {
    withUnsafeBytes(of: &image.message) { raw in
      let bytes = raw.prefix { $0 != 0 }
      return bytes.isEmpty ? "unknown error" : String(decoding: bytes, as: UTF8.self)
    }
  }

  /// One tEXt chunk (length, type, key NUL value, CRC), or why the pair cannot be written.
  static func textChunk(key: String, value: String) -> Result<[UInt8], ImageError> {
    guard let keyBytes = latin1(key), let valueBytes = latin1(value) else {
      return .failure(ImageError("PNG text \"\(key)\" is not Latin-1"))
    }
    guard (1...79).contains(keyBytes.count) else {
      return .failure(ImageError("PNG text key must be 1–79 bytes (got \(keyBytes.count))"))
    }
    let printable = keyBytes.allSatisfy { (32...126).contains($0) || (161...255).contains($0) }
    let badSpaces =
      keyBytes.first == 32 || keyBytes.last == 32
      || zip(keyBytes, keyBytes.dropFirst()).contains { $0 == 32 && $1 == 32 }
    guard printable, !badSpaces else {
      return .failure(ImageError("PNG text key \"\(key)\" has characters tEXt does not allow"))
    }
    guard !valueBytes.contains(0) else {
      return .failure(ImageError("PNG text value for \"\(key)\" contains NUL"))
    }
    let dataLength = keyBytes.count + 1 + valueBytes.count
    guard dataLength <= Int(Int32.max) else {
      return .failure(ImageError("PNG text value for \"\(key)\" is too long"))
    }
    var body: [UInt8] = [0x74, 0x45, 0x58, 0x74]  // "tEXt"
    body.reserveCapacity(4 + dataLength)
    body += keyBytes
    body.append(0)
    body += valueBytes
    var chunk = bigEndian32(UInt32(dataLength))
    chunk += body
    chunk += bigEndian32(crc32(body))
    return .success(chunk)
  }

  private static func latin1(_ text: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      guard scalar.value <= 255 else { return nil }
      bytes.append(UInt8(scalar.value))
    }
    return bytes
  }

  /// CRC-32 as PNG chunks use it (ISO 3309, polynomial 0xEDB88320, reflected): pass a
  /// chunk's type and data, not its length.
  public static func crc32<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }

  private static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  private static func bigEndian32(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }
}

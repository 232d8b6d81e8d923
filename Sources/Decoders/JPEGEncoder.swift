import Pixels
import CTurboJPEG

/// Writes JPEG files with libjpeg-turbo.
public enum JPEGEncoder {
  /// The largest TIFF structure that fits in one APP1 segment: the segment length field
  /// (65535) counts itself (2 bytes) and the "Exif\0\0" header (6 bytes).
  public static let maxExifBytes = 65_535 - 2 - 6

  /// Encodes an opaque bitmap at `quality` (1…100); `exif` is a TIFF structure (starting with
  /// "II*\0" or "MM\0*") written as an APP1 "Exif\0\0" segment right after SOI.
  ///
  /// Chroma is subsampled 4:2:0 like a camera's. Alpha is ignored. Quality outside 1…100 is
  /// clamped. When `exif` is given the JFIF APP0 segment is left out, as cameras do, so that
  /// the Exif segment is the first thing after SOI.
  public static func encode(_ bitmap: Bitmap, quality: Int, exif: [UInt8]? = nil)
    -> Result<[UInt8], ImageError>
  {
    let width = bitmap.width
    let height = bitmap.height
    guard width > 0, height > 0 else {
      return .failure(ImageError("cannot encode an empty image (\(width)×\(height)) as JPEG"))
    }
    // JPEG stores each side in 16 bits.
    guard width <= 65_535, height <= 65_535 else {
      return .failure(ImageError("image too large for JPEG (\(width)×\(height))"))
    }
    let (expected, overflow) = width.multipliedReportingOverflow(by: height * 4)
    guard !overflow, bitmap.pixels.count == expected else {
      return .failure(
        ImageError("bitmap has \(bitmap.pixels.count) bytes, not \(width)×\(height)×4"))
    }
    if let exif {
      if let problem = exifProblem(exif) { return .failure(ImageError(problem)) }
    }
    guard let handle = tjInitCompress() else {
      return .failure(ImageError("TurboJPEG could not start a compressor"))
    }
    defer { tjDestroy(handle) }

    var buffer: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    // TurboJPEG allocates the output with tjAlloc; it must be released with tjFree on every
    // path, including failure (it may have allocated before failing).
    defer { if let buffer { tjFree(buffer) } }
    let clamped = Int32(min(max(quality, 1), 100))
    let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
      tjCompress2(
        handle, pixels.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGBA.rawValue),
        &buffer, &size, Int32(TJSAMP_420.rawValue), clamped, 0)
    }
    guard status == 0, let buffer, size >= 4 else {
      let reason = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
      return .failure(ImageError("JPEG compression failed: \(reason)"))
    }
    let encoded = UnsafeBufferPointer(start: buffer, count: Int(size))
    guard let exif else { return .success(Array(encoded)) }
    return .success(splice(exif: exif, into: encoded))
  }

  /// Why `exif` cannot be embedded, or nil when it can.
  static func exifProblem(_ exif: [UInt8]) -> String? {
    guard exif.count <= maxExifBytes else {
      return "EXIF block of \(exif.count) bytes does not fit in one APP1 segment"
        + " (at most \(maxExifBytes))"
    }
    let little: [UInt8] = [0x49, 0x49, 0x2A, 0x00]
    let big: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A]
    guard exif.count >= 8, Array(exif[0..<4]) == little || Array(exif[0..<4]) == big else {
      return "EXIF block is not a TIFF structure (must start with II*\\0 or MM\\0*)"
    }
    return nil
  }

  /// SOI, APP1 "Exif\0\0" + TIFF, then the encoder's output after SOI minus a JFIF APP0.
  private static func splice(exif: [UInt8], into jpeg: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var rest = 2  // after SOI
    if jpeg.count >= 11, jpeg[2] == 0xFF, jpeg[3] == 0xE0, jpeg[6] == 0x4A, jpeg[7] == 0x46,
      jpeg[8] == 0x49, jpeg[9] == 0x46, jpeg[10] == 0x00
    {
      let length = Int(jpeg[4]) << 8 | Int(jpeg[5])
      if 4 + length <= jpeg.count { rest = 4 + length }
    }
    let segmentLength = 2 + 6 + exif.count
    var out: [UInt8] = []
    out.reserveCapacity(jpeg.count - rest + 4 + segmentLength)
    out += [0xFF, 0xD8, 0xFF, 0xE1, UInt8(segmentLength >> 8), UInt8(segmentLength & 0xFF)]
    out += [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]  // "Exif\0\0"
    out += exif
    out += jpeg[rest...]
    return out
  }
}

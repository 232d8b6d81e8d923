import Pixels
import PhotoModel

extension JPEGDecoder {
  /// Decodes `data` like `decode(_:options:)`, but a progressive file that will be decoded
  /// at scale 1/8 for a fast (thumbnail) request goes through its DC scans only.
  ///
  /// The result is the same image (see `ProgressiveJPEG`); if the shortened stream fails
  /// for any reason the whole file is decoded instead, so the shortcut can only save time.
  static func decodePreferringDCScans(_ data: [UInt8], options: DecodeOptions)
    -> Result<Bitmap, ImageError>
  {
    guard options.quality == .fast, let stream = dcStream(data, options: options) else {
      return decode(data, options: options)
    }
    switch decode(stream, options: options) {
    case .success(let bitmap): return .success(bitmap)
    case .failure: return decode(data, options: options)
    }
  }

  /// The DC-only stream of `data` when the decode would run at 1/8, else nil.
  static func dcStream(_ data: [UInt8], options: DecodeOptions) -> [UInt8]? {
    data.withUnsafeBufferPointer { buffer -> [UInt8]? in
      let markers = JPEGMarkers(buffer)
      guard markers.hasFrame, markers.width > 0, markers.height > 0 else { return nil }
      let stored = PixelSize(width: markers.width, height: markers.height)
      let factor = scalingFactor(stored: stored, options: options)
      // Only at 1/8 is the IDCT DC-only; at larger scales the AC scans carry real detail.
      guard factor.num * 8 == factor.denom else { return nil }
      return ProgressiveJPEG.dcScansOnly(buffer)
    }
  }
}

extension ImageDecoder {
  /// Decodes like `decode(data:options:)` but never takes the progressive DC-scan shortcut:
  /// every scan of a JPEG is decoded. For measurements and tests that compare the two.
  public static func decodeAllScans(data: [UInt8], options: DecodeOptions)
    -> Result<Bitmap, ImageError>
  {
    guard format(of: data) == .jpeg, !options.target.isEmpty else {
      return decodeInProcess(data: data, options: options)
    }
    return JPEGDecoder.decode(data, options: options).map {
      finish(DecodedImage(bitmap: $0, profile: ICCProfile.jpeg(data)), options: options)
    }
  }

  /// True when `decode(data:options:)` would decode `data` from its DC scans only.
  public static func usesDCScansOnly(data: [UInt8], options: DecodeOptions) -> Bool {
    guard format(of: data) == .jpeg, options.quality == .fast, !options.target.isEmpty else {
      return false
    }
    return JPEGDecoder.dcStream(data, options: options) != nil
  }
}

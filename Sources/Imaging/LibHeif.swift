import CHeif

/// libheif's functions, from the library loaded the first time a HEIF or AVIF is decoded
/// (not linked: it and its codecs cost every start of Lightbox ~10 ms; DECISIONS.md,
/// 2026-11-26).
public enum LibHeif {
  /// The functions, or why the library could not be loaded.
  static let loaded: Result<lb_heif, ImageError> = {
    if let table = lb_heif_load() { return .success(table.pointee) }
    return .failure(ImageError("libheif unavailable (\(String(cString: lb_heif_error())))"))
  }()

  /// Loads the library now; the decode worker does so before it enters its sandbox (see
  /// `FFmpeg.preload`). The reason it could not be loaded, or nil.
  @discardableResult
  public static func preload() -> ImageError? {
    if case .failure(let error) = loaded { return error }
    return nil
  }

  /// The functions, once `loaded` succeeded: every caller is inside `HEIFDecoder.decode`,
  /// which checks it first.
  static var functions: lb_heif {
    guard case .success(let table) = loaded else {
      preconditionFailure("libheif called before HEIFDecoder.decode checked it")
    }
    return table
  }
}

import CSixel

/// libsixel's functions, from the library loaded the first time it encodes a picture (not
/// linked: the small image libraries together cost every start of Lightbox ~0.5 ms, and only
/// `--sixel-encoder libsixel` uses it; DECISIONS.md, 2026-11-29).
enum LibSixel {
  /// The functions, or why the library could not be loaded.
  static let table: Result<lb_sixel, SixelEncoder.EncodeError> = {
    guard let loaded = lb_sixel_load() else {
      return .failure(
        SixelEncoder.EncodeError("libsixel unavailable (\(String(cString: lb_sixel_error())))"))
    }
    return .success(loaded.pointee)
  }()
}

import Pixels
import CHeif

/// libheif's functions, from the library loaded the first time a HEIF or AVIF is decoded
/// (not linked: it and its codecs cost every start of Lightbox ~10 ms; DECISIONS.md,
/// 2026-11-26).
public enum LibHeif {
  static let library = LoadedLibrary(
    "libheif", checkedBy: "HEIFDecoder.decode", load: lb_heif_load, reason: lb_heif_error)

  /// Loads the library now; the decode worker does so before it enters its sandbox (see
  /// `FFmpeg.preload`). The reason it could not be loaded, or nil.
  @discardableResult
  public static func preload() -> ImageError? { library.failure }

  /// The functions: every caller is inside `HEIFDecoder.decode`, which checks them first.
  static var functions: lb_heif { library.functions }
}

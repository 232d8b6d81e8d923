import CTIFF
import Pixels

/// libtiff, loaded the first time a TIFF is decoded (not linked: with its codecs it cost
/// every start of Lightbox ~1 ms; DECISIONS.md, 2026-11-29).
public enum LibTIFF {
  /// Why the library could not be loaded, or nil; loaded on first read.
  static let failure: ImageError? =
    lb_tiff_load() == 0
    ? nil : ImageError("libtiff unavailable (\(String(cString: lb_tiff_error())))")

  /// Loads the library now; the decode worker does so before it enters its sandbox (see
  /// `FFmpeg.preload`). The reason it could not be loaded, or nil.
  @discardableResult
  public static func preload() -> ImageError? { failure }
}

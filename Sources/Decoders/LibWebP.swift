import CWebP
import Pixels

/// libwebp's and libwebpdemux's functions, from the libraries loaded the first time a WebP
/// is decoded (not linked: the small image libraries together cost every start of Lightbox
/// ~0.5 ms; DECISIONS.md, 2026-11-29).
enum LibWebP {
  static let library = LoadedLibrary(
    "libwebp", checkedBy: "WebPDecoder.decode and WebPDecoder.openAnimation",
    load: lb_webp_load, reason: lb_webp_error)

  /// The functions: every caller is past `WebPDecoder.decode` or `openAnimation`, which
  /// check them first.
  static var functions: lb_webp { library.functions }
}

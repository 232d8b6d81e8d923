import CGIF
import Pixels

/// giflib's functions, from the library loaded the first time a GIF is decoded (not linked:
/// the small decoder libraries together cost every start of Lightbox ~0.5 ms; DECISIONS.md,
/// 2026-11-29).
enum LibGIF {
  static let library = LoadedLibrary(
    "giflib", checkedBy: "GIFDecoder.decode", load: lb_gif_load, reason: lb_gif_error)

  /// The functions: every caller is inside `GIFDecoder.decode`, which checks them first.
  static var functions: lb_gif { library.functions }
}

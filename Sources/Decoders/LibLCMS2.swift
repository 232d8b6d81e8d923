import CLCMS2
import Pixels

/// lcms2's functions, from the library loaded the first time a photo's colour profile is
/// converted (not linked: the small image libraries together cost every start of Lightbox
/// ~0.5 ms; DECISIONS.md, 2026-11-29).
enum LibLCMS2 {
  static let library = LoadedLibrary(
    "lcms2", checkedBy: "TransformCache.make", load: lb_lcms2_load, reason: lb_lcms2_error)

  /// The functions: every caller is past `TransformCache.make`, which checks them first.
  static var functions: lb_lcms2 { library.functions }
}

import CTIFF
import Pixels

/// libtiff, loaded the first time a TIFF is decoded (not linked: with its codecs it cost
/// every start of Lightbox ~1 ms; DECISIONS.md, 2026-11-29). Its functions are reached
/// through CTIFF's wrappers, which call through the loaded table.
enum LibTIFF {
  static let library = LoadedLibrary(
    "libtiff", checkedBy: "TIFFDecoder.decode", load: lb_tiff_load, reason: lb_tiff_error)
}

// A table of function pointers, written once by the loader before anyone reads it; Swift
// cannot see it is Sendable only because `TIFFGetField` is variadic (its field is not
// imported).
extension lb_tiff: @unchecked @retroactive Sendable {}

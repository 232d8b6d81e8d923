import Pixels
import CFFmpeg

/// FFmpeg's functions, from its libraries loaded the first time a video is opened (not
/// linked: that cost every start of Lightbox ~50 ms; DECISIONS.md, 2026-11-26).
public enum FFmpeg {
  static let library = LoadedLibrary(
    "FFmpeg", checkedBy: "VideoPosterDecoder.openInput", load: lb_ffmpeg_load,
    reason: lb_ffmpeg_error)

  /// Loads the libraries now; the decode worker does so before it enters its sandbox, whose
  /// seccomp filter refuses calls the dynamic loader and FFmpeg's initializers make (a
  /// video's first poster was a SIGSYS). The reason they could not be loaded, or nil.
  @discardableResult
  public static func preload() -> ImageError? { library.failure }

  /// The functions: every caller is past `VideoPosterDecoder.openInput`, which checks them.
  static var functions: lb_ffmpeg { library.functions }
}

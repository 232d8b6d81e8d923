import CFFmpeg

/// FFmpeg's functions, from its libraries loaded the first time a video is opened (not
/// linked: that cost every start of Lightbox ~50 ms; DECISIONS.md, 2026-11-26).
public enum FFmpeg {
  /// The functions, or why the libraries could not be loaded.
  static let loaded: Result<lb_ffmpeg, ImageError> = {
    if let table = lb_ffmpeg_load() { return .success(table.pointee) }
    return .failure(ImageError("FFmpeg unavailable (\(String(cString: lb_ffmpeg_error())))"))
  }()

  /// Loads the libraries now; the decode worker does so before it enters its sandbox, whose
  /// seccomp filter refuses calls the dynamic loader and FFmpeg's initializers make (a
  /// video's first poster was a SIGSYS). The reason they could not be loaded, or nil.
  @discardableResult
  public static func preload() -> ImageError? {
    if case .failure(let error) = loaded { return error }
    return nil
  }

  /// The functions, once `loaded` succeeded: every caller is past `VideoPosterDecoder`'s
  /// `openInput`, which checks it first.
  static var functions: lb_ffmpeg {
    guard case .success(let table) = loaded else {
      preconditionFailure("FFmpeg called before VideoPosterDecoder.openInput checked it")
    }
    return table
  }
}

import Pixels

/// The libraries the decoders load on first use rather than link (libheif, libtiff, libwebp,
/// giflib, lcms2, FFmpeg), for `lightbox doctor`: a missing one otherwise shows only as each
/// of its files failing.
public enum DecoderLibraries {
  /// One library: its name, why it could not be loaded (nil when it was), and what goes
  /// without it.
  public struct Availability: Sendable {
    public let name: String
    public let failure: ImageError?
    public let without: String

    public init(name: String, failure: ImageError?, without: String) {
      self.name = name
      self.failure = failure
      self.without = without
    }
  }

  /// Every library, loaded now.
  public static func availability() -> [Availability] {
    [
      Availability(
        name: "libheif", failure: LibHeif.preload(), without: "HEIC, HEIF and AVIF stills fail"),
      Availability(name: "libtiff", failure: LibTIFF.library.failure, without: "TIFF files fail"),
      Availability(name: "libwebp", failure: LibWebP.library.failure, without: "WebP files fail"),
      Availability(name: "giflib", failure: LibGIF.library.failure, without: "GIF files fail"),
      Availability(
        name: "lcms2", failure: LibLCMS2.library.failure,
        without: "colour profiles are not applied"),
      Availability(
        name: "FFmpeg", failure: FFmpeg.preload(), without: "videos have no poster and do not play"
      ),
    ]
  }
}

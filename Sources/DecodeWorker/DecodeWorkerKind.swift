@_spi(Decoders) import Decoders
import Pixels
import PhotoMetadata

/// Which decoders a worker loads before it enters its sandbox, so a worker pays only for the
/// libraries its job needs: starting one that loads FFmpeg's ~136 libraries for a HEIC made
/// the door to the worker cost 70 ms more than the decode itself.
public enum DecodeWorkerKind: String, Sendable, Hashable, CaseIterable {
  /// Stills: libheif (loaded), libwebp, giflib, libtiff and the RAW previews (linked).
  case images
  /// Video posters and every clip's frames (playback): FFmpeg.
  case videos

  /// The kind of worker that decodes the file at `path`, from its head.
  static func of(path: String) -> DecodeWorkerKind {
    guard case .success(let head) = ImageFile.prefix(atPath: path, count: 64),
      FormatSniffer.format(of: head) == .video
    else { return .images }
    return .videos
  }

  /// Loads this kind's libraries: called by the worker before its sandbox, where the
  /// loader's and their initializers' system calls are still allowed.
  func preload() {
    switch self {
    case .images: LibHeif.preload()
    case .videos: FFmpeg.preload()
    }
  }
}

import Decoders
import Pixels
import PhotoMetadata
import PhotoModel

/// Which decoders a worker loads before it enters its sandbox, so a worker pays only for the
/// libraries its job needs: starting one that loads FFmpeg's ~136 libraries for a HEIC made
/// the door to the worker cost 70 ms more than the decode itself.
public enum DecodeWorkerKind: String, Sendable, Hashable, CaseIterable {
  /// Stills: libheif, loaded before the sandbox; libtiff, libwebp, giflib and lcms2, loaded
  /// inside it by the first file that needs them; the RAW previews (their embedded JPEGs).
  case images
  /// Video posters and every clip's frames (playback): FFmpeg.
  case videos

  /// The kind of worker that decodes files of `format`: FFmpeg's for videos and AVIF
  /// sequences (a movie track, which libheif 1.15 does not read).
  init(format: MediaFormat?) {
    self = format?.decodesAsMovie == true ? .videos : .images
  }

  /// The kind of worker that decodes the file at `path`, from its head.
  static func of(path: String) -> DecodeWorkerKind {
    guard case .success(let head) = ImageFile.prefix(atPath: path, count: 64) else {
      return .images
    }
    return DecodeWorkerKind(format: FormatSniffer.format(of: head))
  }

  /// The kind of worker a file named `name` will probably need, from its extension alone;
  /// nil for JPEG, PNG and unknown names. Only for starting a worker early
  /// (`DecodeWorkerHost.prewarm`): decoding always goes by the file's content.
  public static func likely(forName name: String) -> DecodeWorkerKind? {
    guard let dot = name.lastIndex(of: ".") else { return nil }
    let ext = name[name.index(after: dot)...].lowercased()
    if imageExtensions.contains(ext) { return .images }
    if videoExtensions.contains(ext) { return .videos }
    return nil
  }

  private static let imageExtensions: Set<String> = [
    "heic", "heif", "hif", "avif", "webp", "gif", "tif", "tiff", "dng", "cr2", "cr3", "crw",
    "nef", "nrw", "arw", "srf", "sr2", "raf", "orf", "rw2", "pef", "srw", "x3f", "3fr", "iiq",
    "erf", "mef", "mos", "kdc",
  ]
  private static let videoExtensions: Set<String> = [
    "mp4", "m4v", "mov", "qt", "3gp", "3g2", "mkv", "webm", "avi",
  ]

  /// Loads this kind's libraries: called by the worker before its sandbox, where the
  /// loader's and their initializers' system calls are still allowed. libtiff, libwebp,
  /// giflib and lcms2 are left to the first file that needs them: loading them takes only
  /// what the filter allows every decode (read-only opens, mmap, mprotect), and a worker
  /// forked for a HEIC then does not wait for them (DECISIONS.md, 2026-11-29).
  func preload() {
    switch self {
    case .images: LibHeif.preload()
    case .videos: FFmpeg.preload()
    }
  }
}

/// A file format, recognised from content (magic bytes), not from the file name.
public enum MediaFormat: String, Sendable, Codable, CaseIterable, Hashable {
  case jpeg
  case png
  case gif
  case webp
  /// HEIF stills with HEVC inside (HEIC) and HEIF of other brands.
  case heic
  /// AVIF stills: HEIF with AV1 inside (`avif` brand), decoded by libheif like HEIC.
  case avif
  /// AVIF image sequences (`avis` brand): a movie track of AV1 frames, decoded (its first
  /// frame, and played) by FFmpeg like a video, but shown as an animated picture.
  case avifSequence
  case tiff
  case raw
  case video

  /// True for the formats this build can decode into pixels (a video's poster frame).
  public var isDecodable: Bool { true }

  /// True for the formats decoded in the sandboxed worker process (`lightbox decode-worker`):
  /// their libraries (libheif with libde265/dav1d/aom, libwebp, giflib, libtiff, libraw)
  /// have long CVE histories, so a crash in one must end that file's decode, not the
  /// session. Videos (FFmpeg's demuxers and codecs) are the riskiest input of all. JPEG and
  /// PNG stay in process: they are the fast path and fuzzed here.
  public var decodesOutOfProcess: Bool {
    switch self {
    case .heic, .avif, .avifSequence, .webp, .gif, .tiff, .raw, .video: true
    case .jpeg, .png: false
    }
  }

  /// True for the formats FFmpeg decodes (their posters and frames come from a video
  /// worker): videos and AVIF image sequences.
  public var decodesAsMovie: Bool { self == .video || self == .avifSequence }

  /// A short upper-case label for the status line, the info panel and `lightbox info`
  /// ("JPEG"): an AVIF still or sequence says AVIF, never HEIC.
  public var label: String {
    switch self {
    case .avif, .avifSequence: "AVIF"
    default: rawValue.uppercased()
    }
  }
}

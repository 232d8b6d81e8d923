/// A file format, recognised from content (magic bytes), not from the file name.
public enum MediaFormat: String, Sendable, Codable, CaseIterable, Hashable {
  case jpeg
  case png
  case gif
  case webp
  case heic
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
    case .heic, .webp, .gif, .tiff, .raw, .video: true
    case .jpeg, .png: false
    }
  }

  /// A short upper-case label for the status line ("JPEG").
  public var label: String { rawValue.uppercased() }
}

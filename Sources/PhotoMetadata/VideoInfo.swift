import PhotoModel

/// What a video's container header says about it (MP4/QuickTime boxes, a Matroska/WebM
/// Segment's elements, an AVI's header chunks).
public struct VideoInfo: Sendable, Equatable {
  /// Length in seconds (movie header duration / timescale, Matroska's Info duration, an
  /// AVI stream's length / rate).
  public var duration: Double?
  /// The video track's codec as FFmpeg names it ("h264", "hevc", "mpeg4"…), else the
  /// sample entry's four-character code.
  public var codec: String?
  /// The container as people name it, from the file's own bytes: "MP4", "MOV", "3GP",
  /// "M4V", "MKV", "WEBM" or "AVI".
  public var container: String?
  /// Frames per second (average over the track).
  public var frameRate: Double?
  /// Frames in the video track (MP4/QuickTime and AVIF sequences: its sample count), nil
  /// where the header does not count them.
  public var frameCount: Int?
  /// Clockwise degrees the coded frames are turned to be shown (0, 90, 180, 270), from the
  /// track's display matrix.
  public var rotation: Int = 0
  /// The coded frame size (track header width and height, or the sample entry's).
  public var codedSize: PixelSize?
  /// Apple's `com.apple.quicktime.content.identifier`: a Live Photo's still carries the same.
  public var contentIdentifier: String?

  public init() {}

  /// The container and codec as the info panel shows them ("MP4 · h264"); nil when neither
  /// is known.
  public var formatText: String? {
    let parts = [container, codec].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// The size shown: the coded size with width and height swapped for 90° and 270°.
  public var displaySize: PixelSize? {
    guard let codedSize else { return nil }
    return rotation % 180 == 90 ? codedSize.transposed : codedSize
  }
}

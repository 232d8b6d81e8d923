import Decoders
import Pixels

/// The freedesktop thumbnail size classes and their folders.
public enum ThumbnailSize: Int, CaseIterable, Sendable, Hashable, Codable {
  /// `normal/`: at most 128×128.
  case normal = 128
  /// `large/`: at most 256×256.
  case large = 256
  /// `x-large/`: at most 512×512.
  case xLarge = 512

  /// The largest side in pixels.
  public var pixels: Int { rawValue }

  /// The folder name under the thumbnail root.
  public var folder: String {
    switch self {
    case .normal: return "normal"
    case .large: return "large"
    case .xLarge: return "x-large"
    }
  }

  /// The size class for 128, 256 or 512.
  public init?(pixels: Int) { self.init(rawValue: pixels) }

  /// The smallest class whose thumbnails are at least `side` pixels, or nil when `side` is
  /// beyond the largest.
  public static func covering(_ side: Int) -> ThumbnailSize? {
    allCases.first { $0.pixels >= side }
  }
}

/// The Albums tab's Media Types, inferred from what the file is (DESIGN.md §2).
public enum MediaType: String, Hashable, Sendable, CaseIterable {
  case screenshots, panoramas, selfies, animated, raw, videos

  /// The album title.
  public var title: String {
    switch self {
    case .screenshots: return "Screenshots"
    case .panoramas: return "Panoramas"
    case .selfies: return "Selfies"
    case .animated: return "Animated"
    case .raw: return "RAW"
    case .videos: return "Videos"
    }
  }

  /// True when `asset` belongs to this media type.
  public func contains(_ asset: Asset) -> Bool {
    switch self {
    case .screenshots: return Self.isScreenshot(asset)
    case .panoramas: return Self.isPanorama(asset)
    case .selfies:
      return asset.lensModel.map { $0.lowercased().contains("front") } ?? false
    case .animated: return asset.isAnimated
    case .raw: return asset.format == .raw || asset.rawCompanion != nil
    case .videos: return asset.format == .video
    }
  }

  /// File names screenshot tools write, or a PNG no camera made.
  static func isScreenshot(_ asset: Asset) -> Bool {
    let name = asset.fileName.lowercased()
    for prefix in ["screenshot", "screen shot", "screen_shot", "scrnshot", "scrn_", "snapshot_"]
    where name.hasPrefix(prefix) {
      return true
    }
    if name.contains("screenshot") { return true }
    return asset.format == .png && asset.cameraMake == nil && asset.cameraModel == nil
  }

  /// Wider (or taller) than 2:1 upright, or named as a panorama by the camera.
  static func isPanorama(_ asset: Asset) -> Bool {
    let name = asset.fileName.uppercased()
    if name.hasPrefix("PANO_") || name.contains("_PANO") { return true }
    guard let size = asset.displayPixelSize, size.width > 0, size.height > 0 else {
      return false
    }
    let long = max(size.width, size.height)
    let short = min(size.width, size.height)
    return long >= 2 * short
  }
}

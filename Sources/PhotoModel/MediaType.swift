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

  /// True when `asset` belongs to this media type (kept with the asset, worked out by
  /// `isMatched(by:)` whenever a field it reads changes).
  public func contains(_ asset: Asset) -> Bool {
    asset.mediaTypeBits & bit != 0
  }

  /// This type's bit in `Asset.mediaTypeBits` and `SearchIndex.flags`.
  public var bit: UInt8 {
    switch self {
    case .screenshots: return 1
    case .panoramas: return 2
    case .selfies: return 4
    case .animated: return 8
    case .raw: return 16
    case .videos: return 32
    }
  }

  /// The bits of every type `asset` belongs to, worked out from its fields.
  static func bits(of asset: Asset) -> UInt8 {
    var bits: UInt8 = 0
    for type in allCases where type.isMatched(by: asset) { bits |= type.bit }
    return bits
  }

  /// True when `asset`'s fields make it one of this type: its name, size, lens, format.
  public func isMatched(by asset: Asset) -> Bool {
    switch self {
    case .screenshots: return Self.isScreenshot(asset)
    case .panoramas: return Self.isPanorama(asset)
    case .selfies:
      return asset.lensModel.map(Self.isFrontLens) ?? false
    case .animated: return asset.isAnimated
    case .raw: return asset.format == .raw || asset.rawCompanion != nil
    case .videos: return asset.format == .video
    }
  }

  /// File names screenshot tools write, or a PNG no camera made whose size could be read; a
  /// broken download (a size unread, or the file cut short) is none.
  static func isScreenshot(_ asset: Asset) -> Bool {
    guard !asset.isTruncated else { return false }
    let named = asset.withFileNameBytes { name in
      screenshotPrefixes.contains { ASCIIMatch.hasPrefix(name, $0) }
        || ASCIIMatch.contains(name, screenshotWord)
    }
    if named { return true }
    return asset.format == .png && asset.cameraMake == nil && asset.cameraModel == nil
      && asset.storedPixelSize != nil
  }

  /// A phone's front camera ("iPhone 15 front camera 2.69mm f/1.9"), by its lens name.
  static func isFrontLens(_ lens: String) -> Bool {
    // Lowercasing and `String.contains` here was a quarter of loading a library whose
    // photos name their lens (perf, `lightbox-bench ui`).
    var lens = lens
    return lens.withUTF8 { ASCIIMatch.contains($0, frontWord) }
  }

  /// The long side a picture needs to count as a panorama by its shape: a 64×16 icon or a
  /// banner is not one.
  public static let panoramaMinimumLongSide = 2000

  /// Wider (or taller) than 2:1 upright and at least `panoramaMinimumLongSide` long, or
  /// named as a panorama by the camera.
  static func isPanorama(_ asset: Asset) -> Bool {
    guard !asset.isTruncated else { return false }
    let named = asset.withFileNameBytes { name in
      ASCIIMatch.hasPrefix(name, panoPrefix) || ASCIIMatch.contains(name, panoInfix)
    }
    if named { return true }
    guard let size = asset.displayPixelSize, size.width > 0, size.height > 0 else {
      return false
    }
    let long = max(size.width, size.height)
    let short = min(size.width, size.height)
    return long >= 2 * short && long >= panoramaMinimumLongSide
  }

  // Matched without case on the name's bytes: this runs for every photo whenever the library
  // changes (the Albums tab's counts), and lowercasing plus `String.contains` was 85 % of
  // loading 100,000 photos (1.2 s; perf, `lightbox-bench ui`).
  private static let screenshotPrefixes = [
    "screenshot", "screen shot", "screen_shot", "scrnshot", "scrn_", "snapshot_",
  ].map { Array($0.utf8) }
  private static let screenshotWord = Array("screenshot".utf8)
  private static let frontWord = Array("front".utf8)
  private static let panoPrefix = Array("pano_".utf8)
  private static let panoInfix = Array("_pano".utf8)
}

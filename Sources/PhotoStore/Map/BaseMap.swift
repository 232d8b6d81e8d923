import PhotoModel

/// The picture the map is drawn over: an equirectangular world (NASA's Blue Marble, from
/// Debian's `xplanet-images`), and the land mask made from it for terminals without pictures.
public struct BaseMap: Hashable, Sendable {
  /// The JPEG's path (a trusted system file, decoded the house way: `PhotoDecoder`).
  public var path: String
  /// Its pixel size: 360° of longitude across, 180° of latitude down.
  public var size: PixelSize
  /// Land and water, from the same pixels.
  public var land: LandMask

  public init(path: String, size: PixelSize, land: LandMask) {
    self.path = path
    self.size = size
    self.land = land
  }
}

/// Where the base map stands: asked for once, when the map is first shown.
public enum BaseMapStatus: Hashable, Sendable {
  case notLoaded
  case loading
  case loaded(BaseMap)
  /// None (a plain background): why, said once.
  case missing(String)

  /// The base map, when it is loaded.
  public var baseMap: BaseMap? {
    if case .loaded(let map) = self { return map }
    return nil
  }
}

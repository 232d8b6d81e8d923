import DecodeWorker
import Decoders
import Foundation
import PhotoModel
import PhotoStore
import Pixels

/// The world map's base map: found, decoded once (the house way, through `PhotoDecoder`),
/// kept for the map's pictures, and its land mask made from the same pixels.
final class BaseMapFile: @unchecked Sendable {
  // @unchecked: `decoded` is only read and written under `lock`.

  /// Debian 12's `xplanet-images` (1.3.1-3): NASA's Blue Marble, 2048×1024, equirectangular,
  /// not copyrighted (its README quotes Visible Earth's terms).
  static let systemPath = "/usr/share/xplanet/images/earth.jpg"
  /// The land mask's cells: a quarter degree, finer than any terminal's text map at zoom 0.
  static let maskSize = PixelSize(width: 1440, height: 720)
  /// The largest base map kept decoded (a bigger file is scaled down to it).
  static let largest = PixelSize(width: 4096, height: 2048)

  private let lock = NSLock()
  private var decoded: (path: String, bitmap: Bitmap)?

  /// The one for the session.
  static let shared = BaseMapFile()

  /// Where the base map is: `$LIGHTBOX_BASE_MAP` when set (tests, another picture), else the
  /// system's.
  static func path(environment: [String: String]) -> String {
    if let given = environment["LIGHTBOX_BASE_MAP"], !given.isEmpty { return given }
    return systemPath
  }

  /// The base map's pixels, decoded on first use.
  func bitmap(path: String, decoder: PhotoDecoder) -> Result<Bitmap, ImageError> {
    lock.lock()
    defer { lock.unlock() }
    if let decoded, decoded.path == path { return .success(decoded.bitmap) }
    guard FileManager.default.fileExists(atPath: path) else {
      return .failure(ImageError("\(path) is missing; install xplanet-images"))
    }
    let options = DecodeOptions(target: Self.largest, mode: .fit, quality: .best)
    let result = decoder.decode(path: path, options: options)
    if case .success(let bitmap) = result { decoded = (path, bitmap) }
    return result
  }

  /// The action that answers `.loadBaseMap`: the base map with its land mask, or why there
  /// is none.
  func load(environment: [String: String], decoder: PhotoDecoder) -> Action {
    let path = Self.path(environment: environment)
    switch bitmap(path: path, decoder: decoder) {
    case .success(let bitmap):
      return .map(
        .baseMapLoaded(BaseMap(path: path, size: bitmap.size, land: Self.landMask(of: bitmap))))
    case .failure(let error):
      LightboxLog.logger("map").warning("no base map: \(error.reason)")
      return .map(.baseMapMissing(reason: error.reason))
    }
  }

  /// Land where a pixel is not the Blue Marble's dark blue sea (ice, desert and forest are
  /// all land): each mask cell reads the pixel at its centre.
  static func landMask(of bitmap: Bitmap) -> LandMask {
    let size = maskSize
    return bitmap.pixels.withUnsafeBufferPointer { pixels in
      LandMask(width: size.width, height: size.height) { column, row in
        let x = min(bitmap.width - 1, (2 * column + 1) * bitmap.width / (2 * size.width))
        let y = min(bitmap.height - 1, (2 * row + 1) * bitmap.height / (2 * size.height))
        let i = (y * bitmap.width + x) * 4
        return !isWater(r: Int(pixels[i]), g: Int(pixels[i + 1]), b: Int(pixels[i + 2]))
      }
    }
  }

  /// The sea's colour: blue above red and green, and dark (the shallow seas' lighter blue
  /// too; clouds-free Blue Marble has no white sea).
  static func isWater(r: Int, g: Int, b: Int) -> Bool {
    b >= r + 20 && b >= g + 8 && r + g < 200
  }
}

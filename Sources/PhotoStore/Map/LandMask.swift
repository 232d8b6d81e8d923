/// Land or water for every cell of an equirectangular grid (row 0 at 90° N, column 0 at
/// 180° W): what the text map draws its braille coastlines from.
public struct LandMask: Hashable, Sendable {
  public let width: Int
  public let height: Int
  /// One bit a cell, row by row.
  let bits: [UInt64]

  /// A mask of `width` × `height` cells; `isLand(column, row)` says which are land.
  public init(width: Int, height: Int, isLand: (Int, Int) -> Bool) {
    self.width = max(1, width)
    self.height = max(1, height)
    var bits = [UInt64](repeating: 0, count: (self.width * self.height + 63) / 64)
    for row in 0..<self.height {
      for column in 0..<self.width where isLand(column, row) {
        let i = row * self.width + column
        bits[i >> 6] |= 1 << UInt64(i & 63)
      }
    }
    self.bits = bits
  }

  /// All water: the mask of a map with no base map.
  public static let water = LandMask(width: 1, height: 1) { _, _ in false }

  /// True when the position (degrees, north and east positive) is land.
  public func isLand(latitude: Double, longitude: Double) -> Bool {
    guard latitude.isFinite, longitude.isFinite else { return false }
    let row = min(height - 1, max(0, Int((90 - latitude) / 180 * Double(height))))
    var column = Int(((longitude + 180) / 360 * Double(width)).rounded(.down)) % width
    if column < 0 { column += width }
    let i = row * width + column
    return bits[i >> 6] & (1 << UInt64(i & 63)) != 0
  }

  /// How many cells are land (for tests and the log).
  public var landCount: Int { bits.reduce(0) { $0 + $1.nonzeroBitCount } }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

import PhotoModel
import Pixels

/// Two 64-bit perceptual hashes of a picture, compared by Hamming distance: close hashes are
/// the same picture re-encoded, resized, lightly cropped or brightened.
///
/// - `dHash`: a 9×8 brightness grid, one bit per pair of horizontal neighbours (is the left
///   one darker?). Gradients survive re-encoding, scaling and brightness changes.
/// - `pHash`: a 32×32 grid's discrete cosine transform, one bit per low frequency of the
///   8×8 corner (above the median or not), as the `imagehash` package computes it.
///
/// Which one groups photos, and at what distance, was measured (docs/benchmarks.md,
/// docs/DECISIONS.md): `SimilarityRule`.
public struct PerceptualHash: Hashable, Sendable {
  public var dHash: UInt64
  public var pHash: UInt64

  public init(dHash: UInt64, pHash: UInt64) {
    self.dHash = dHash
    self.pHash = pHash
  }

  /// Pictures whose 32×32 brightness grid varies less than this (standard deviation, of
  /// 255) are flat: a solid colour, a black frame. Their hashes would be all zeros whatever
  /// the colour, so they are compared by their colour instead (`flatColour`).
  public static let flatDeviation = 1.5

  /// The hashes of `bitmap`, which must be the upright picture (orientation applied); any
  /// size, a thumbnail of 128 pixels is plenty. Nil for a flat picture (`flatDeviation`).
  public init?(_ bitmap: Bitmap) {
    let fine = LumaGrid(bitmap, width: 32, height: 32)
    let mean = fine.values.reduce(0, +) / Double(fine.values.count)
    let variance =
      fine.values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(fine.values.count)
    guard variance.squareRoot() >= Self.flatDeviation else { return nil }
    dHash = Self.dHash(LumaGrid(bitmap, width: 9, height: 8))
    pHash = Self.pHash(fine)
  }

  /// The mean colour of a flat picture (see `flatDeviation`), nil for any other: flat
  /// pictures are alike when their colours are (`DuplicateFinder.flatTolerance`).
  public static func flatColour(of bitmap: Bitmap) -> RGB? {
    guard bitmap.width > 0, bitmap.height > 0, Self(bitmap) == nil else { return nil }
    var sums = (r: 0, g: 0, b: 0)
    for i in stride(from: 0, to: bitmap.pixels.count, by: 4) {
      sums.r += Int(bitmap.pixels[i])
      sums.g += Int(bitmap.pixels[i + 1])
      sums.b += Int(bitmap.pixels[i + 2])
    }
    let n = bitmap.width * bitmap.height
    return RGB(UInt8(sums.r / n), UInt8(sums.g / n), UInt8(sums.b / n))
  }

  static func dHash(_ grid: LumaGrid) -> UInt64 {
    var bits: UInt64 = 0
    for y in 0..<8 {
      for x in 0..<8 {
        bits = bits << 1 | (grid[x, y] < grid[x + 1, y] ? 1 : 0)
      }
    }
    return bits
  }

  /// cos((2x + 1) u π / 64) for x < 32, u < 8: the DCT-II basis the low frequencies need.
  static let cosines: [Double] = (0..<8).flatMap { u in
    (0..<32).map { x in cos(Double((2 * x + 1) * u) * Double.pi / 64) }
  }

  static func pHash(_ grid: LumaGrid) -> UInt64 {
    // Rows first (32 rows × 8 frequencies), then columns of those (8 × 8).
    var rows = [Double](repeating: 0, count: 32 * 8)
    for y in 0..<32 {
      for u in 0..<8 {
        var sum = 0.0
        for x in 0..<32 { sum += grid[x, y] * cosines[u * 32 + x] }
        rows[y * 8 + u] = sum
      }
    }
    var low = [Double](repeating: 0, count: 64)
    for v in 0..<8 {
      for u in 0..<8 {
        var sum = 0.0
        for y in 0..<32 { sum += rows[y * 8 + u] * cosines[v * 32 + y] }
        low[v * 8 + u] = sum
      }
    }
    let sorted = low.sorted()
    let median = (sorted[31] + sorted[32]) / 2
    return low.reduce(UInt64(0)) { $0 << 1 | ($1 > median ? 1 : 0) }
  }

  /// Bits that differ between two 64-bit hashes.
  public static func distance(_ a: UInt64, _ b: UInt64) -> Int { (a ^ b).nonzeroBitCount }
}

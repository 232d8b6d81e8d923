import PhotoModel

/// What grouping a whole library needs of each photo, in flat arrays (69 bytes a photo):
/// the digest, the perceptual hashes, a flat picture's colour, and what makes a burst (the
/// camera and the pixel size, each a number for a name or size kept once, and the camera's
/// time). The browser's grouping of a million photos made a `PhotoPrint` of each (168 bytes
/// and a path), beside a second load of the library to make them (747 MB in all, issue 32
/// §6); the keeper rule's facts are asked for only for the members of groups
/// (`DuplicateFinder.find(_:rule:path:prints:)`).
public struct PrintTable: Sendable {
  /// Four words a photo (`ImageDigest.words`).
  private(set) var digests: [UInt64] = []
  private(set) var dHashes: [UInt64] = []
  private(set) var pHashes: [UInt64] = []
  /// 0xRRGGBB of a flat picture, `Self.none` otherwise.
  private(set) var flatColours: [UInt32] = []
  /// The camera's time; read only where `flags` says there is one.
  private(set) var shots: [Int64] = []
  /// A number for each camera name (-1: none), in `cameraNames`.
  private(set) var cameras: [Int32] = []
  /// A number for each pixel size (-1: none), in `pixelSizes`.
  private(set) var sizes: [Int32] = []
  /// Bit 0: the perceptual hashes are there; bit 1: the camera's time is.
  private(set) var flags: [UInt8] = []
  private(set) var cameraNames: [String] = []
  private(set) var pixelSizes: [PixelSize] = []
  private var cameraNumbers: [String: Int32] = [:]
  private var sizeNumbers: [PixelSize: Int32] = [:]

  static let none = UInt32.max

  public init() {}

  public var count: Int { flags.count }

  public mutating func reserve(_ count: Int) {
    digests.reserveCapacity(4 * count)
    dHashes.reserveCapacity(count)
    pHashes.reserveCapacity(count)
    flatColours.reserveCapacity(count)
    shots.reserveCapacity(count)
    cameras.reserveCapacity(count)
    sizes.reserveCapacity(count)
    flags.reserveCapacity(count)
  }

  /// Adds a photo: what its `PhotoPrint` would say of it (`print`'s path, byte size, date and
  /// metadata count are left out: the keeper rule asks for them).
  public mutating func append(_ print: PhotoPrint, digest: ImageDigest) {
    digests.append(contentsOf: [digest.words.0, digest.words.1, digest.words.2, digest.words.3])
    dHashes.append(print.hash?.dHash ?? 0)
    pHashes.append(print.hash?.pHash ?? 0)
    flatColours.append(
      print.flatColour.map { UInt32($0.r) << 16 | UInt32($0.g) << 8 | UInt32($0.b) } ?? Self.none)
    shots.append(print.shotMilliseconds ?? 0)
    cameras.append(print.camera.map { Self.number(of: $0, in: &cameraNames, &cameraNumbers) } ?? -1)
    sizes.append(print.pixelSize.map { Self.number(of: $0, in: &pixelSizes, &sizeNumbers) } ?? -1)
    flags.append((print.hash != nil ? 1 : 0) | (print.shotMilliseconds != nil ? 2 : 0))
  }

  /// Drops the photos numbered `rows` (the others keep their order, and are renumbered).
  public mutating func remove(_ rows: Set<Int>) {
    guard !rows.isEmpty else { return }
    func kept<T>(_ values: inout [T], width: Int = 1) {
      var to = 0
      for from in 0..<(values.count / width) where !rows.contains(from) {
        for k in 0..<width { values[to * width + k] = values[from * width + k] }
        to += 1
      }
      values.removeLast(values.count - to * width)
    }
    kept(&digests, width: 4)
    kept(&dHashes)
    kept(&pHashes)
    kept(&flatColours)
    kept(&shots)
    kept(&cameras)
    kept(&sizes)
    kept(&flags)
  }

  /// `value`'s number in `values` (added when new): a camera name or pixel size is kept
  /// once, however many photos share it.
  private static func number<T: Hashable>(
    of value: T, in values: inout [T], _ numbers: inout [T: Int32]
  ) -> Int32 {
    if let number = numbers[value] { return number }
    let number = Int32(values.count)
    values.append(value)
    numbers[value] = number
    return number
  }
}

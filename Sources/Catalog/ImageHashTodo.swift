import PhotoModel

/// The photos whose duplicate-finder hashes are missing or stale, as the catalog lists them:
/// flat arrays and one arena of path bytes (about 95 bytes a photo at a million), not the
/// library's `Asset`s, which the browser holds already (loading them again beside it held
/// 216 MB more while a million photos were hashed).
public struct ImageHashTodo: Sendable {
  public private(set) var ids: [AssetID] = []
  private var orientations: [UInt8] = []
  private var sizes: [Int64] = []
  private var mtimes: [Int64] = []
  private var pathBytes: [UInt8] = []
  /// Where each path ends in `pathBytes`.
  private var pathEnds: [Int] = []

  public init() {}

  public var count: Int { ids.count }
  public var isEmpty: Bool { ids.isEmpty }

  mutating func append(
    id: AssetID, folder: [UInt8], name: UnsafeRawBufferPointer, orientation: Int,
    stamp: ImageHashStamp
  ) {
    ids.append(id)
    orientations.append(UInt8(clamping: orientation))
    sizes.append(stamp.size)
    mtimes.append(stamp.mtimeNanoseconds)
    pathBytes.append(contentsOf: folder)
    pathBytes.append(contentsOf: name)
    pathEnds.append(pathBytes.count)
  }

  /// The file of photo `index`.
  public func path(_ index: Int) -> String {
    let start = index == 0 ? 0 : pathEnds[index - 1]
    return String(decoding: pathBytes[start..<pathEnds[index]], as: UTF8.self)
  }

  /// How photo `index` is turned upright (its EXIF orientation).
  public func orientation(_ index: Int) -> Orientation {
    Orientation(exifValue: Int(orientations[index]))
  }

  /// The size and mtime photo `index`'s hashes are stored with.
  public func stamp(_ index: Int) -> ImageHashStamp {
    ImageHashStamp(size: sizes[index], mtimeNanoseconds: mtimes[index])
  }
}

import PhotoModel

/// Every current stored hash of the catalog, in flat arrays sorted by photo: what grouping
/// a million photos reads, at 61 bytes a photo. (An array of `StoredImageHashes` and a
/// dictionary by photo took 168 MB and more at a million photos, heaptrack.)
public struct ImageHashTable: Sendable {
  /// The photos, in increasing order.
  public private(set) var ids: [AssetID] = []
  /// 32 bytes a photo: the image-data digests; all zero for a photo whose file could not be
  /// read (`hasDigest` false).
  public private(set) var digests: [UInt8] = []
  public private(set) var dHashes: [UInt64] = []
  public private(set) var pHashes: [UInt64] = []
  /// 0xRRGGBB of a flat picture, `Self.none` otherwise.
  public private(set) var flatColours: [UInt32] = []
  /// Bit 0: the digest is there; bit 1: the perceptual hashes are.
  public private(set) var flags: [UInt8] = []

  /// No colour: a flat colour is 24 bits.
  public static let none = UInt32.max

  public init() {}

  mutating func reserve(_ count: Int) {
    ids.reserveCapacity(count)
    digests.reserveCapacity(count * 32)
    dHashes.reserveCapacity(count)
    pHashes.reserveCapacity(count)
    flatColours.reserveCapacity(count)
    flags.reserveCapacity(count)
  }

  mutating func append(
    id: AssetID, digest: UnsafeRawBufferPointer?, dHash: UInt64?, pHash: UInt64?,
    flatColour: UInt32?
  ) {
    ids.append(id)
    var flag: UInt8 = 0
    if let digest, digest.count == 32 {
      digests.append(contentsOf: digest)
      flag |= 1
    } else {
      digests.append(contentsOf: repeatElement(0, count: 32))
    }
    if dHash != nil, pHash != nil { flag |= 2 }
    dHashes.append(dHash ?? 0)
    pHashes.append(pHash ?? 0)
    flatColours.append(flatColour ?? Self.none)
    flags.append(flag)
  }

  public var count: Int { ids.count }

  /// The row of `id`, by binary search.
  public func row(of id: AssetID) -> Int? { ids.indexInSorted(id) }

  /// Row `row`'s digest bytes, nil when it has none.
  public func digest(_ row: Int) -> ArraySlice<UInt8>? {
    flags[row] & 1 != 0 ? digests[(row * 32)..<(row * 32 + 32)] : nil
  }

  /// Row `row`'s perceptual hashes (dHash, pHash), nil when it has none.
  public func perceptual(_ row: Int) -> (dHash: UInt64, pHash: UInt64)? {
    flags[row] & 2 != 0 ? (dHashes[row], pHashes[row]) : nil
  }

  /// Row `row`'s flat colour, nil when the picture is not flat.
  public func flatColour(_ row: Int) -> UInt32? {
    flatColours[row] == Self.none ? nil : flatColours[row]
  }
}

import PhotoModel

/// The photos a grid shows: an array of its own, or some of another array's photos by
/// position (the Search tab's results, positions in the library).
///
/// Results as copies of the library's assets cost a copy and a retain of each photo's path
/// and a release of the last results' on every keystroke: 145 ms when a word matched all of
/// a million photos (`lightbox-bench ui`). By position they cost eight bytes a photo.
public struct PhotoList: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
  /// The photos the positions point into (all of them when `positions` is nil).
  private let base: [Asset]
  /// The shown photos' positions in `base`, in order; nil when all of `base` is shown.
  private let positions: [Int]?

  /// All of `assets`, in their order.
  public init(_ assets: [Asset]) {
    base = assets
    positions = nil
  }

  /// The photos of `base` at `positions` (each a valid index of `base`), in that order.
  public init(_ base: [Asset], positions: [Int]) {
    self.base = base
    self.positions = positions
  }

  public init(arrayLiteral elements: Asset...) {
    self.init(elements)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { positions?.count ?? base.count }

  public subscript(index: Int) -> Asset {
    if let positions { return base[positions[index]] }
    return base[index]
  }

  /// Where the photo with `id` is, reading only the ids (no photo copied on the way).
  public func firstIndex(ofID id: AssetID) -> Int? {
    base.withUnsafeBufferPointer { base in
      guard let positions else { return base.firstIndex { $0.id == id } }
      return positions.firstIndex { base[$0].id == id }
    }
  }

  /// The ids among `ids` of the photos shown, in order, reading only the ids (filtering
  /// the photos copied every one of a million to find 10,000 marked ones).
  public func ids(in ids: Set<AssetID>) -> [AssetID] {
    let members = AssetIDMembership(ids, largestID: Int64(base.count))
    return base.withUnsafeBufferPointer { base in
      guard let positions else { return base.lazy.map(\.id).filter(members.contains) }
      return positions.lazy.map { base[$0].id }.filter(members.contains)
    }
  }

  /// Equal when they show the same photos in the same order, however each holds them; the
  /// same array and positions are told apart without reading a photo (the browser compares
  /// states after every event).
  public static func == (lhs: PhotoList, rhs: PhotoList) -> Bool {
    guard lhs.count == rhs.count else { return false }
    // Whole arrays: the array's own comparison (its buffer first, then each photo once).
    if lhs.positions == nil && rhs.positions == nil { return lhs.base == rhs.base }
    if lhs.positions == rhs.positions && lhs.sharesBase(with: rhs) { return true }
    return lhs.elementsEqual(rhs)
  }

  /// True when both point into the same array buffer.
  private func sharesBase(with other: PhotoList) -> Bool {
    base.count == other.base.count
      && base.withUnsafeBufferPointer { mine in
        other.base.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
      }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for asset in self { hasher.combine(asset) }
  }
}

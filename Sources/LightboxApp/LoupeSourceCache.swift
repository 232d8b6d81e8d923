import Foundation
import Pixels
import Decoders
import PhotoStore

/// Decoded parts of photos kept for the loupe, so that a pan or another zoom step crops and
/// scales instead of decoding again: the tiles of a zoomed view.
///
/// A part is a rectangle of a photo (displayed pixels) at a scale; the whole photo is a part
/// too. Bounded by bytes, least recently used first out; the newest part always stays.
public final class LoupeSourceCache: @unchecked Sendable {
  /// One decoded part of the photo at `path`.
  public struct Part: Sendable {
    public var path: String
    /// The bitmap's top-left pixel is the photo's displayed pixel (`x`, `y`).
    public var x: Int
    public var y: Int
    /// Bitmap pixels per photo pixel.
    public var scale: Double
    public var bitmap: Bitmap

    public init(path: String, x: Int, y: Int, scale: Double, bitmap: Bitmap) {
      self.path = path
      self.x = x
      self.y = y
      self.scale = scale
      self.bitmap = bitmap
    }

    /// True when the part shows all of `region`.
    public func contains(_ region: ImageRegion) -> Bool {
      let right = Double(x) + Double(bitmap.width) / scale
      let bottom = Double(y) + Double(bitmap.height) / scale
      return x <= region.x && y <= region.y && Double(region.x + region.width) <= right + 0.5
        && Double(region.y + region.height) <= bottom + 0.5
    }
  }

  /// A decode under way: the photo, what it will show and at what scale (at least).
  struct PendingDecode: Equatable {
    var path: String
    var region: ImageRegion
    var scale: Double

    func covers(_ other: ImageRegion) -> Bool {
      region.x <= other.x && region.y <= other.y
        && other.x + other.width <= region.x + region.width
        && other.y + other.height <= region.y + region.height
    }
  }

  // @unchecked: all state is guarded by `lock`, whose condition says a decode has ended.
  private let lock = NSCondition()
  private var entries: [(part: Part, tick: UInt64)] = []
  private var pending: [PendingDecode] = []
  private var tick: UInt64 = 0
  /// The most pixels the cache holds, in bytes.
  public let budgetBytes: Int

  public init(budgetBytes: Int = 64 << 20) {
    self.budgetBytes = budgetBytes
  }

  /// The part of `path` that shows `region` at `scale` or sharper (the least sharp such);
  /// else, when `rougher`, the sharpest part that shows `region` at all.
  public func part(
    for path: String, showing region: ImageRegion, scale: Double, rougher: Bool = false
  )
    -> Part?
  {
    lock.lock()
    defer { lock.unlock() }
    let showing = entries.indices.filter {
      entries[$0].part.path == path && entries[$0].part.contains(region)
    }
    let sharp = showing.filter { entries[$0].part.scale >= scale * 0.999 }
    let index: Int?
    if rougher {
      index = sharp.isEmpty ? showing.max { entries[$0].part.scale < entries[$1].part.scale } : nil
    } else {
      index = sharp.min { entries[$0].part.scale < entries[$1].part.scale }
    }
    guard let index else { return nil }
    tick += 1
    entries[index].tick = tick
    return entries[index].part
  }

  /// Marks a decode of `region` of `path` at `scale` as under way, so that a picture
  /// needing those pixels waits for it (`waitForDecodes`) instead of decoding them again on
  /// the other core; false when the same decode is under way already.
  public func beginDecode(of region: ImageRegion, for path: String, scale: Double) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    let decode = PendingDecode(path: path, region: region, scale: scale)
    if pending.contains(decode) { return false }
    pending.append(decode)
    return true
  }

  /// Ends a decode begun with `beginDecode`, keeping its part when it made one.
  public func endDecode(of region: ImageRegion, for path: String, scale: Double, part: Part?) {
    if let part { insert(part) }
    lock.lock()
    if let index = pending.firstIndex(of: PendingDecode(path: path, region: region, scale: scale)) {
      pending.remove(at: index)
    }
    lock.broadcast()
    lock.unlock()
  }

  /// True while a decode begun with `beginDecode` has not ended (for the benchmark).
  public var isDecoding: Bool {
    lock.lock()
    defer { lock.unlock() }
    return !pending.isEmpty
  }

  /// Waits, for at most `timeout` seconds, while a decode under way will show `region` of
  /// `path` at `scale` or sharper; then the part, as `part(for:showing:scale:)`.
  public func waitForDecodes(
    for path: String, showing region: ImageRegion, scale: Double, timeout: Double = 2
  ) -> Part? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    lock.lock()
    while pending.contains(where: {
      $0.path == path && $0.scale >= scale * 0.999 && $0.covers(region)
    }) {
      if !lock.wait(until: deadline) { break }
    }
    lock.unlock()
    return part(for: path, showing: region, scale: scale)
  }

  /// Keeps `part`, dropping the least recently used parts while the total is over budget.
  public func insert(_ part: Part) {
    lock.lock()
    defer { lock.unlock() }
    tick += 1
    entries.append((part, tick))
    var total = entries.reduce(0) { $0 + $1.part.bitmap.byteCount }
    while total > budgetBytes && entries.count > 1 {
      let oldest = entries.indices.min { entries[$0].tick < entries[$1].tick }!
      total -= entries[oldest].part.bitmap.byteCount
      entries.remove(at: oldest)
    }
  }

  /// Bytes held now (for tests and the memory figure).
  public var byteCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.reduce(0) { $0 + $1.part.bitmap.byteCount }
  }
}

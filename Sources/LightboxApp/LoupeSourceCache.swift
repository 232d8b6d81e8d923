import Foundation
import Imaging
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

  // @unchecked: all state is guarded by `lock`.
  private let lock = NSLock()
  private var entries: [(part: Part, tick: UInt64)] = []
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

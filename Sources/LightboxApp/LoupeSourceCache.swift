import Foundation
import Imaging

/// Photos decoded for the loupe, kept so that a pan or another zoom step crops and scales
/// instead of decoding again: the tiles of a zoomed view, one per photo and scale.
///
/// Bounded by bytes, least recently used first out; the newest entry always stays.
final class LoupeSourceCache: @unchecked Sendable {
  // @unchecked: all state is guarded by `lock`.
  private let lock = NSLock()
  private var entries: [(path: String, bitmap: Bitmap, tick: UInt64)] = []
  private var tick: UInt64 = 0
  /// The most pixels the cache holds, in bytes.
  let budgetBytes: Int

  init(budgetBytes: Int = 128 << 20) {
    self.budgetBytes = budgetBytes
  }

  /// The smallest decoded copy of `path` at least `width` pixels wide; else the widest.
  func source(for path: String, width: Int) -> (bitmap: Bitmap, covers: Bool)? {
    lock.lock()
    defer { lock.unlock() }
    let copies = entries.indices.filter { entries[$0].path == path }
    guard !copies.isEmpty else { return nil }
    let covering = copies.filter { entries[$0].bitmap.width >= width }
    let index =
      covering.min { entries[$0].bitmap.width < entries[$1].bitmap.width }
      ?? copies.max { entries[$0].bitmap.width < entries[$1].bitmap.width }!
    tick += 1
    entries[index].tick = tick
    return (entries[index].bitmap, entries[index].bitmap.width >= width)
  }

  /// Keeps `bitmap` as a decoded copy of `path`, dropping the least recently used copies
  /// while the total is over the budget.
  func insert(_ bitmap: Bitmap, for path: String) {
    lock.lock()
    defer { lock.unlock() }
    tick += 1
    entries.append((path, bitmap, tick))
    var total = entries.reduce(0) { $0 + $1.bitmap.byteCount }
    while total > budgetBytes && entries.count > 1 {
      let oldest = entries.indices.min { entries[$0].tick < entries[$1].tick }!
      total -= entries[oldest].bitmap.byteCount
      entries.remove(at: oldest)
    }
  }

  /// Bytes held now (for tests and the memory figure).
  var byteCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.reduce(0) { $0 + $1.bitmap.byteCount }
  }
}

import Foundation
import PhotoStore
import TerminalGraphics
import TerminalUI

/// The pictures made so far, least recently used first out once over the byte budget, all
/// in the session's picture format: when the probe's answers change it (`switchFormat`),
/// every picture goes, and one made in the old format meanwhile is refused.
public final class PictureCache: @unchecked Sendable {
  // @unchecked: all state is guarded by `lock`.
  private let lock = NSLock()
  private var entries: [ImageKey: (picture: TerminalPicture, bytes: Int, tick: UInt64)] = [:]
  private var tick: UInt64 = 0
  private var totalBytes = 0
  private var currentFormat: PictureFormat?
  let budgetBytes: Int

  /// A cache for pictures in `format` (nil: whatever each maker was given, as in tests).
  public init(budgetBytes: Int = 256 << 20, format: PictureFormat? = nil) {
    self.budgetBytes = budgetBytes
    self.currentFormat = format
  }

  /// The format pictures are made in now; nil when the cache was given none.
  public var format: PictureFormat? {
    lock.lock()
    defer { lock.unlock() }
    return currentFormat
  }

  /// Makes `format` the session's picture format and drops every picture.
  public func switchFormat(to format: PictureFormat) {
    lock.lock()
    defer { lock.unlock() }
    currentFormat = format
    entries = [:]
    totalBytes = 0
  }

  /// Inserts `picture`, made in `format`, unless the format changed since (false: refused,
  /// the maker should make it again in `self.format`).
  @discardableResult
  public func insert(_ picture: TerminalPicture, for key: ImageKey, madeIn format: PictureFormat)
    -> Bool
  {
    lock.lock()
    if let currentFormat, currentFormat != format {
      lock.unlock()
      return false
    }
    lock.unlock()
    insert(picture, for: key)
    return true
  }

  public func picture(for key: ImageKey) -> TerminalPicture? {
    lock.lock()
    defer { lock.unlock() }
    guard var entry = entries[key] else { return nil }
    tick += 1
    entry.tick = tick
    entries[key] = entry
    return entry.picture
  }

  public func contains(_ key: ImageKey) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return entries[key] != nil
  }

  public func insert(_ picture: TerminalPicture, for key: ImageKey) {
    let bytes = Self.cost(of: picture)
    lock.lock()
    defer { lock.unlock() }
    tick += 1
    if let old = entries[key] { totalBytes -= old.bytes }
    entries[key] = (picture, bytes, tick)
    totalBytes += bytes
    if totalBytes > budgetBytes { evict() }
  }

  /// Forgets the picture of `key` (a playback frame already replaced on screen).
  public func remove(_ key: ImageKey) {
    lock.lock()
    defer { lock.unlock() }
    if let old = entries.removeValue(forKey: key) { totalBytes -= old.bytes }
  }

  /// Bytes held now.
  public var byteCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return totalBytes
  }

  private func evict() {
    // Drop the oldest quarter at once so eviction does not run on every insert.
    let ordered = entries.sorted { $0.value.tick < $1.value.tick }
    for (key, entry) in ordered where totalBytes > budgetBytes * 3 / 4 {
      entries[key] = nil
      totalBytes -= entry.bytes
    }
  }

  static func cost(of picture: TerminalPicture) -> Int {
    switch picture {
    case .halfBlock(let image):
      return image.cells.count * MemoryLayout<HalfBlockCell>.stride
        + image.encodedRows.reduce(0) { $0 + $1.count } + 64
    case .sixel(let image):
      return image.bytes.count + 64
    case .kitty(let image):
      return image.transmission.count + (image.filePNG?.count ?? 0) + 64
    case .iTerm2(let image):
      return image.bytes.count + 64
    }
  }
}

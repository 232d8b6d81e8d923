#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Decoders
import Pixels
import Foundation

/// Keeps the freedesktop thumbnail cache under a size limit by deleting Lightbox's own
/// least recently used entries; entries other programs made are counted but never deleted.
///
/// Recency comes from a small index of Lightbox's entries (`.lightbox-usage` in the cache
/// root, an append-only log of "used at" and "removed" lines, compacted when it grows),
/// not from atime, which `relatime` mounts update at most once a day. The cache's total is
/// a running figure: the folders are walked (and each PNG's head read to tell whose it is)
/// only when there is no index or it is older than a day; after that each write adds its
/// bytes, so a write costs no walk. Not thread-bound: every method may be called from any
/// thread; `prepare` and `evictIfOver` do file IO and belong on a worker thread.
public final class ThumbnailCacheUsage: @unchecked Sendable {
  // @unchecked: every stored var is guarded by `lock`.

  /// One of Lightbox's own entries.
  struct Entry: Sendable, Equatable {
    var bytes: Int64
    var lastUse: Int64
    /// Order of use within one second (later is larger).
    var sequence: UInt64
  }

  /// The cache's size as last counted.
  public struct Totals: Sendable, Equatable {
    /// Bytes of Lightbox's entries (thumbnails and failure entries).
    public var ownBytes: Int64
    /// Number of Lightbox's entries.
    public var ownEntries: Int
    /// Bytes of other programs' entries (as of the last walk of the folders).
    public var foreignBytes: Int64
    /// The limit.
    public var limitBytes: Int64
    /// Everything in the cache.
    public var totalBytes: Int64 { ownBytes + foreignBytes }
  }

  /// What one eviction did.
  public struct Eviction: Sendable, Equatable {
    /// Entries deleted.
    public var removed: Int
    /// Bytes freed.
    public var bytes: Int64
  }

  /// The `thumbnails` folder.
  public let root: String
  /// The size the cache is kept under, in bytes.
  public let limitBytes: Int64
  /// Folders (relative to `root`) whose entries may be Lightbox's; their index in this list
  /// is part of an entry's key.
  let folders: [String]
  private let now: @Sendable () -> Int64
  private let lock = NSLock()
  private var state = State.unloaded
  private var entries: [EntryKey: Entry] = [:]
  private var ownBytes: Int64 = 0
  private var foreignBytes: Int64 = 0
  private var scannedAt: Int64 = 0
  private var sequence: UInt64 = 0
  /// Index lines not yet appended to the file.
  private var pending: [String] = []
  /// Lines in the index file, for deciding when to compact it.
  private var fileLines = 0
  private var evicting = false

  private enum State { case unloaded, loading, loaded }

  /// The index file's name in the cache root.
  public static let indexName = ".lightbox-usage"
  /// The folders are walked again when the index is older than this (seconds): other
  /// programs add and remove entries the running total does not see.
  static let rescanAge: Int64 = 86_400
  /// An eviction brings the total this far under the limit (per mille), so that it does not
  /// run again at the next write.
  static let targetPerMille: Int64 = 900
  /// Pending lines are appended in batches of this many.
  static let batchLines = 64
  /// Before the index is loaded, at most this many uses are remembered.
  static let maxPendingBeforeLoad = 100_000

  /// A usage index for the cache at `root` kept under `limitBytes`; `now` is the clock in
  /// Unix seconds (tests set it). `failureApplication` is Lightbox's `fail/` subfolder.
  public init(
    root: String, limitBytes: Int64, failureApplication: String = "lightbox-1.0",
    now: @escaping @Sendable () -> Int64 = { Int64(time(nil)) }
  ) {
    self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    self.limitBytes = max(0, limitBytes)
    self.folders =
      ThumbnailSize.allCases.map(\.folder) + ["xx-large", "fail/" + failureApplication]
    self.now = now
  }

  /// The index file.
  public var indexPath: String { root + "/" + Self.indexName }

  /// The totals (loads the index first when it is not loaded: a worker-thread call).
  public var totals: Totals {
    prepare()
    return lock.withLock {
      Totals(
        ownBytes: ownBytes, ownEntries: entries.count, foreignBytes: foreignBytes,
        limitBytes: limitBytes)
    }
  }

  /// Reads the index, or walks the cache when there is none or it is stale. Uses noted
  /// before are applied afterwards. Returns at once when already loaded; a second caller
  /// while another loads returns without waiting.
  public func prepare() {
    let go = lock.withLock { () -> Bool in
      guard case .unloaded = state else { return false }
      state = .loading
      return true
    }
    guard go else { return }
    let clock = now()
    var loaded = IndexFile.read(path: indexPath, folders: folders)
    var fresh = false
    if loaded == nil || clock - (loaded?.scannedAt ?? 0) > Self.rescanAge {
      loaded = Self.scan(root: root, folders: folders, at: clock)
      fresh = true
    }
    guard let loaded else { return }
    lock.withLock {
      entries = loaded.entries
      ownBytes = entries.values.reduce(0) { $0 + $1.bytes }
      foreignBytes = loaded.foreignBytes
      scannedAt = loaded.scannedAt
      sequence = loaded.entries.values.map(\.sequence).max() ?? 0
      fileLines = fresh ? 0 : loaded.lines
      let early = pending
      pending = []
      for line in early { apply(line) }
      pending = early
      state = .loaded
    }
    if fresh { compact() } else { flush() }
  }

  /// Records that Lightbox wrote the entry at `path` (`bytes` long).
  public func noteStored(path: String, bytes: Int) {
    guard let key = key(for: path) else { return }
    lock.withLock {
      record(Self.usedLine(key, lastUse: now(), bytes: Int64(bytes), folders: folders))
    }
    flushIfBatchFull()
  }

  /// Records that the entry at `path` was read; only Lightbox's entries are tracked.
  public func noteUsed(path: String) {
    guard let key = key(for: path) else { return }
    lock.withLock {
      switch state {
      case .loaded:
        guard let entry = entries[key] else { return }
        record(Self.usedLine(key, lastUse: now(), bytes: entry.bytes, folders: folders))
      case .unloaded, .loading:
        // Whether it is ours is known once loaded; the line is dropped then if it is not.
        record(Self.usedLine(key, lastUse: now(), bytes: -1, folders: folders))
      }
    }
    flushIfBatchFull()
  }

  /// Records that the entry at `path` (`bytes` long) was deleted by someone else than the
  /// eviction (`lightbox thumbnails --prune`).
  public func noteRemoved(path: String, bytes: Int64) {
    guard let key = key(for: path) else {
      lock.withLock { foreignBytes = max(0, foreignBytes - bytes) }
      return
    }
    lock.withLock {
      if case .loaded = state, entries[key] == nil {
        foreignBytes = max(0, foreignBytes - bytes)
        return
      }
      record("- " + key.relativePath(folders))
    }
    flushIfBatchFull()
  }

  /// Deletes Lightbox's least recently used entries while the cache is over its limit
  /// (down to 90 % of it), never another program's; nil when nothing had to go, when the
  /// index is not loaded yet or when another thread is evicting.
  @discardableResult
  public func evictIfOver() -> Eviction? {
    let go = lock.withLock { () -> Bool in
      guard case .loaded = state, !evicting, ownBytes + foreignBytes > limitBytes else {
        return false
      }
      evicting = true
      return true
    }
    guard go else { return nil }
    var result = Eviction(removed: 0, bytes: 0)
    // A round is repeated only when an entry turned out to be another program's (its bytes
    // did not go): each round takes entries out of the index, so this ends.
    while evictRound(into: &result) {}
    lock.withLock { evicting = false }
    flush()
    return result
  }

  /// One pass over the least recent entries; true when another pass is needed.
  private func evictRound(into result: inout Eviction) -> Bool {
    let victims = lock.withLock { () -> [(EntryKey, Entry)] in
      let target = limitBytes / 1000 * Self.targetPerMille
      var excess = ownBytes + foreignBytes - target
      var chosen: [(EntryKey, Entry)] = []
      guard excess > 0 else { return [] }
      for (key, entry) in entries.sorted(by: { Self.older($0, than: $1) }) {
        if excess <= 0 { break }
        chosen.append((key, entry))
        excess -= entry.bytes
      }
      return chosen
    }
    var foreign: [(EntryKey, Int64)] = []
    var gone: [EntryKey] = []
    for (key, entry) in victims {
      let path = root + "/" + key.relativePath(folders)
      // Another program may have replaced the file since: it is checked before it goes.
      switch Self.owner(of: path) {
      case .lightbox:
        if unlink(path) == 0 || errno == ENOENT {
          gone.append(key)
          result.removed += 1
          result.bytes += entry.bytes
        }
      case .missing: gone.append(key)
      case .other(let bytes): foreign.append((key, bytes))
      }
    }
    return lock.withLock { () -> Bool in
      for key in gone + foreign.map(\.0) where entries[key] != nil {
        ownBytes -= entries[key]?.bytes ?? 0
        entries[key] = nil
        record("- " + key.relativePath(folders))
      }
      for (_, bytes) in foreign { foreignBytes += bytes }
      return !foreign.isEmpty && ownBytes + foreignBytes > limitBytes && !entries.isEmpty
    }
  }

  /// Appends the pending lines to the index (compacting it when it has grown to more than
  /// twice its entries).
  public func flush() {
    let (lines, compactNow) = lock.withLock { () -> ([String], Bool) in
      guard case .loaded = state else { return ([], false) }
      let lines = pending
      pending = []
      fileLines += lines.count
      return (lines, fileLines > 2 * entries.count + 10_000)
    }
    if compactNow { return compact() }
    guard !lines.isEmpty else { return }
    // No index yet (the cache folder did not exist when it was loaded): a whole one.
    if !IndexFile.append(lines, to: indexPath, root: root) { compact() }
  }

  /// Rewrites the index as a header and one line per entry, oldest first.
  func compact() {
    let text = lock.withLock { () -> String in
      pending = []
      fileLines = entries.count
      return IndexFile.text(
        entries: entries, scannedAt: scannedAt, foreignBytes: foreignBytes, folders: folders)
    }
    IndexFile.write(text, to: indexPath, root: root)
  }

  // MARK: - Under the lock

  /// Applies an index line to the entries and keeps it for the file.
  private func record(_ line: String) {
    switch state {
    case .loaded:
      apply(line)
      pending.append(line)
    case .unloaded, .loading:
      if pending.count < Self.maxPendingBeforeLoad { pending.append(line) }
    }
  }

  /// Applies one index line ("+ lastUse bytes path" or "- path") to the entries.
  private func apply(_ line: String) {
    switch IndexFile.parse(line, folders: folders) {
    case .used(let key, let lastUse, var bytes):
      if bytes < 0 {
        // A use noted before loading: only entries known to be ours count.
        guard let known = entries[key] else { return }
        bytes = known.bytes
      }
      ownBytes += bytes - (entries[key]?.bytes ?? 0)
      sequence += 1
      entries[key] = Entry(bytes: bytes, lastUse: lastUse, sequence: sequence)
    case .removed(let key):
      ownBytes -= entries[key]?.bytes ?? 0
      entries[key] = nil
    case nil: break
    }
  }

  private func flushIfBatchFull() {
    let full = lock.withLock { () -> Bool in
      guard case .loaded = state else { return false }
      return pending.count >= Self.batchLines
    }
    if full { flush() }
  }

  // MARK: - Helpers

  /// The key of an entry path inside the cache, or nil for anything else.
  func key(for path: String) -> EntryKey? {
    guard path.hasPrefix(root + "/") else { return nil }
    return EntryKey(relativePath: String(path.dropFirst(root.count + 1)), folders: folders)
  }

  static func usedLine(_ key: EntryKey, lastUse: Int64, bytes: Int64, folders: [String])
    -> String
  {
    "+ \(lastUse) \(bytes) \(key.relativePath(folders))"
  }

  /// Least recently used first; ties broken by the order of use, then by the key.
  static func older(_ a: (key: EntryKey, value: Entry), than b: (key: EntryKey, value: Entry))
    -> Bool
  {
    (a.value.lastUse, a.value.sequence, a.key.high, a.key.low, a.key.folder)
      < (b.value.lastUse, b.value.sequence, b.key.high, b.key.low, b.key.folder)
  }
}

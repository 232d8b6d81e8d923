import Dispatch
import Foundation
import GRDB
import PhotoModel

/// Brings the catalog in line with the files under the library roots.
///
/// Incremental: a file whose size and mtime match its row is not read again, rows of
/// files that vanished are deleted, and only new or changed files are read (on all cores).
/// Rows are written in batches, each batch in one transaction (batches that queue up behind
/// a slow write share the next one), so a run killed at any moment leaves a consistent
/// catalog and the next run resumes where it stopped. One run at a time: a second call
/// waits for the first.
public final class Indexer: Sendable {
  public let catalog: Catalog
  /// Files read between two progress reports and cancellation checks.
  public let batchSize: Int
  /// Whether batches that queue up behind a slow write share the next transaction (up to
  /// 5,000 rows); without it each batch is exactly one transaction (the crash tests).
  public let groupCommit: Bool
  /// Threads reading metadata.
  public let workers: Int
  private let runLock = NSLock()
  private let state = IndexerState()

  public init(
    catalog: Catalog, batchSize: Int = 500, groupCommit: Bool = true,
    workers: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.catalog = catalog
    self.batchSize = max(1, batchSize)
    self.groupCommit = groupCommit
    self.workers = max(1, workers)
  }

  /// Number of files whose metadata this indexer has read (tests check that a re-scan
  /// with nothing changed reads none).
  public var metadataReads: Int { state.reads }

  /// Asks the running run to stop after its current batch.
  public func cancel() { state.setCancelled(true) }

  /// Indexes `roots` (adding them to the catalog's roots), or every catalog root when nil.
  ///
  /// A root that is missing or unreadable is reported in `problems` and its rows are
  /// kept: an unmounted disk must not empty the library. `library` is every root of the
  /// library being opened when only some of them are indexed (a poll of those on a network
  /// file system): a symbolic link into any of them is not followed (`LibraryScope`).
  public func index(
    roots: [String]? = nil, library: [String]? = nil,
    progress: @escaping @Sendable (IndexProgress) -> Void = { _ in }
  ) throws -> IndexSummary {
    runLock.lock()
    defer { runLock.unlock() }
    // The run reads every stamp of the library through a reader's memory map: let it go
    // when the run ends (`Catalog.releaseReaders`), or a browser idles holding the map.
    defer { catalog.releaseReaders() }
    state.setCancelled(false)
    var targets: [LibraryPath]
    if let roots {
      targets = roots.map { LibraryPath($0).normalized }
      try catalog.addRoots(targets)
    } else {
      targets = try catalog.rootPaths()
    }
    let scope = LibraryScope(roots: library.map { $0.map(LibraryPath.init) } ?? targets)
    var summary = try run(
      targets: targets, scope: scope, missingMeansRemoved: false, progress: progress)
    if !summary.cancelled {
      let now = Int64(Date().timeIntervalSince1970)
      try catalog.write { db in
        let statement = try db.makeStatement(sql: "UPDATE roots SET indexed_at = ? WHERE path = ?")
        for target in targets { try statement.execute(arguments: [now, Data(target.bytes)]) }
      }
    }
    summary.total = try photoCount(under: targets)
    return summary
  }

  /// Adds, refreshes or removes the rows of these paths (files or folders), as a file
  /// watcher reports them. A path that no longer exists loses its rows (and a folder the
  /// rows under it); a folder is walked; a file is read when its stamp changed. Paths
  /// outside the library roots, or hidden inside them, are ignored; so is a path through a
  /// symbolic link into the library (its real path is the photo's). `library` is the roots
  /// of the library being watched (default: every catalog root).
  public func update(paths: [LibraryPath], library: [LibraryPath]? = nil) throws
    -> IndexSummary
  {
    runLock.lock()
    defer { runLock.unlock() }
    // As in `index`: the stamps read through a reader's map are let go when the run ends.
    defer { catalog.releaseReaders() }
    state.setCancelled(false)
    let roots = try catalog.rootPaths()
    let targets = paths.map(\.normalized).filter { path in
      guard
        let root = roots.filter({ $0.contains(path) }).max(by: { $0.bytes.count < $1.bytes.count })
      else { return false }
      // Hidden below the root (".thumbnails/x.jpg", ".x.swp"): not part of the library.
      let below = path.bytes.dropFirst(root.normalized.bytes.count)
      return !below.split(separator: UInt8(ascii: "/")).contains { $0.first == UInt8(ascii: ".") }
    }
    guard !targets.isEmpty else { return IndexSummary() }
    var summary = try run(
      targets: targets, scope: LibraryScope(roots: library ?? roots), missingMeansRemoved: true,
      progress: { _ in })
    summary.total = try photoCount(under: roots)
    return summary
  }

  /// `update(paths:)` for paths given as text.
  public func update(paths: [String], library: [String]? = nil) throws -> IndexSummary {
    try update(paths: paths.map(LibraryPath.init), library: library?.map(LibraryPath.init))
  }

  // MARK: - The run

  /// At most this many problem lines are kept in a summary.
  static let maxProblems = 100
  /// From this many new or changed files on, a run checkpoints the WAL less often.
  static let bulkRows = 5_000

  private func run(
    targets: [LibraryPath], scope: LibraryScope, missingMeansRemoved: Bool,
    progress: @escaping @Sendable (IndexProgress) -> Void
  ) throws -> IndexSummary {
    let clock = ContinuousClock()
    let started = clock.now
    func elapsed() -> Double {
      let d = clock.now - started
      return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
    var summary = IndexSummary()
    progress(
      IndexProgress(
        phase: .scanning, found: 0, done: 0, total: 0, elapsedSeconds: 0, rate: 0,
        etaSeconds: nil))

    // 1. What is on disk, and what the catalog knows: the catalog is read on another
    // thread while the folders are walked (on all cores).
    let known = KnownFiles()
    let loading = DispatchGroup()
    DispatchQueue.global().async(group: loading) { [catalog] in
      known.load {
        try catalog.read { db in
          // A full index knows about as many files as the catalog holds; a watcher's
          // update only a few.
          let rows = StampTable(
            expected: missingMeansRemoved ? 0 : try CatalogWriter.knownFileEstimate(db))
          for target in targets {
            try CatalogWriter.knownFiles(
              db, under: target, wholeTree: !missingMeansRemoved, into: rows)
          }
          return rows
        }
      }
    }
    var walker = LibraryWalker(threads: workers, scope: scope)
    var missing: [LibraryPath] = []
    for target in targets {
      if missingMeansRemoved, !Self.exists(target) {
        missing.append(target)
      } else {
        walker.walk(root: target)
      }
    }
    loading.wait()
    let unseen = try known.take()
    summary.problems = walker.problems
    summary.unreadableFolders = walker.problems.count

    // 2. Compare stamps: unchanged files are not read. What is left of `unseen` after
    // the walk has vanished (each path is walked once: folders are entered once).
    var todo: [(file: LibraryWalker.File, wasPhoto: Bool?)] = []
    for file in walker.files {
      let row = unseen.take(file.path)
      if let row, row.stamp == file.stamp {
        summary.unchanged += 1
      } else {
        todo.append((file, row?.isPhoto))
      }
    }

    // 3. Vanished files (not under a folder that could not be read this time). A photo
    // indexed through a link into the library (before links were resolved, or through a
    // link made since) is at its real path now: its row moves there, or merges into the row
    // there, with its favorite, albums, rotation and hidden flag.
    let unreadable = walker.unreadable
    let vanished = unseen.untaken().filter { path in !unreadable.contains { $0.contains(path) } }
    let relinked = scope.walkedPaths(of: vanished)
    if !vanished.isEmpty || !missing.isEmpty {
      let (removed, moved) = try catalog.write { db in
        let (moved, merged) = try Catalog.moveLinkedRows(db, relinked)
        var removed = try CatalogWriter.delete(db, paths: vanished) + merged
        for target in missing {
          removed += try CatalogWriter.deleteTree(db, table: "assets", root: target)
          try CatalogWriter.deleteTree(db, table: "other_files", root: target)
        }
        // A folder renamed or emptied leaves its `folders` row unused.
        try FilePlace.dropUnusedFolders(db)
        return (removed, moved)
      }
      summary.removed = removed
      // A moved row is a changed photo, not a new one (read again when its file is to be).
      var unread = Set(moved)
      for i in todo.indices where unread.remove(todo[i].file.path) != nil {
        todo[i].wasPhoto = true
      }
      summary.changed += unread.count
    }

    // 4. Read new and changed files on all cores; write each batch in one transaction
    // while the next batch is being read.
    let total = todo.count
    let readingStarted = elapsed()
    let writer = BatchWriter(catalog: catalog, maxPendingRows: groupCommit ? 5000 : 1)
    // Many rows to write: the WAL is copied into the database (and both synced) every
    // 40 MB instead of every 4 MB while they go in; the usual interval comes back after.
    let bulk = groupCommit && total >= Self.bulkRows
    if bulk { try catalog.setAutoCheckpoint(pages: Catalog.bulkCheckpointPages) }
    defer {
      if bulk {
        try? catalog.setAutoCheckpoint(pages: Catalog.defaultCheckpointPages)
        catalog.emptyWAL()
      }
    }
    // Only photos in folders with a sidecar are looked for sidecars in a full index; a
    // watcher's update looks for every photo's (its walk holds only the changed files).
    let sidecarFolders =
      missingMeansRemoved ? nil : FileIndexing.sidecarFolders(walker.files.lazy.map(\.path))
    var done = 0
    var batchStart = 0
    while batchStart < total {
      if state.cancelled {
        summary.cancelled = true
        break
      }
      let batch = Array(todo[batchStart..<min(total, batchStart + batchSize)])
      let (entries, animated) = readAll(batch, sidecarFolders: sidecarFolders)
      for entry in entries {
        let wasPhoto = entry.wasPhoto
        if entry.isError {
          summary.errors += 1
          if summary.problems.count < Self.maxProblems {
            summary.problems.append("\(entry.path): \(entry.reason ?? "cannot read")")
          }
        }
        guard entry.isPhoto else {
          if wasPhoto == true { summary.removed += 1 }
          continue
        }
        if wasPhoto == true { summary.changed += 1 } else { summary.new += 1 }
      }
      summary.read += entries.count
      try writer.submit(entries, animated: animated)
      done += batch.count
      batchStart += batch.count
      let seconds = elapsed() - readingStarted
      let rate = seconds > 0 ? Double(done) / seconds : 0
      progress(
        IndexProgress(
          phase: .reading, found: walker.files.count, done: done, total: total,
          elapsedSeconds: elapsed(), rate: rate,
          etaSeconds: rate > 0 ? Double(total - done) / rate : nil))
    }
    try writer.finish()

    // A sidecar written, replaced or removed changes its photos' tags: they are read again
    // (those read whole above already have them).
    let sidecars = (todo.map(\.file.path) + vanished).filter {
      FileIndexing.isSidecarName($0.bytes)
    }
    if !sidecars.isEmpty, !summary.cancelled {
      let read = Set(todo.lazy.map(\.file.path).filter { !FileIndexing.isSidecarName($0.bytes) })
      summary.changed += try catalog.refreshTags(forSidecars: sidecars, skipping: read)
    }

    if summary.problems.count >= Self.maxProblems {
      summary.problems.append("(only the first \(Self.maxProblems) problems are listed)")
    }
    // Milliseconds are plenty, and keep the JSON short.
    summary.seconds = (elapsed() * 1000).rounded() / 1000
    let seconds = summary.seconds - readingStarted
    progress(
      IndexProgress(
        phase: .finished, found: walker.files.count, done: done, total: total,
        elapsedSeconds: summary.seconds, rate: seconds > 0 ? Double(done) / seconds : 0,
        etaSeconds: 0))
    return summary
  }

  /// Reads the entries of `files` in parallel (results in the same order), with whether
  /// each is animated.
  private func readAll(
    _ files: [(file: LibraryWalker.File, wasPhoto: Bool?)], sidecarFolders: Set<[UInt8]>?
  ) -> (entries: [CatalogEntry], animated: [Bool]) {
    var (entries, animated) = FileIndexing.readAll(
      files.map { ($0.file.path, $0.file.stamp) }, sidecarFolders: sidecarFolders)
    for i in entries.indices { entries[i].wasPhoto = files[i].wasPhoto }
    state.addReads(files.count)
    return (entries, animated)
  }

  private func photoCount(under roots: [LibraryPath]) throws -> Int {
    guard !roots.isEmpty else { return 0 }
    return try catalog.read { db in
      var conditions: [String] = []
      var arguments = StatementArguments()
      for root in roots {
        let (sql, args) = CatalogWriter.treeCondition(root)
        conditions.append(sql)
        arguments += args
      }
      return try Int.fetchOne(
        db,
        // Only the file index is read (hidden and trashed photos are indexed photos too).
        sql: "SELECT count(*) FROM assets WHERE \(conditions.joined(separator: " OR "))",
        arguments: arguments) ?? 0
    }
  }

  /// False only when the path is really gone (not when it merely cannot be reached now).
  private static func exists(_ path: LibraryPath) -> Bool {
    var info = stat()
    guard path.withCString({ stat($0, &info) }) != 0 else { return true }
    return errno != ENOENT && errno != ENOTDIR
  }
}

/// Writes batches on a serial queue so the next batches are read meanwhile.
///
/// Batches that arrive while a transaction is being written wait, and the next transaction
/// writes them all (group commit): when the writer is the slower side (a million new
/// files) its transactions grow, so the index pages a batch touches are written to the WAL
/// once per transaction instead of once per batch; when reading is slower (a slow disk)
/// each batch is its own transaction, as before. At most `maxPendingRows` wait.
private final class BatchWriter: @unchecked Sendable {
  private let catalog: Catalog
  private let maxPendingRows: Int
  private let queue = DispatchQueue(label: "lightbox.catalog.writer")
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var pending: [(entries: [CatalogEntry], animated: [Bool])] = []
  private var pendingRows = 0
  private var writing = false
  private var failure: Error?

  init(catalog: Catalog, maxPendingRows: Int) {
    self.catalog = catalog
    self.maxPendingRows = max(1, maxPendingRows)
  }

  /// Queues a batch (waiting while too many rows wait already).
  func submit(_ entries: [CatalogEntry], animated: [Bool]) throws {
    condition.lock()
    defer { condition.unlock() }
    while pendingRows >= maxPendingRows, failure == nil { condition.wait() }
    if let failure { throw failure }
    pending.append((entries, animated))
    pendingRows += entries.count
    if !writing {
      writing = true
      queue.async { self.drain() }
    }
  }

  /// Writes what waits, one transaction per round, until nothing does.
  private func drain() {
    while true {
      condition.lock()
      let batches = pending
      pending = []
      pendingRows = 0
      if batches.isEmpty || failure != nil {
        writing = false
        condition.broadcast()
        condition.unlock()
        return
      }
      condition.broadcast()  // room for the reader again
      condition.unlock()
      let now = Int64(Date().timeIntervalSince1970)
      do {
        try catalog.write { db in
          for batch in batches {
            try CatalogWriter.write(
              db, entries: batch.entries, animated: batch.animated, now: now,
              place: catalog.placeValue)
          }
        }
      } catch {
        condition.lock()
        failure = error
        condition.unlock()
      }
    }
  }

  /// Waits for the last batch.
  func finish() throws {
    condition.lock()
    defer { condition.unlock() }
    while writing { condition.wait() }
    if let failure { throw failure }
  }
}

/// The catalog's stamps, read on another thread while the walk runs.
private final class KnownFiles: @unchecked Sendable {
  // Written once by `load`, read once by `take` after the loading group is waited for.
  private var result: Result<StampTable, Error>?

  func load(_ body: () throws -> StampTable) {
    result = Result { try body() }
  }

  func take() throws -> StampTable {
    defer { result = nil }
    guard let result else { return StampTable(expected: 0) }
    return try result.get()
  }
}

/// The mutable counters of an `Indexer`, behind a lock.
private final class IndexerState: @unchecked Sendable {
  private let lock = NSLock()
  private var readCount = 0
  private var isCancelled = false

  var reads: Int { lock.withLock { readCount } }
  var cancelled: Bool { lock.withLock { isCancelled } }
  func addReads(_ n: Int) { lock.withLock { readCount += n } }
  func setCancelled(_ value: Bool) { lock.withLock { isCancelled = value } }
}

import Catalog
import DecodeWorker
import Foundation
import PhotoMetadata
import PhotoModel
import PhotoStore

/// The library side of the effect runner: loads the catalog at once, indexes the roots in
/// the background with progress, then follows changes with inotify. Falls back to reading the
/// folders directly when the catalog cannot be opened.
public final class LibraryService: @unchecked Sendable {
  // @unchecked: `watcher` is only touched on `queue`.
  private let inbox: ActionInbox
  private let catalogPath: String?
  private let queue = DispatchQueue(label: "lightbox.library", qos: .userInitiated)
  private var watcher: LibraryMonitor?
  private var indexer: Indexer?
  /// Changes the user makes run here, beside indexing (which holds `queue` for long).
  private let editQueue = DispatchQueue(label: "lightbox.library.edits", qos: .userInitiated)
  private let lock = NSLock()
  private var openCatalog: Catalog?
  private var roots: [String] = []
  private let trashHome: String?
  private let retentionDays: Int
  /// The duplicate finder's hashing, beside indexing and edits.
  private let hashQueue = DispatchQueue(label: "lightbox.library.hashes", qos: .utility)
  /// Set by `stop`: background hashing ends between photos.
  private var stopped = false
  /// A hashing run is queued and not started yet: another request joins it (a burst of
  /// watcher updates is one run after the one going on, not one each).
  private var hashingQueued = false
  /// A hashing run posted its groups: a later run that hashed nothing new posts none.
  private var groupsPosted = false

  init(inbox: ActionInbox, catalogPath: String?, trashHome: String? = nil, retentionDays: Int = 30)
  {
    self.inbox = inbox
    self.catalogPath = catalogPath
    self.trashHome = trashHome
    self.retentionDays = retentionDays
  }

  /// Starts loading, indexing and watching `roots`.
  func open(roots: [String]) {
    queue.async { self.run(roots: roots) }
  }

  /// Makes a change to the library (favorite, hide, trash, albums), then sends the library
  /// and its collections as they are now.
  func perform(_ effect: Effect) {
    editQueue.async { self.performNow(effect) }
  }

  private func performNow(_ effect: Effect) {
    let (catalog, roots) = lock.withLock { (openCatalog, self.roots) }
    guard let catalog else {
      inbox.post(
        .library(.operationFailed(reason: "No catalog is open: the change cannot be saved")))
      return
    }
    let now = Int64(Date().timeIntervalSince1970)
    var problems: [String] = []
    do {
      switch effect {
      case .setFavorite(let ids, let value): try catalog.setFavorite(value, for: ids)
      case .setHidden(let ids, let value): try catalog.setHidden(value, for: ids)
      case .setRotation(let turns): try catalog.setRotation(turns)
      case .moveToTrash(let ids): problems = trash(catalog).moveToTrash(ids, now: now)
      case .restoreFromTrash(let ids): problems = trash(catalog).restore(ids)
      case .deleteForever(let ids): problems = trash(catalog).deleteForever(ids)
      case .createAlbum(let name, let ids):
        _ = try catalog.createAlbum(named: name, adding: ids, now: now)
      case .renameAlbum(let id, let name): try catalog.renameAlbum(id, to: name)
      case .deleteAlbum(let id): try catalog.deleteAlbum(id)
      case .addToAlbum(let id, let ids): try catalog.addAssets(ids, toAlbum: id, now: now)
      case .removeFromAlbum(let id, let ids): try catalog.removeAssets(ids, fromAlbum: id)
      case .mergeDuplicates(let keeper, let others, let job):
        // The keeper's sidecar edit, made as the tag keys make theirs.
        let edit = job.flatMap { job in
          job.paths.first.map { path in
            (
              photo: path,
              edit: XMPEdit(addTags: job.addTags, rating: job.rating, label: job.label)
            )
          }
        }
        problems = try trash(catalog).merge(
          keeper: keeper, others: others, now: now, keeperEdit: edit)
      case .undoMerge(let keeper, let others):
        problems = try trash(catalog).undoMerge(keeper: keeper, others: others)
      case .findDuplicates, .loadBaseMap, .scanLibrary, .loadImage, .cancelImage, .copyToClipboard,
        .scheduleTick,
        .exportPhotos,
        .adjustDates, .runImport, .openExternally, .startPlayback, .stopPlayback, .pausePlayback,
        .editTags, .restoreSidecars, .readCaption:
        return
      }
    } catch {
      problems.append("\(error)")
    }
    inbox.post(.library(.loaded(assets: Self.assets(in: catalog, under: roots), problems: [])))
    inbox.post(.library(.collectionsLoaded(collections(catalog, roots: roots))))
    Self.postTags(catalog, inbox)
    for problem in problems { LightboxLog.logger("library").error("\(problem)") }
    if let first = problems.first {
      let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
      inbox.post(.library(.operationFailed(reason: first + more)))
    }
  }

  /// The Trash beside the catalog.
  private func trash(_ catalog: Catalog) -> LibraryTrash {
    let home = trashHome ?? FreedesktopTrash.defaultHomeTrash()
    return LibraryTrash(catalog: catalog, trash: FreedesktopTrash(homeTrash: home))
  }

  /// Finishes or undoes a trash step a killed run left half done, then erases what has been
  /// in the Trash longer than the retention (0 keeps everything).
  private func purgeOldTrash(_ catalog: Catalog) {
    let trash = trash(catalog)
    // A merge a killed run journaled is finished (its others to the Trash) after the
    // Trash's own repair.
    let repairs = trash.repair() + trash.finishMerges()
    for problem in repairs { LightboxLog.logger("trash").error("checking the Trash: \(problem)") }
    if let problem = repairs.first {
      inbox.post(.library(.operationFailed(reason: "Checking the Trash: \(problem)")))
    }
    guard retentionDays > 0 else { return }
    let result = trash.purge(
      retentionDays: retentionDays, now: Int64(Date().timeIntervalSince1970))
    for problem in result.problems {
      LightboxLog.logger("trash").error("emptying old deleted photos: \(problem)")
    }
    if let problem = result.problems.first {
      inbox.post(.library(.operationFailed(reason: "Emptying old deleted photos: \(problem)")))
    }
  }

  /// Albums, hidden and trashed photos of the library under `roots`, with the clock.
  func collections(_ catalog: Catalog, roots: [String]) -> LibraryCollections {
    // A hidden Live Photo or RAW pair is one item in Hidden too.
    let hidden = Self.paired(Self.filter((try? catalog.hiddenAssets()) ?? [], under: roots))
    let prefixes = Self.prefixes(roots)
    let trashed = ((try? catalog.trashedPhotos()) ?? []).filter { item in
      prefixes.contains("/") || prefixes.contains { item.originalPath.hasPrefix($0) }
    }
    return LibraryCollections(
      albums: (try? catalog.albums()) ?? [], hidden: hidden, trashed: trashed,
      now: Int64(Date().timeIntervalSince1970),
      utcOffsetSeconds: TimeZone.current.secondsFromGMT(), retentionDays: retentionDays)
  }

  /// Hashes the library's photos that have none yet and posts the duplicate groups, on a
  /// queue of its own (indexing and edits go on beside it). Without a catalog, nothing.
  func findDuplicates(decoder: PhotoDecoder) {
    let (catalog, roots, queued) = lock.withLock {
      let queued = hashingQueued
      hashingQueued = true
      return (openCatalog, self.roots, queued)
    }
    guard let catalog, !queued else { return }
    let inbox = inbox
    hashQueue.async {
      // The photos are read from the catalog when the run starts: a request from now on
      // needs another run.
      let groupedBefore = self.lock.withLock {
        self.hashingQueued = false
        return self.groupsPosted
      }
      let throttle = ProgressThrottle()
      let found = DuplicateScan.run(
        catalog: catalog, roots: roots, decoder: decoder,
        progress: { done, total in
          guard total > 0 else { return }
          let now = DispatchTime.now().uptimeNanoseconds
          if done == total || throttle.shouldPost(now: now, every: 100_000_000) {
            inbox.post(.library(.hashProgress(done: done, total: total)))
          }
        }, isCancelled: { self.lock.withLock { self.stopped } },
        regroupUnlessNew: !groupedBefore)
      guard let found else { return }
      self.lock.withLock { self.groupsPosted = true }
      inbox.post(.library(.duplicatesFound(groups: found.groups, bursts: found.bursts)))
    }
  }

  /// Stops indexing and watching.
  func stop() {
    lock.withLock { stopped = true }
    indexer?.cancel()
    queue.sync {
      watcher?.stop()
      watcher = nil
    }
  }

  private func run(roots: [String]) {
    let inbox = self.inbox
    guard let catalogPath else { return scanWithoutCatalog(roots: roots, problem: nil) }
    let catalog: Catalog
    do {
      // The place table is mapped here, on the library's queue: the first frame never waits
      // for it (a millisecond or two: its header and indices are checked).
      let places = PlaceLookup.finder(environment: ProcessInfo.processInfo.environment)
      catalog = try Catalog(path: catalogPath, places: places)
    } catch {
      let problem = "catalog \(catalogPath) unavailable (\(error)): reading the folders directly"
      LightboxLog.logger("catalog").error("\(problem)")
      return scanWithoutCatalog(roots: roots, problem: problem)
    }
    // One library whatever its path is called: the canonical root, or the catalog's root
    // that holds the folder named.
    let roots = (try? catalog.libraryRoots(for: roots)) ?? roots
    lock.withLock {
      openCatalog = catalog
      self.roots = roots
    }
    let load: @Sendable () -> [Asset] = {
      let assets = Self.assets(in: catalog, under: roots)
      catalog.releaseReaders()
      return assets
    }
    // The first frame comes from the catalog as it is: the newest photos at once (the All
    // grid opens on them); then the Trash is checked and its old photos emptied (a trashed
    // photo is not among the newest shown, and a repair shows in the whole library's load),
    // which before the newest cost the first screen ~50 ms at 100,000 photos; then the whole
    // library; indexing follows.
    let newest = Self.paired(
      Self.filter(((try? catalog.newestAssets(limit: Self.firstScreenLimit)) ?? []), under: roots))
    if !newest.isEmpty { inbox.post(.library(.loaded(assets: newest, problems: []))) }
    purgeOldTrash(catalog)
    inbox.post(.library(.loaded(assets: load(), problems: [])))
    inbox.post(.library(.collectionsLoaded(collections(catalog, roots: roots))))
    Self.postTags(catalog, inbox)
    let indexer = Indexer(catalog: catalog)
    self.indexer = indexer
    let throttle = ProgressThrottle()
    let summary: IndexSummary
    do {
      summary = try indexer.index(roots: roots) { progress in
        let now = DispatchTime.now().uptimeNanoseconds
        if throttle.shouldPost(now: now, every: 100_000_000) {
          inbox.post(
            .library(
              .indexProgress(done: progress.done, total: max(progress.total, progress.found))))
        }
        // Photos appear while indexing runs, not only at the end: when files were read since
        // the last load (a re-scan that reads nothing loads nothing until it ends).
        if throttle.shouldReload(now: now, every: 1_500_000_000, read: progress.done) {
          let assets = load()
          let end = DispatchTime.now().uptimeNanoseconds
          throttle.loadTook(end - now, endingAt: end)
          inbox.post(.library(.loaded(assets: assets, problems: [])))
        }
      }
    } catch {
      LightboxLog.logger("indexer").error("indexing failed: \(error)")
      inbox.post(.library(.loaded(assets: load(), problems: ["indexing failed: \(error)"])))
      inbox.post(.library(.indexFinished))
      return
    }
    let log = LightboxLog.logger("indexer")
    for problem in summary.problems { log.error("\(problem)") }
    log.info(
      "indexed \(summary.total) photos (\(summary.read) read, \(summary.errors) errors)")
    // Places the index could not look up (the table was missing then, or it changed since):
    // after indexing, so that new photos come first.
    var placed = 0
    do {
      placed = try catalog.refreshPlaces()
    } catch {
      log.error("looking up places failed: \(error)")
    }
    // A re-scan that found nothing new, changed or gone leaves the library as loaded: no
    // second load, which at 100,000 photos held the run loop (and the keys) for a second.
    let changed = summary.new + summary.changed + summary.removed + placed > 0
    // (A load while indexing may have caught the catalog half-written: the end loads again.)
    if changed || !summary.problems.isEmpty || throttle.reloaded {
      inbox.post(.library(.loaded(assets: load(), problems: summary.problems)))
      Self.postTags(catalog, inbox)
    }
    inbox.post(.library(.indexFinished))
    do {
      // A pure re-scan (nothing read) is what a poll costs: its time sets the first interval.
      let monitor = try LibraryMonitor(
        roots: roots, indexer: indexer, environment: ProcessInfo.processInfo.environment,
        initialScanCost: summary.read == 0 ? summary.seconds : 0,
        onUpdate: {
          inbox.post(.library(.loaded(assets: load(), problems: [])))
          Self.postTags(catalog, inbox)
          // New and changed files are hashed and grouped in the background too.
          inbox.post(.library(.filesChanged))
        },
        onProblem: { LightboxLog.logger("watcher").error("\($0)") })
      for watch in monitor.watches where watch.method.isPolling {
        LightboxLog.logger("watcher").info(
          "\(watch.root): \(watch.method.fileSystem), watching by polling")
      }
      watcher = monitor
    } catch {
      // Browsing goes on without live updates; the log says why.
      LightboxLog.logger("watcher").error("not watching for changes: \(error)")
    }
  }

  /// Stores photos' tags, rating and label after their sidecars were written (the catalog
  /// follows at once, before the watcher reads the sidecars again); without a catalog,
  /// nothing.
  func storeTags(_ photos: [PhotoTagValues]) {
    guard !photos.isEmpty, let catalog = lock.withLock({ openCatalog }) else { return }
    var values: [AssetID: (tags: [[String]], rating: Int, label: String?)] = [:]
    for photo in photos { values[photo.id] = (photo.tags, photo.rating, photo.label) }
    do {
      try catalog.storeTags(values)
    } catch {
      LightboxLog.logger("catalog").error("storing tags failed: \(error)")
    }
  }

  /// Posts every photo's tags and labels, people, titles and captions as the catalog has them (after a load: the state
  /// keeps only the tags of the photos it has).
  static func postTags(_ catalog: Catalog, _ inbox: ActionInbox) {
    do {
      inbox.post(.library(.tagsLoaded(try catalog.photoTags())))
      inbox.post(
        .library(
          .peopleLoaded(people: try catalog.photoPeople(), captions: try catalog.photoCaptions())))
    } catch {
      LightboxLog.logger("catalog").error("reading the tags failed: \(error)")
    }
  }

  /// The catalog's photos under `roots` (a catalog may hold other libraries too), in the
  /// catalog's order.
  public static func assets(in catalog: Catalog, under roots: [String]) -> [Asset] {
    Self.paired(filter((try? catalog.allAssets()) ?? [], under: roots))
  }

  /// RAW+JPEG pairs and Live Photos joined into one item each.
  static func paired(_ assets: [Asset]) -> [Asset] {
    LivePairing.pair(RAWPairing.pair(assets))
  }

  /// How many of the newest photos are loaded before the rest: more than any screen holds.
  public static let firstScreenLimit = 2000

  /// The assets inside `roots`.
  public static func filter(_ assets: consuming [Asset], under roots: [String]) -> [Asset] {
    let prefixes = prefixes(roots)
    if prefixes.contains("/") { return assets }
    // In place: a filtered copy held a second list of every photo beside the loaded one
    // (110 MB at a million photos, at the browser's peak; heaptrack).
    assets.removeAll { !isUnder($0.path, prefixes: prefixes) }
    return assets
  }

  /// Whether `path` is inside one of the folders `prefixes` (as `prefixes` makes them).
  static func isUnder(_ path: String, prefixes: [String]) -> Bool {
    prefixes.contains { path.hasPrefix($0) || path + "/" == $0 }
  }

  /// "/photos/" for each root ("/" for the root folder).
  static func prefixes(_ roots: [String]) -> [String] {
    roots.map { root -> String in
      let normalized = LibraryPath(root).normalized.string
      return normalized == "/" ? "/" : normalized + "/"
    }
  }

  private func scanWithoutCatalog(roots: [String], problem: String?) {
    let result = FileIndexing.scanWithoutCatalog(roots: roots) { found in
      self.inbox.post(.library(.indexProgress(done: found, total: found)))
    }
    for problem in result.problems { LightboxLog.logger("scanner").error("\(problem)") }
    inbox.post(
      .library(
        .loaded(
          assets: Self.paired(result.assets),
          problems: (problem.map { [$0] } ?? []) + result.problems)))
    inbox.post(.library(.indexFinished))
  }
}

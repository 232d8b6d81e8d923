import Catalog
import Foundation
import PhotoModel
import PhotoStore

/// The library side of the effect runner: loads the catalog at once, indexes the roots in
/// the background with progress, then follows changes with inotify. Falls back to reading the
/// folders directly when the catalog cannot be opened.
final class LibraryService: @unchecked Sendable {
  // @unchecked: `watcher` is only touched on `queue`.
  private let inbox: ActionInbox
  private let catalogPath: String?
  private let queue = DispatchQueue(label: "lightbox.library", qos: .userInitiated)
  private var watcher: LibraryWatcher?
  private var indexer: Indexer?

  init(inbox: ActionInbox, catalogPath: String?) {
    self.inbox = inbox
    self.catalogPath = catalogPath
  }

  /// Starts loading, indexing and watching `roots`.
  func open(roots: [String]) {
    queue.async { self.run(roots: roots) }
  }

  /// Makes a change to the library (favorite, hide, trash, albums) on the library queue.
  func perform(_ effect: Effect) {
  }

  /// Stops indexing and watching.
  func stop() {
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
      catalog = try Catalog(path: catalogPath)
    } catch {
      return scanWithoutCatalog(roots: roots, problem: "catalog \(catalogPath) unavailable (\(error)): reading the folders directly")
    }
    let load: @Sendable () -> [Asset] = { Self.assets(in: catalog, under: roots) }
    // The first frame comes from the catalog as it is: the newest photos at once (the All
    // grid opens on them), the whole library right after; indexing follows.
    let newest = Self.filter(((try? catalog.newestAssets(limit: Self.firstScreenLimit)) ?? []), under: roots)
    if !newest.isEmpty { inbox.post(.libraryLoaded(assets: newest, problems: [])) }
    inbox.post(.libraryLoaded(assets: load(), problems: []))
    let indexer = Indexer(catalog: catalog)
    self.indexer = indexer
    let throttle = ProgressThrottle()
    let summary: IndexSummary
    do {
      summary = try indexer.index(roots: roots) { progress in
        let now = DispatchTime.now().uptimeNanoseconds
        if throttle.shouldPost(now: now, every: 100_000_000) {
          inbox.post(.indexProgress(done: progress.done, total: max(progress.total, progress.found)))
        }
        // Photos appear while indexing runs, not only at the end.
        if throttle.shouldReload(now: now, every: 1_500_000_000) {
          inbox.post(.libraryLoaded(assets: load(), problems: []))
        }
      }
    } catch {
      inbox.post(.libraryLoaded(assets: load(), problems: ["indexing failed: \(error)"]))
      inbox.post(.indexFinished)
      return
    }
    inbox.post(.libraryLoaded(assets: load(), problems: summary.problems))
    inbox.post(.indexFinished)
    watcher = try? LibraryWatcher(
      roots: roots,
      onChange: { paths in
        _ = try? indexer.update(paths: paths)
        inbox.post(.libraryLoaded(assets: load(), problems: []))
      })
  }

  /// The catalog's photos under `roots` (a catalog may hold other libraries too), in the
  /// catalog's order.
  static func assets(in catalog: Catalog, under roots: [String]) -> [Asset] {
    filter((try? catalog.allAssets()) ?? [], under: roots)
  }

  /// How many of the newest photos are loaded before the rest: more than any screen holds.
  static let firstScreenLimit = 2000

  /// The assets inside `roots`.
  static func filter(_ assets: [Asset], under roots: [String]) -> [Asset] {
    let prefixes = roots.map { root -> String in
      let normalized = LibraryPath(root).normalized.string
      return normalized == "/" ? "/" : normalized + "/"
    }
    if prefixes.contains("/") { return assets }
    return assets.filter { asset in
      prefixes.contains { asset.path.hasPrefix($0) || asset.path + "/" == $0 }
    }
  }

  private func scanWithoutCatalog(roots: [String], problem: String?) {
    let result = LibraryScanner.scan(roots: roots) { found in
      self.inbox.post(.indexProgress(done: found, total: found))
    }
    inbox.post(.libraryLoaded(assets: result.assets, problems: (problem.map { [$0] } ?? []) + result.problems))
    inbox.post(.indexFinished)
  }
}

/// Decides when progress is worth a frame (at most every `every` nanoseconds).
final class ProgressThrottle: @unchecked Sendable {
  // @unchecked: guarded by `lock`.
  private let lock = NSLock()
  private var lastPost: UInt64 = 0
  private var lastReload: UInt64 = DispatchTime.now().uptimeNanoseconds

  func shouldPost(now: UInt64, every: UInt64) -> Bool {
    lock.withLock {
      guard now - lastPost >= every else { return false }
      lastPost = now
      return true
    }
  }

  func shouldReload(now: UInt64, every: UInt64) -> Bool {
    lock.withLock {
      guard now - lastReload >= every else { return false }
      lastReload = now
      return true
    }
  }
}

#if canImport(Glibc)
  import Foundation

  /// Follows the library's changes into the catalog: inotify (`LibraryWatcher`) for the
  /// roots on local file systems, a `LibraryPoller` re-scan for those on network file
  /// systems and FUSE mounts, where inotify does not hear of changes made elsewhere.
  public final class LibraryMonitor: @unchecked Sendable {
    /// A root and how it is followed.
    public struct RootWatch: Sendable, Equatable {
      public var root: String
      public var method: WatchMethod
    }

    /// Every root with its method, in the order given.
    public let watches: [RootWatch]
    // Set once in init.
    private let watcher: LibraryWatcher?
    private let poller: LibraryPoller?
    private let indexer: Indexer

    /// Starts following `roots`. `onUpdate` is called (on the watcher's or the poller's
    /// thread) after changes reached the catalog; `onProblem` with one line per problem the
    /// indexer meets (a folder inotify cannot watch is not reported again: the indexer
    /// already reported it unreadable).
    /// `initialScanCost` is how long a re-scan of every root took, when just measured.
    /// `environment` may name the file system type (`FileSystemType.overrideVariable`).
    public init(
      roots: [String], indexer: Indexer, environment: [String: String],
      schedule: PollSchedule = .standard, initialScanCost: Double = 0,
      onUpdate: @escaping @Sendable () -> Void,
      onProblem: @escaping @Sendable (String) -> Void = { _ in }
    ) throws {
      self.indexer = indexer
      let watches = roots.map {
        RootWatch(root: $0, method: FileSystemType.watchMethod(for: $0, environment: environment))
      }
      self.watches = watches
      let polled = watches.filter(\.method.isPolling).map(\.root)
      let watched = watches.filter { !$0.method.isPolling }.map(\.root)
      if watched.isEmpty {
        watcher = nil
      } else {
        let library = roots.map(LibraryPath.init)
        watcher = try LibraryWatcher(
          roots: watched.map(LibraryPath.init), library: library,
          onChange: { paths in
            do {
              let update = try indexer.update(paths: paths, library: library)
              update.problems.forEach(onProblem)
            } catch {
              onProblem("updating \(paths.count) changed files: \(error)")
            }
            onUpdate()
          })
      }
      if polled.isEmpty {
        poller = nil
      } else {
        // The first poll waits as long as the re-scan's share of the last full run says.
        let share = initialScanCost * Double(polled.count) / Double(max(1, roots.count))
        poller = LibraryPoller(roots: polled, schedule: schedule, initialCost: share) {
          do {
            let summary = try indexer.index(roots: polled, library: roots)
            summary.problems.forEach(onProblem)
            if summary.new + summary.changed + summary.removed > 0 { onUpdate() }
          } catch {
            onProblem("re-scanning \(polled.joined(separator: ", ")): \(error)")
          }
        }
      }
    }

    /// Seconds between re-scans of the polled roots now (nil when none is polled).
    public var pollInterval: Double? { poller?.currentInterval }

    /// The poller, for callers that wait for a re-scan.
    public var libraryPoller: LibraryPoller? { poller }

    /// Stops watching and polling.
    public func stop() {
      watcher?.stop()
      poller?.stop()
    }
  }
#endif

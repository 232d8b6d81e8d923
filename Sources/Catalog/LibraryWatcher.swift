#if canImport(Glibc)
  import Foundation
  import Glibc
  import PhotoModel

  /// Watches the library folders with inotify and reports changed paths in batches.
  ///
  /// Every folder under the roots is watched (new subfolders as they appear; hidden ones
  /// never; a symbolic link only when the walk follows it, `LibraryScope`: a folder inside
  /// the library is watched under its real path, so its events name the photos' paths).
  /// Events are gathered on a background thread and delivered together once the folder has
  /// been quiet for `quietPeriod` (or after `maxDelay` at most), so a copy of a thousand
  /// files is one batch. The paths go to `Indexer.update(paths:)`, which works
  /// out what each one means (new, changed, removed, a folder moved in or out).
  public final class LibraryWatcher: @unchecked Sendable {
    /// The watched roots.
    public let roots: [LibraryPath]
    private let inotify: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stopped = false
    private var threadStarted = false
    // Below: touched only by the watcher thread once it runs (set up before it starts).
    private var folders: [Int32: LibraryPath] = [:]
    private var identities = Set<LibraryWalker.DirectoryIdentity>()
    private let scope: LibraryScope
    private let onChange: @Sendable ([LibraryPath]) -> Void
    private let onProblem: @Sendable (String) -> Void
    private let quietPeriod: Double
    private let maxDelay: Double

    static let mask: UInt32 =
      UInt32(IN_CREATE) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO)
      | UInt32(IN_DELETE) | UInt32(IN_DELETE_SELF) | UInt32(IN_ATTRIB) | UInt32(IN_ONLYDIR)

    /// Starts watching `roots`. `onChange` and `onProblem` are called on the watcher's own
    /// thread; unreadable folders are reported through `onProblem` and skipped. `library` is
    /// every root of the library when only some are watched (the others are polled).
    public init(
      roots: [LibraryPath], library: [LibraryPath]? = nil, quietPeriod: Double = 0.15,
      maxDelay: Double = 0.5, onChange: @escaping @Sendable ([LibraryPath]) -> Void,
      onProblem: @escaping @Sendable (String) -> Void = { _ in }
    ) throws {
      self.roots = roots.map(\.normalized)
      scope = LibraryScope(roots: library ?? roots)
      self.onChange = onChange
      self.onProblem = onProblem
      self.quietPeriod = quietPeriod
      self.maxDelay = maxDelay
      inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard inotify >= 0 else {
        throw CatalogError("cannot watch the library: \(String(cString: strerror(errno)))")
      }
      var pipeEnds: [Int32] = [0, 0]
      guard pipe(&pipeEnds) == 0 else {
        close(inotify)
        throw CatalogError("cannot watch the library: \(String(cString: strerror(errno)))")
      }
      wakeRead = pipeEnds[0]
      wakeWrite = pipeEnds[1]
      for fd in pipeEnds {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, O_NONBLOCK)
      }
      for root in self.roots { addWatches(under: root) }
      let thread = Thread { [self] in
        loop()
        finished.signal()
      }
      thread.name = "lightbox.library-watcher"
      lock.withLock { threadStarted = true }
      thread.start()
    }

    /// Starts watching roots given as text.
    public convenience init(
      roots: [String], library: [String]? = nil, quietPeriod: Double = 0.15,
      maxDelay: Double = 0.5, onChange: @escaping @Sendable ([LibraryPath]) -> Void,
      onProblem: @escaping @Sendable (String) -> Void = { _ in }
    ) throws {
      try self.init(
        roots: roots.map(LibraryPath.init), library: library?.map(LibraryPath.init),
        quietPeriod: quietPeriod, maxDelay: maxDelay, onChange: onChange, onProblem: onProblem)
    }

    /// Number of folders being watched.
    public var watchedFolderCount: Int { lock.withLock { folders.count } }

    /// Stops the thread and closes the inotify descriptor; waits for the thread unless
    /// called from it (from `onChange`).
    public func stop() {
      let first = lock.withLock { () -> Bool in
        defer { stopped = true }
        return !stopped
      }
      guard first else { return }
      var byte: UInt8 = 1
      _ = write(wakeWrite, &byte, 1)
      if Thread.current.name != "lightbox.library-watcher" { finished.wait() }
    }

    deinit {
      stop()
    }

    // MARK: - Watches

    /// Watches `folder` and every folder under it (not hidden, each inode once).
    private func addWatches(under folder: LibraryPath) {
      var info = stat()
      guard folder.withCString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR else {
        return
      }
      guard identities.insert(LibraryWalker.identity(info)).inserted else { return }
      let wd = folder.withCString { inotify_add_watch(inotify, $0, Self.mask) }
      if wd < 0 {
        let reason =
          errno == ENOSPC
          ? "too many folders to watch (raise fs.inotify.max_user_watches)"
          : String(cString: strerror(errno))
        onProblem("\(folder): cannot watch folder (\(reason))")
        return
      }
      lock.withLock { folders[wd] = folder }
      guard let handle = folder.withCString({ opendir($0) }) else {
        onProblem(
          ScanProblem.unreadableFolder("\(folder)", reason: String(cString: strerror(errno))))
        return
      }
      var subfolders: [LibraryPath] = []
      while let entry = readdir(handle) {
        if UInt8(bitPattern: entry.pointee.d_name.0) == UInt8(ascii: ".") { continue }
        let type = Int32(entry.pointee.d_type)
        guard type == Int32(DT_DIR) || type == Int32(DT_LNK) || type == Int32(DT_UNKNOWN)
        else { continue }
        let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
        let path = folder.appending(name)
        // A link into the library: the folder is watched under its real path.
        if type != Int32(DT_DIR), !scope.walks(path) { continue }
        subfolders.append(path)
      }
      closedir(handle)
      for subfolder in subfolders { addWatches(under: subfolder) }
    }

    /// Forgets the folders at or under `path` (moved away: their events would carry a
    /// stale path). The kernel watch stays, so a move back in finds it again.
    private func forget(_ path: LibraryPath) {
      lock.withLock {
        for (wd, folder) in folders where path.contains(folder) { folders[wd] = nil }
      }
      identities.removeAll()  // re-learnt on the next addWatches
    }

    // MARK: - The thread

    private func loop() {
      defer {
        close(inotify)
        close(wakeRead)
        close(wakeWrite)
      }
      var pending: [LibraryPath] = []
      var pendingSet = Set<LibraryPath>()
      var firstEvent = 0.0
      var lastEvent = 0.0
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
      defer { buffer.deallocate() }
      func add(_ path: LibraryPath) {
        if pendingSet.insert(path).inserted { pending.append(path) }
      }
      while true {
        var timeout: Int32 = -1
        if !pending.isEmpty {
          let now = Self.now()
          let due = min(lastEvent + quietPeriod, firstEvent + maxDelay)
          timeout = Int32(max(0, (due - now) * 1000).rounded(.up))
        }
        var fds = [
          pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
          pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&fds, 2, timeout)
        if ready < 0, errno != EINTR { return }
        if fds[1].revents != 0 { return }
        if fds[0].revents != 0 {
          let count = read(inotify, buffer.baseAddress, buffer.count)
          if count > 0 {
            let before = pending.count
            parse(UnsafeRawBufferPointer(rebasing: buffer[..<count]), add: add)
            if pending.count > before || !pending.isEmpty {
              let now = Self.now()
              if before == 0 { firstEvent = now }
              lastEvent = now
            }
          }
        }
        if !pending.isEmpty {
          let now = Self.now()
          if now >= lastEvent + quietPeriod || now >= firstEvent + maxDelay {
            let batch = pending
            pending.removeAll()
            pendingSet.removeAll()
            onChange(batch)
          }
        }
      }
    }

    /// Turns raw inotify events into changed paths.
    private func parse(_ bytes: UnsafeRawBufferPointer, add: (LibraryPath) -> Void) {
      var offset = 0
      let header = 16  // wd, mask, cookie, len: four 32-bit fields
      while offset + header <= bytes.count {
        let wd = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
        let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
        let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
        let end = min(bytes.count, offset + header + length)
        let name = Array(bytes[(offset + header)..<end].prefix { $0 != 0 })
        offset = end
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
          // Events were lost: the roots are re-examined as a whole.
          roots.forEach(add)
          continue
        }
        guard let folder = lock.withLock({ folders[wd] }) else { continue }
        if mask & UInt32(IN_IGNORED) != 0 {
          lock.withLock { folders[wd] = nil }
          continue
        }
        if mask & UInt32(IN_DELETE_SELF) != 0 {
          add(folder)
          continue
        }
        guard !name.isEmpty, name.first != UInt8(ascii: ".") else { continue }
        let path = folder.appending(name)
        let isFolder = mask & UInt32(IN_ISDIR) != 0
        if isFolder, mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 {
          addWatches(under: path)
        } else if isFolder, mask & UInt32(IN_MOVED_FROM) != 0 {
          forget(path)
        }
        add(path)
      }
    }

    private static func now() -> Double {
      var t = timespec()
      clock_gettime(CLOCK_MONOTONIC, &t)
      return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
  }
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

extension Importer {
  /// The lock file in the library: one import into a library at a time, so a temporary file
  /// found there belongs to a run that is gone and may be deleted.
  static let lockName = ".lightbox-import.lock"
  /// The folders an import is writing into, kept until it ends, so the next one finds the
  /// temporary files of a killed run wherever they are.
  static let journalName = ".lightbox-import.folders"

  /// Copies what `plan` says to copy. `progress` gets a value as bytes are written (often:
  /// throttle it); `problem` gets each failure's one line as it happens. A full disk stops the
  /// import (what was not tried is counted as such); any other failure skips that file.
  public func run(
    _ plan: ImportPlan, progress: @escaping @Sendable (ImportProgress) -> Void = { _ in },
    problem: @escaping @Sendable (String) -> Void = { _ in }
  ) -> ImportSummary {
    let start = DispatchTime.now().uptimeNanoseconds
    var summary = ImportSummary(library: plan.library, dryRun: false)
    summary.notPhotos = plan.notPhotos.count
    for line in plan.problems {
      problem(line)
      let name = line.range(of: ": ").map { String(line[..<$0.lowerBound]) } ?? line
      summary.record(ImportOutcome(source: name, destination: nil, result: .failed, reason: line))
    }
    let folders = DestinationFolders(library: plan.library)
    let lock: Int32
    switch takeLock(folders) {
    case .success(let fd): lock = fd
    case .failure(let failure):
      problem(failure.description)
      summary.stopped = failure.description
      for file in plan.files {
        summary.record(
          ImportOutcome(source: file.source, destination: nil, result: .notAttempted))
      }
      return summary
    }
    defer { close(lock) }
    cleanUp(folders, extra: plan.groups.map(\.folder))
    let copying = plan.groups.filter { !$0.copies.isEmpty }.map(\.folder)
    writeJournal(folders, Array(Set(copying)).sorted())

    let state = CopyState(
      groups: plan.groups.count,
      total: ImportProgress(
        filesDone: 0, filesTotal: plan.copyCount, bytesDone: 0, bytesTotal: plan.copyBytes,
        elapsedSeconds: 0), start: start, progress: progress)
    let threads = hooks.isEnabled ? 1 : min(options.threads, max(1, plan.groups.count))
    // Threads of their own, not Dispatch's pool (sized to the cores): a copy mostly waits for
    // its fsync and its read-back, so more copies than cores keep the disk busy.
    let finished = DispatchGroup()
    for _ in 0..<threads {
      finished.enter()
      let worker = Thread { [self] in
        let buffer = UnsafeMutableRawBufferPointer.allocate(
          byteCount: hooks.isEnabled ? 16 << 10 : 2 << 20, alignment: 4096)
        let copier = VerifiedCopy(hooks: hooks, buffer: buffer)
        while let index = state.next() {
          state.finish(
            group: index,
            outcomes: importGroup(
              plan.groups[index], copier: copier, folders: folders, state: state,
              problem: problem))
        }
        buffer.deallocate()
        finished.leave()
      }
      worker.start()
    }
    finished.wait()
    for outcome in state.outcomes { summary.record(outcome) }
    summary.importedBytes = state.importedBytes
    summary.stopped = state.stopReason
    ledger?.sync()
    // Every temporary file was removed as its copy failed or landed: nothing to find.
    _ = folders.descriptor("").map { unlinkat($0, Self.journalName, 0) }
    summary.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return summary
  }

  /// Copies one group's files; the outcomes in the group's order.
  private func importGroup(
    _ group: ImportGroup, copier: VerifiedCopy, folders: DestinationFolders, state: CopyState,
    problem: @Sendable (String) -> Void
  ) -> [ImportOutcome] {
    var outcomes: [ImportOutcome] = []
    for file in group.files {
      var outcome: ImportOutcome
      switch file.action {
      case .inLibrary(let existing):
        outcome = ImportOutcome(source: file.source, destination: existing, result: .inLibrary)
      case .importedBefore:
        outcome = ImportOutcome(source: file.source, destination: nil, result: .importedBefore)
      case .copy:
        guard !state.isStopped else {
          outcomes.append(
            ImportOutcome(source: file.source, destination: nil, result: .notAttempted))
          continue
        }
        switch copy(file, of: group, copier: copier, folders: folders, state: state) {
        case .success(let landed):
          outcome = ImportOutcome(
            source: file.source, destination: Self.join(group.folder, landed.name),
            result: .imported)
          state.landed(bytes: file.size)
          if let ledger {
            let key = ImportLedger.Key(
              library: options.library, name: file.sourceName, size: file.size,
              captureTime: group.captureDate.localSortKey)
            do {
              try ledger.append(key, checksum: landed.checksum)
            } catch {
              problem("cannot record the import in \(ledger.path) (\(error))")
            }
          }
        case .failure(let failure):
          // Copies in flight on other threads when the disk filled fail the same way: the
          // first says so, in one line; the others are counted in the summary.
          if !failure.stopsImport || state.stop(failure.description) {
            problem(failure.description)
          }
          outcomes.append(
            ImportOutcome(
              source: file.source, destination: nil, result: .failed,
              reason: failure.description))
          continue
        }
      }
      // Only a verified copy, or the same bytes found in the library, lets the source go.
      if options.deleteAfter, outcome.result == .imported || outcome.result == .inLibrary {
        let removed = (file.sourceBytes + [0]).withUnsafeBufferPointer { path in
          path.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) }
        }
        if removed == 0 {
          outcome.sourceDeleted = true
        } else {
          problem("\(file.sourceName): copied, but the source cannot be removed (\(Errno(errno)))")
        }
      }
      outcomes.append(outcome)
    }
    return outcomes
  }

  private func copy(
    _ file: ImportFile, of group: ImportGroup, copier: VerifiedCopy,
    folders: DestinationFolders, state: CopyState
  ) -> Result<VerifiedCopy.Landed, ImportFailure> {
    let folder: Int32
    switch folders.descriptor(group.folder) {
    case .success(let fd): folder = fd
    case .failure(let error):
      return .failure(
        ImportFailure(
          "\(group.folder.isEmpty ? options.library : group.folder): cannot create the folder "
            + "(\(error)); import stopped", stopsImport: true))
    }
    let base = group.baseStem
    return copier.copy(
      source: file.sourceBytes, displayName: file.sourceName, folder: folder,
      suffix: group.suffix,
      name: { suffix in (suffix == 1 ? base : "\(base) (\(suffix))") + file.tail },
      written: { state.wrote($0) })
  }

  /// Takes the library's import lock, or says that another import holds it.
  private func takeLock(_ folders: DestinationFolders) -> Result<Int32, ImportFailure> {
    let library: Int32
    switch folders.descriptor("") {
    case .success(let fd): library = fd
    case .failure(let error):
      return .failure(
        ImportFailure("\(options.library): cannot open the library (\(error))", stopsImport: true))
    }
    let fd = openat(library, Self.lockName, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      let error = Errno(errno)
      return .failure(
        ImportFailure(
          "\(options.library): cannot write in the library (\(error))", stopsImport: true))
    }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      close(fd)
      return .failure(
        ImportFailure(
          "another import into \(options.library) is running; try again when it ends",
          stopsImport: true))
    }
    return .success(fd)
  }

  /// Deletes the temporary files a killed import left in the folders its journal names and in
  /// `extra` (this plan's folders). Holding the lock, no other import is writing them.
  private func cleanUp(_ folders: DestinationFolders, extra: [String]) {
    var names = Set(extra)
    if case .success(let library) = folders.descriptor(""),
      let text = Self.readSmallFile(library, Self.journalName)
    {
      for line in text.split(separator: "\n") where !line.isEmpty { names.insert(String(line)) }
    }
    let prefix = Array(VerifiedCopy.temporaryPrefix.utf8)
    for name in names where !name.split(separator: "/").contains("..") {
      let path = name.isEmpty ? options.library : options.library + "/" + name
      guard let handle = opendir(path) else { continue }
      defer { closedir(handle) }
      let fd = dirfd(handle)
      while let entry = readdir(handle) {
        let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          Array(raw.prefix { $0 != 0 })
        }
        guard entryName.starts(with: prefix) else { continue }
        var info = stat()
        let cName = entryName + [0]
        cName.withUnsafeBufferPointer { pointer in
          pointer.withMemoryRebound(to: CChar.self) { c in
            if fstatat(fd, c.baseAddress!, &info, AT_SYMLINK_NOFOLLOW) == 0,
              info.st_mode & S_IFMT == S_IFREG
            {
              unlinkat(fd, c.baseAddress!, 0)
            }
          }
        }
      }
    }
  }

  /// Writes the journal (a temporary name, synced, renamed over the old one).
  private func writeJournal(_ folders: DestinationFolders, _ names: [String]) {
    guard case .success(let library) = folders.descriptor("") else { return }
    let temporary = Self.journalName + ".new"
    let fd = openat(library, temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return }
    let bytes = Array(names.map { $0 + "\n" }.joined().utf8)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    let synced = fsync(fd) == 0
    close(fd)
    if written == bytes.count, synced {
      renameat(library, temporary, library, Self.journalName)
      fsync(library)
    } else {
      unlinkat(library, temporary, 0)
    }
  }

  private static func readSmallFile(_ folder: Int32, _ name: String) -> String? {
    let fd = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 1 << 20)
    let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard n > 0 else { return nil }
    return String(decoding: bytes[0..<n], as: UTF8.self)
  }
}

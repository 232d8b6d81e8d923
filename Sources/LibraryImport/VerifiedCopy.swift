#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import CImportIO
import Digests

/// One file copied so that nothing is lost: written under a hidden temporary name in its
/// destination folder, synced, read back from the disk and checked against the bytes read from
/// the source (XXH3-128, which the ledger keeps too), then
/// renamed into place without replacing anything. A kill at any moment leaves at most a
/// temporary file (the next import deletes it), never a half file under a photo's name.
struct VerifiedCopy {
  /// The temporary names' prefix: hidden, so the library walker and the watcher skip them.
  static let temporaryPrefix = ".lightbox-import-"

  let hooks: ImportTestHooks
  /// The copy buffer (one per copying thread).
  let buffer: UnsafeMutableRawBufferPointer

  /// What a landed copy is.
  struct Landed {
    /// The XXH3-128 of the bytes read from the source, which the copy read back matched.
    var checksum: [UInt8]
    /// The name it got (the planned one, or the next free suffix if another appeared).
    var name: String
  }

  /// Copies `source` (`size` bytes as planned) into the open folder `folder` as
  /// `name(suffix)`, trying later suffixes if that name is taken by then; `written` is told
  /// the bytes as they are written.
  func copy(
    source: [UInt8], displayName: String, folder: Int32, suffix: Int,
    name: (Int) -> String, written: (Int) -> Void
  ) -> Result<Landed, ImportFailure> {
    let input = (source + [0]).withUnsafeBufferPointer { path in
      path.withMemoryRebound(to: CChar.self) {
        open($0.baseAddress!, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
      }
    }
    guard input >= 0 else {
      let error = Errno(errno)
      return .failure(
        ImportFailure(
          error.code == ENOENT
            ? "\(displayName): gone from the source before it was copied"
            : "\(displayName): cannot open it (\(error))"))
    }
    defer { close(input) }
    var before = stat()
    guard fstat(input, &before) == 0, before.st_mode & S_IFMT == S_IFREG else {
      return .failure(ImportFailure("\(displayName): not a regular file"))
    }
    posix_fadvise(input, 0, 0, POSIX_FADV_SEQUENTIAL)

    let temporary = Self.temporaryPrefix + Self.randomTag()
    let output = openat(folder, temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard output >= 0 else { return .failure(destinationFailure(displayName, Errno(errno))) }
    var landed = false
    defer {
      close(output)
      if !landed { unlinkat(folder, temporary, 0) }
    }
    hooks.checkpoint()
    // The whole size up front: a full disk says so before a byte is written.
    let reserved = posix_fallocate(output, 0, off_t(before.st_size))
    if reserved != 0, reserved != EOPNOTSUPP, reserved != EINVAL {
      return .failure(destinationFailure(displayName, Errno(reserved)))
    }

    // XXH3 for the read-back (did the disk keep it) and the ledger's record; no SHA-256 here:
    // "already in the library" hashes both sides in the plan (DECISIONS, 2026-11-28).
    let checksum = XXH128Stream()
    var offset: Int64 = 0
    while true {
      let n = pread(input, buffer.baseAddress, buffer.count, off_t(offset))
      if n < 0 {
        if errno == EINTR { continue }
        let error = Errno(errno)
        return .failure(ImportFailure("\(displayName): cannot read it (\(error))"))
      }
      if n == 0 { break }
      let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<n])
      checksum.update(chunk)
      if let error = writeAll(output, chunk, at: offset) {
        return .failure(destinationFailure(displayName, error))
      }
      offset += Int64(n)
      written(n)
      if offset == Int64(n) { hooks.checkpoint() }
    }
    let sourceChecksum = checksum.finish()
    var after = stat()
    if fstat(input, &after) != 0 || after.st_size != before.st_size || offset != after.st_size
      || after.st_mtim.tv_sec != before.st_mtim.tv_sec
      || after.st_mtim.tv_nsec != before.st_mtim.tv_nsec
    {
      return .failure(ImportFailure("\(displayName): changed while it was being copied"))
    }
    // Whatever fallocate reserved past the end (a file that shrank) goes.
    if ftruncate(output, off_t(offset)) != 0 {
      return .failure(destinationFailure(displayName, Errno(errno)))
    }
    // The camera's times, as cp -p and rsync -a keep them (the index falls back on mtime).
    var times = [before.st_atim, before.st_mtim]
    futimens(output, &times)
    hooks.checkpoint()
    guard fsync(output) == 0 else { return .failure(destinationFailure(displayName, Errno(errno))) }
    hooks.checkpoint()

    // Read back from the disk, not from the page cache the write left: the synced pages are
    // clean, so dropping them makes the next read fetch what the disk holds.
    posix_fadvise(output, 0, 0, POSIX_FADV_DONTNEED)
    posix_fadvise(output, 0, 0, POSIX_FADV_SEQUENTIAL)
    guard let (copyChecksum, copySize) = Self.checksum(of: output, buffer: buffer) else {
      return .failure(destinationFailure(displayName, Errno(errno)))
    }
    guard copyChecksum == sourceChecksum, copySize == offset else {
      return .failure(
        ImportFailure("\(displayName): the copy read back differs from the source; not imported"))
    }
    hooks.checkpoint()

    var attempt = suffix
    while true {
      let target = name(attempt)
      let result = lb_rename_noreplace(folder, temporary, target)
      if result == 0 {
        landed = true
        hooks.checkpoint()
        // The rename is durable: only now is the file counted (and its source deletable).
        guard fsync(folder) == 0 else {
          return .failure(destinationFailure(displayName, Errno(errno)))
        }
        hooks.checkpoint()
        return .success(Landed(checksum: sourceChecksum, name: target))
      }
      guard result == EEXIST, attempt < 100_000 else {
        return .failure(destinationFailure(displayName, Errno(result)))
      }
      attempt += 1
    }
  }

  /// A destination error: a full disk stops the import, so does any other write error (a
  /// destination that fails one write is not trusted with the next).
  private func destinationFailure(_ name: String, _ error: Errno) -> ImportFailure {
    error.isDiskFull
      ? ImportFailure(
        "\(name): the destination disk is full (\(error)); import stopped",
        stopsImport: true)
      : ImportFailure(
        "\(name): cannot write the copy (\(error)); import stopped",
        stopsImport: true)
  }

  private func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Errno? {
    var done = 0
    while done < bytes.count {
      let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
      if n < 0 {
        if errno == EINTR { continue }
        return Errno(errno)
      }
      if n == 0 { return Errno(EIO) }
      done += n
    }
    return nil
  }

  /// The XXH3-128 checksum of the open file `fd` from its start, read with `buffer`, and how
  /// many bytes it had; nil with errno set when a read failed.
  static func checksum(of fd: Int32, buffer: UnsafeMutableRawBufferPointer) -> ([UInt8], Int64)? {
    let checksum = XXH128Stream()
    guard let size = ContentHash.readAll(fd, buffer: buffer, into: checksum.update) else {
      return nil
    }
    return (checksum.finish(), size)
  }

  /// 16 random hex digits.
  static func randomTag() -> String {
    let value = UInt64.random(in: 0...UInt64.max)
    let text = String(value, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }
}

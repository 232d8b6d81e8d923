#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import PhotoModel

/// Walks library folders and lists the regular files in them with their size and mtime.
///
/// A symbolic link is followed only when its target lies outside the library
/// (`LibraryScope`): a file or folder inside it is listed under its real path, once. Each
/// folder (device, inode) is entered once, so a link loop outside the library ends too.
/// Hidden entries (`.thumbnails`, `.Trash-1000`, `.git`) are not part of the library.
/// FIFOs, sockets and devices are listed by type only and never opened. A folder that
/// cannot be read is reported and remembered, so rows under it are kept rather than dropped
/// as vanished.
struct LibraryWalker {
  /// A regular file found by the walk.
  struct File: Sendable, Equatable {
    var path: LibraryPath
    var stamp: FileStamp
  }

  /// (device, inode) of a folder.
  struct DirectoryIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  var files = WalkedFiles()
  /// One line per folder or root that could not be read.
  var problems: [String] = []
  /// Folders (and missing roots) whose contents are unknown this time.
  var unreadable: [LibraryPath] = []
  var visited = Set<DirectoryIdentity>()
  /// The root being walked: a folder Lightbox exported into is skipped unless it is this.
  var currentRoot: LibraryPath?

  /// The file Lightbox leaves in a folder it exports into: such a folder is not part of a
  /// library that holds it, unless it is a root itself.
  static let exportMarker = ExportMarker.fileName
  /// Threads a root's subfolders are walked on (see `LibraryWalker+Parallel`).
  let threads: Int
  /// The roots of this walk: which symbolic links are followed.
  let scope: LibraryScope

  init(threads: Int = 1, scope: LibraryScope = LibraryScope()) {
    self.threads = max(1, threads)
    self.scope = scope
  }

  /// Walks `root`, a folder or a single file (or a path inside a root, which is walked only
  /// when it is the path the walk from its root reaches it by).
  mutating func walk(root: LibraryPath) {
    guard scope.walks(root) else { return }
    currentRoot = root
    var info = stat()
    let found = root.withCString { stat($0, &info) }
    guard found == 0 else {
      // A root that is not there is most often the default ~/Pictures of a new user: say
      // what to do, not "1 file could not be read … No such file or directory".
      let reason = String(cString: strerror(errno))
      problems.append(
        errno == ENOENT ? ScanProblem.missingRoot("\(root)") : "\(root): \(reason)")
      unreadable.append(root)
      return
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: files.add(path: root, stamp: FileStamp(info))
    case S_IFDIR:
      if threads > 1 {
        walkParallel(root, identity: Self.identity(info))
      } else {
        walkFolder(root, identity: Self.identity(info))
      }
    default: problems.append("\(root): not a folder or a regular file")
    }
  }

  /// Walks the folder `folder` (or its subtree under a root already being walked).
  mutating func walkFolder(_ folder: LibraryPath) {
    var info = stat()
    guard folder.withCString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      return
    }
    walkFolder(folder, identity: Self.identity(info))
  }

  mutating func walkFolder(_ folder: LibraryPath, identity: DirectoryIdentity) {
    guard let subfolders = list(folder, identity: identity) else { return }
    for (path, identity) in subfolders { walkFolder(path, identity: identity) }
  }

  /// Lists one folder: appends its regular files to `files` (in the order the folder gives
  /// them) and returns its subfolders sorted by name, or nil when the folder was walked
  /// already or cannot be read.
  mutating func list(_ folder: LibraryPath, identity: DirectoryIdentity)
    -> [(LibraryPath, DirectoryIdentity)]?
  {
    guard visited.insert(identity).inserted else { return nil }
    guard let handle = folder.withCString({ opendir($0) }) else {
      problems.append(
        ScanProblem.unreadableFolder("\(folder)", reason: String(cString: strerror(errno))))
      unreadable.append(folder)
      return nil
    }
    defer { closedir(handle) }
    let fd = dirfd(handle)
    let prefix = folder.folderPrefix
    var subfolders: [(LibraryPath, DirectoryIdentity)] = []
    var info = stat()
    let filesBefore = files.count
    // The number this folder's files are added under, once it has one.
    var fileFolder: Int32?
    var exported = false
    while let entry = readdir(handle) {
      // Hidden files and folders, and "." and "..".
      if UInt8(bitPattern: entry.pointee.d_name.0) == UInt8(ascii: ".") {
        exported =
          exported
          || withUnsafePointer(to: &entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: 256) {
              strcmp($0, Self.exportMarker) == 0
            }
          }
        continue
      }
      let type = Int32(entry.pointee.d_type)
      guard
        type == Int32(DT_REG) || type == Int32(DT_DIR) || type == Int32(DT_LNK)
          || type == Int32(DT_UNKNOWN)
      else { continue }  // FIFOs, sockets and devices are never opened
      var isLink = type == Int32(DT_LNK)
      // fstatat relative to the open folder: no full-path lookup per file. A file's name goes
      // straight into the walk's name arena; a path is made only for a folder or a link.
      let path: [UInt8]? = withUnsafeMutablePointer(to: &entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee))
        { name in
          // A file system that gives no type: look before following, a link is told apart.
          if type == Int32(DT_UNKNOWN) {
            guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            isLink = info.st_mode & S_IFMT == S_IFLNK
          }
          if type != Int32(DT_UNKNOWN) || isLink {
            guard fstatat(fd, name, &info, 0) == 0 else { return nil }
          }
          let length = strlen(name)
          let bytes = UnsafeRawBufferPointer(start: name, count: length)
          guard isLink || info.st_mode & S_IFMT == S_IFDIR else {
            if info.st_mode & S_IFMT == S_IFREG {
              if fileFolder == nil { fileFolder = files.addFolder(prefix) }
              files.add(folder: fileFolder!, name: bytes, stamp: FileStamp(info))
            }
            return nil
          }
          return prefix + bytes
        }
      }
      // A file (listed above), a dangling link, or an entry removed meanwhile.
      guard let path else { continue }
      // A link into the library: its target is listed under its real path instead.
      if isLink, !scope.walks(LibraryPath(bytes: path)) { continue }
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        if fileFolder == nil { fileFolder = files.addFolder(prefix) }
        path[prefix.count...].withUnsafeBytes {
          files.add(folder: fileFolder!, name: $0, stamp: FileStamp(info))
        }
      case S_IFDIR: subfolders.append((LibraryPath(bytes: path), Self.identity(info)))
      default: continue
      }
    }
    // Photos Lightbox exported (no metadata, dated the day they were written) are not new
    // photos of the library they were exported into (issue 33).
    if exported && folder != currentRoot {
      files.removeFiles(from: filesBefore)
      return []
    }
    subfolders.sort { $0.0 < $1.0 }
    return subfolders
  }

  static func identity(_ info: stat) -> DirectoryIdentity {
    DirectoryIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }
}

/// What tells a file's version apart: its size and modification time (nanoseconds).
struct FileStamp: Hashable, Sendable {
  var size: Int64
  var mtimeNanoseconds: Int64

  init(size: Int64, mtimeNanoseconds: Int64) {
    self.size = size
    self.mtimeNanoseconds = mtimeNanoseconds
  }

  init(_ info: stat) {
    size = Int64(info.st_size)
    #if canImport(Glibc)
      let (seconds, nanos) = (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
    #else
      let (seconds, nanos) = (Int64(info.st_mtimespec.tv_sec), Int64(info.st_mtimespec.tv_nsec))
    #endif
    // Saturate: a hostile mtime far in the future must not trap.
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    mtimeNanoseconds = overflow ? (seconds < 0 ? .min : .max) : scaled &+ nanos
  }

  /// Whole seconds of the modification time.
  var mtimeSeconds: Int64 {
    mtimeNanoseconds >= 0
      ? mtimeNanoseconds / 1_000_000_000 : (mtimeNanoseconds - 999_999_999) / 1_000_000_000
  }
}

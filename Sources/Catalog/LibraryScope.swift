#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The roots of the library being walked, which decide what a symbolic link in it stands for.
///
/// A file or folder has one place in the library: the path the walk from its root reaches it
/// by, through real folders only. So a link whose target lies inside a root (and not inside a
/// hidden folder there) is not followed: the target is walked from its root, under its real
/// path, whatever the order the folders are met in. A link to a folder holding a root would
/// walk the library again and is not followed either. A link to anything else (outside every
/// root) is followed, under the link's path. Roots are compared by their real paths, so a
/// root named through a link of its own works too. With no roots every link is followed.
struct LibraryScope: Sendable {
  /// Each root as the walk names it and as its real path.
  let roots: [(named: LibraryPath, real: LibraryPath)]

  init(roots: [LibraryPath] = []) {
    self.roots = roots.map { root in
      let named = root.normalized
      return (named, LibraryPath.realPath(named) ?? named)
    }
  }

  /// Whether the walk enters `path` (a root, a followed link or a path under one) under
  /// this name: false when the walk from a root reaches the same file or folder under
  /// another path, or when it holds a root.
  func walks(_ path: LibraryPath) -> Bool {
    guard !roots.isEmpty, let real = LibraryPath.realPath(path) else { return true }
    if let walked = walkedPath(ofReal: real) { return walked == path }
    return !roots.contains { real.contains($0.real) }
  }

  /// The path the walk from a root gives the file `path` names, when that is another path
  /// (`path` goes through a link into the library); nil otherwise.
  func walkedPath(of path: LibraryPath) -> LibraryPath? {
    guard !roots.isEmpty, let real = LibraryPath.realPath(path),
      let walked = walkedPath(ofReal: real), walked != path
    else { return nil }
    return walked
  }

  /// `walkedPath(of:)` of each of `paths` (the rows a run did not find) that has one. The
  /// files of a folder that is gone are not resolved one by one: deleting a year's folder
  /// costs one look at it, not a `realpath` per photo it held.
  func walkedPaths(of paths: [LibraryPath]) -> [(from: LibraryPath, to: LibraryPath)] {
    guard !roots.isEmpty else { return [] }
    var folderExists: [LibraryPath: Bool] = [:]
    var result: [(from: LibraryPath, to: LibraryPath)] = []
    for path in paths {
      let parent = path.parent
      let exists: Bool
      if let known = folderExists[parent] {
        exists = known
      } else {
        var info = stat()
        exists = parent.withCString { stat($0, &info) } == 0
        folderExists[parent] = exists
      }
      if exists, let walked = walkedPath(of: path) { result.append((path, walked)) }
    }
    return result
  }

  /// The path under a root's name that the walk reaches the real path `real` by, or nil
  /// when no walk reaches it (outside every root, or hidden below its root).
  private func walkedPath(ofReal real: LibraryPath) -> LibraryPath? {
    let holders = roots.filter { $0.real.contains(real) }
    guard let root = holders.max(by: { $0.real.bytes.count < $1.real.bytes.count }) else {
      return nil
    }
    let below = real.bytes.dropFirst(root.real.bytes.count)
    // ".thumbnails/…": the walk never enters hidden names.
    if below.split(separator: UInt8(ascii: "/")).contains(where: { $0.first == UInt8(ascii: ".") })
    {
      return nil
    }
    return LibraryPath(bytes: root.named.bytes + below)
  }
}

/// The regular files under library folders, for callers that work without the catalog (the
/// browser's no-catalog fallback, `lightbox thumbnails`): the same walk the indexer does.
public enum LibraryFileList {
  /// The regular files under `roots` (a root may be a single file) in walk order, and one
  /// line per root or folder that could not be read. Hidden entries are skipped, symlink
  /// loops walked once, FIFOs and devices never opened.
  public static func files(under roots: [String]) -> (files: [String], problems: [String]) {
    let named = roots.map { LibraryPath($0).normalized }
    var walker = LibraryWalker(scope: LibraryScope(roots: named))
    for root in named { walker.walk(root: root) }
    return (walker.files.map(\.path.string), walker.problems)
  }
}

/// What an import will do, decided before a byte is copied: every group with its
/// destination and each file's action, what is left out and why. The command line prints it
/// for `--dry-run`; the browser's import view will show it as its grid.
public struct ImportPlan: Sendable, Equatable {
  /// The library folder (absolute).
  public var library: String
  /// Oldest first; `{seq}` is a group's place in this list.
  public var groups: [ImportGroup]
  /// Files that are neither photos, videos nor sidecars of one (camera folders' `.CTG`,
  /// a sidecar without its photo): left where they are.
  public var notPhotos: [String]
  /// One line per source file or folder that could not be read while planning.
  public var problems: [String]

  /// Every file the plan looks at.
  public var files: [ImportFile] { groups.flatMap(\.files) }

  /// Files to copy and their bytes.
  public var copyCount: Int { groups.reduce(0) { $0 + $1.copies.count } }
  public var copyBytes: Int64 {
    groups.reduce(0) { total, group in group.copies.reduce(total) { $0 + $1.size } }
  }

  /// The plan with only the groups whose front file is one of `fronts` (source paths): the
  /// import view's marked photos. Names stay as planned, so a second plan of the same card
  /// names the rest the same way.
  public func keeping(fronts: Set<String>) -> ImportPlan {
    var kept = self
    kept.groups = groups.filter { group in
      group.files.first.map { fronts.contains($0.source) } ?? false
    }
    return kept
  }
}

/// The wording of the problems a library scan reports: written by the walker, counted and
/// summed up by the status line.
public enum ScanProblem {
  /// A root that does not exist (most often the default ~/Pictures of a new user, or an
  /// unmounted disk).
  public static func missingRoot(_ root: String) -> String { root + missingSuffix }

  private static let missingSuffix = ": no such folder"

  /// A folder that could not be listed.
  public static func unreadableFolder(_ folder: String, reason: String) -> String {
    "\(folder): cannot read folder (\(reason))"
  }

  /// True for a line `missingRoot` wrote.
  public static func isMissingRoot(_ line: String) -> Bool { line.hasSuffix(missingSuffix) }

  /// True for a line about a folder (unreadable or missing), not a file.
  public static func isFolder(_ line: String) -> Bool {
    isMissingRoot(line) || line.contains(": cannot read folder (")
  }

  /// The status line for a scan's problems: folders and files counted apart, the first two
  /// named, a missing root said first with what to do (not "1 file could not be read … No
  /// such file or directory"); nil when there are none.
  public static func summary(_ problems: [String]) -> String? {
    guard !problems.isEmpty else { return nil }
    let missing = problems.filter(isMissingRoot)
    let others = problems.filter { !isMissingRoot($0) }
    var parts: [String] = []
    if let first = missing.first {
      parts.append("No folder \(first.dropLast(missingSuffix.count)); run `lightbox PATH`")
    }
    if !others.isEmpty {
      let folders = others.count(where: isFolder)
      let files = others.count - folders
      var counted: [String] = []
      if folders > 0 { counted.append("\(folders) \(folders == 1 ? "folder" : "folders")") }
      if files > 0 { counted.append("\(files) \(files == 1 ? "file" : "files")") }
      let named = others.prefix(2).joined(separator: "; ")
      let more = others.count > 2 ? " (and \(others.count - 2) more in the log)" : ""
      parts.append(counted.joined(separator: " and ") + " could not be read: " + named + more)
    }
    return parts.joined(separator: "; ")
  }
}

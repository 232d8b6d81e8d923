#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks a path the user named on the command line before a command relies on it.
public enum NamedPath {
  /// Why `path` cannot be used ("no such file or folder", "cannot read (Permission
  /// denied)"), or nil when it exists and can be opened for reading.
  public static func problem(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      return errno == ENOENT || errno == ENOTDIR
        ? "no such file or folder" : "cannot read (\(String(cString: strerror(errno))))"
    }
    if info.st_mode & S_IFMT == S_IFDIR {
      guard let dir = opendir(path) else {
        return "cannot read (\(String(cString: strerror(errno))))"
      }
      closedir(dir)
      return nil
    }
    // O_NONBLOCK: a FIFO named on the command line must not block the check.
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return "cannot read (\(String(cString: strerror(errno))))" }
    close(fd)
    return nil
  }

  /// The subcommand the user probably meant by `word`: one `word` is a prefix of, or one
  /// within edit distance 2 of (the closest; the first in `commands` on a tie). Nil when
  /// `word` looks like a path (has a slash) or nothing is close.
  public static func suggestion(for word: String, among commands: [String]) -> String? {
    guard !word.isEmpty, !word.contains("/") else { return nil }
    let lower = word.lowercased()
    if let prefixed = commands.first(where: { $0.hasPrefix(lower) }) { return prefixed }
    var best: (name: String, distance: Int)?
    for name in commands {
      let d = editDistance(lower, name)
      if d <= 2, d < (best?.distance ?? Int.max) { best = (name, d) }
    }
    return best?.name
  }

  /// Levenshtein distance (insert, delete, substitute), over Characters.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
      var previous = row[0]
      row[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let saved = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = saved
      }
    }
    return row[b.count]
  }
}

import CBuildInfo
import Foundation

/// What `lightbox --version` prints: the release and the commit it was built from.
public enum BuildInfo {
  /// The release (bumped by hand with each release).
  public static let version = "0.3.0"

  /// The commit: as the build command passed it (`scripts/install`), else the commit checked
  /// out in the source tree the executable sits in (a `swift build` in a clone), else
  /// "unknown".
  public static var commit: String {
    let passed = String(cString: lb_build_commit())
    if passed != "unknown" { return passed }
    return checkoutCommit(near: executablePath) ?? "unknown"
  }

  /// "0.3.0 (commit 1a2b3c4)".
  public static var versionLine: String { "\(version) (commit \(commit))" }

  /// This process's executable.
  static var executablePath: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  }

  /// The short commit of the git checkout that holds `path` (at most eight folders up, as
  /// `.build/<triple>/debug/lightbox` is), read from `.git` without running git; nil when
  /// there is none.
  static func checkoutCommit(near path: String) -> String? {
    var folder = (path as NSString).deletingLastPathComponent
    for _ in 0..<8 {
      let git = folder + "/.git"
      if let head = try? String(contentsOfFile: git + "/HEAD", encoding: .utf8) {
        return commit(fromHead: head, git: git).map { String($0.prefix(7)) }
      }
      let parent = (folder as NSString).deletingLastPathComponent
      if parent == folder { break }
      folder = parent
    }
    return nil
  }

  /// The commit `HEAD` names: itself when detached, else its branch's loose or packed ref.
  static func commit(fromHead head: String, git: String) -> String? {
    let line = head.trimmingCharacters(in: .whitespacesAndNewlines)
    guard line.hasPrefix("ref: ") else { return isCommitID(line) ? line : nil }
    let ref = String(line.dropFirst(5))
    if let loose = try? String(contentsOfFile: git + "/" + ref, encoding: .utf8) {
      let id = loose.trimmingCharacters(in: .whitespacesAndNewlines)
      return isCommitID(id) ? id : nil
    }
    let packed = (try? String(contentsOfFile: git + "/packed-refs", encoding: .utf8)) ?? ""
    for entry in packed.split(separator: "\n") where entry.hasSuffix(" " + ref) {
      let id = String(entry.prefix { $0 != " " })
      return isCommitID(id) ? id : nil
    }
    return nil
  }

  private static func isCommitID(_ text: String) -> Bool {
    text.count >= 40 && text.allSatisfy(\.isHexDigit)
  }
}

import CBuildInfo

/// What `lightbox --version` prints: the release and the commit it was built from.
public enum BuildInfo {
  /// The release (bumped by hand with each release).
  public static let version = "0.3.0"

  /// The commit, as the build command passed it ("unknown" for a plain `swift build`).
  public static var commit: String { String(cString: lb_build_commit()) }

  /// "0.3.0 (commit 1a2b3c4)".
  public static var versionLine: String { "\(version) (commit \(commit))" }
}

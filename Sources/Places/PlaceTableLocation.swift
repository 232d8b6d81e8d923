#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where Lightbox looks for the place table: `$LIGHTBOX_PLACES` alone when set, else
/// `$XDG_DATA_HOME/lightbox/places-v1.bin` (~/.local/share when unset), else
/// `<the executable's folder>/../share/lightbox/places-v1.bin` (where `scripts/install`
/// puts it beside the binary).
public enum PlaceTableLocation {
  /// The table's file name: the version is in it, so a new layout installs beside the old.
  public static let fileName = "places-v1.bin"

  /// The paths to try, in order.
  public static func candidates(environment: [String: String], executablePath: String?)
    -> [String]
  {
    if let given = environment["LIGHTBOX_PLACES"], !given.isEmpty { return [given] }
    var paths: [String] = []
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      paths.append(data + "/lightbox/" + fileName)
    } else if let home = environment["HOME"], !home.isEmpty {
      paths.append(home + "/.local/share/lightbox/" + fileName)
    }
    if let executable = executablePath, let slash = executable.lastIndex(of: "/") {
      let folder = executable[..<slash]
      paths.append(folder + "/../share/lightbox/" + fileName)
    }
    return paths
  }

  /// The first candidate that exists, else the first candidate (so that "missing" names
  /// where it was expected).
  public static func path(environment: [String: String], executablePath: String?) -> String? {
    let paths = candidates(environment: environment, executablePath: executablePath)
    return paths.first(where: exists) ?? paths.first
  }

  private static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }
}

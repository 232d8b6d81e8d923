import Foundation

/// Finds the built `lightbox` executable next to the test bundle.
public enum BuiltProduct {
  /// Path of the `lightbox` binary of this build, or nil.
  public static var lightbox: String? {
    var candidates: [String] = []
    let argv0 = CommandLine.arguments.first ?? ""
    var dir = URL(fileURLWithPath: argv0).deletingLastPathComponent()
    // xctest bundles may sit in a `.xctest/…` folder on some platforms: climb a little.
    for _ in 0..<4 {
      candidates.append(dir.appendingPathComponent("lightbox").path)
      dir = dir.deletingLastPathComponent()
    }
    candidates.append(CorpusLocator.packageRoot.appendingPathComponent(".build/debug/lightbox").path)
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// A fresh temporary folder.
  public static func temporaryDirectory(_ label: String) -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lightbox-\(label)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

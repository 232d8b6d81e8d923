import Foundation
import XCTest

/// Finds the built `lightbox` executable next to the test bundle.
public enum BuiltProduct {
  /// The built `lightbox`, or an XCTSkip saying how to build it: the guard every test of the
  /// program opens with.
  public static func requireLightbox() throws -> String {
    guard let lightbox else {
      throw XCTSkip("the lightbox binary is not built (run `swift build` first)")
    }
    return lightbox
  }

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
    candidates.append(
      CorpusLocator.packageRoot.appendingPathComponent(".build/debug/lightbox").path)
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// A fresh temporary folder.
  public static func temporaryDirectory(_ label: String) -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lightbox-\(label)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The environment the end-to-end tests run the program in: a private HOME and XDG
  /// folders under `home`, a known terminal and shell prompt (`e2e$ `), and no Swift crash
  /// reporter (it would wait for input on a terminal); `extra` adds or replaces entries.
  public static func privateEnvironment(home: URL, extra: [String: String] = [:])
    -> [String: String]
  {
    [
      "HOME": home.path, "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8",
      "XDG_DATA_HOME": home.path + "/data", "XDG_CONFIG_HOME": home.path + "/config",
      "XDG_CACHE_HOME": home.path + "/cache", "XDG_STATE_HOME": home.path + "/state",
      "PS1": "e2e$ ", "SWIFT_BACKTRACE": "enable=no",
    ].merging(extra) { $1 }
  }
}

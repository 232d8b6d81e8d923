import Foundation

extension DemoLibraryGenerator {
  /// True when `directory` holds a demo library this generator wrote (its marker file is
  /// there and starts with the generator's header).
  ///
  /// Callers that keep their own files next to a demo library (`lightbox demo`'s options
  /// stamp) use it to tell "ours, made with other options" from "somebody else's folder".
  public static func isDemoLibrary(_ directory: String) -> Bool {
    let path = directory + "/" + markerFileName
    guard let marker = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
    return marker.hasPrefix(markerHeader + "\n")
  }
}

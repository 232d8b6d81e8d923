import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

extension CorpusLocator {
  /// A writable copy of the corpus file `relative` in `folder` (its permissions set to `mode`),
  /// for tests that edit files; skips the test when the corpus is absent.
  public static func writableCopy(_ relative: String, into folder: URL, mode: mode_t = 0o644)
    throws -> String
  {
    guard let corpus else { throw XCTSkip(missingMessage) }
    let target = folder.appendingPathComponent((relative as NSString).lastPathComponent).path
    try FileManager.default.copyItem(
      atPath: corpus.appendingPathComponent(relative).path, toPath: target)
    chmod(target, mode)
    return target
  }

  /// The installed exiftool, the reference reader of the XMP and EXIF tests; skips the test
  /// when it is not installed.
  public static func exiftool() throws -> String {
    for path in ["/usr/bin/exiftool", "/usr/local/bin/exiftool"]
    where FileManager.default.isExecutableFile(atPath: path) {
      return path
    }
    throw XCTSkip("exiftool is not installed (apt-get install libimage-exiftool-perl)")
  }
}

import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@_spi(Decoders) import Decoders
import DecodeWorker

/// The whole corpus through the sandboxed decode worker.
final class CorpusWorkerTests: XCTestCase {
  /// Every JPEG and PNG of the corpus (valid, malformed, every orientation) decodes through
  /// the sandboxed worker exactly as in process — the same pixels or the same one-line
  /// error — so the filter allows every path the decoders take, error paths included. The
  /// other kinds' folders are decoded the same way (whatever this build's decoders do).
  func testCorpusDecodesTheSameThroughTheWorker() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let host = try DecodeWorkerFiles.host()
    let folders = [
      "jpeg-exif", "jpeg-variants", "orientation", "png-suite", "malformed", "webp", "gif",
      "heif", "avif", "tiff", "raw",
    ]
    var compared = 0
    for folder in folders {
      let url = corpus.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(atPath: url.path) else { continue }
      for case let name as String in walker {
        let path = url.appendingPathComponent(name).path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
          !isDirectory.boolValue, !name.hasSuffix(".md")
        else { continue }
        let options = DecodeOptions(
          target: PixelSize(width: 200, height: 200), mode: compared % 2 == 0 ? .fit : .fill,
          quality: compared % 3 == 0 ? .best : .fast)
        let local = ImageDecoder.decode(path: path, options: options)
        let remote = host.decode(path: path, options: options)
        switch (local, remote) {
        case (.success(let a), .success(let b)): XCTAssertEqual(a, b, path)
        case (.failure(let a), .failure(let b)): XCTAssertEqual(a, b, path)
        default: XCTFail("\(path): in process \(local), worker \(remote)")
        }
        compared += 1
      }
    }
    XCTAssertGreaterThan(compared, 100)
    XCTAssertEqual(DecodeWorkerFiles.zombieChildren(), [])
  }
}

import Foundation
import LightboxTestSupport
import XCTest

/// `lightbox info` says AVIF, never HEIC, for AVIF stills and sequences (issue 33), with the
/// size, and for a sequence its frames, length and the movie header's date.
final class InfoAVIFTests: XCTestCase {
  var folder: URL!

  override func setUp() { folder = BuiltProduct.temporaryDirectory("info-avif") }
  override func tearDown() { try? FileManager.default.removeItem(at: folder) }

  func testInfoSaysAVIFWithASizeForASequenceAndAStill() throws {
    let lightbox = try BuiltProduct.requireLightbox()
    guard AVIFSequences.available else { throw XCTSkip(AVIFSequences.missingMessage) }
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let sequence = try AVIFSequences.make("sequence.avif", in: folder.path, stillItem: false)
    let still = corpus.appendingPathComponent("avif/kodim03_yuv420_8bpc.avif").path
    let heic = corpus.appendingPathComponent("heif/orientation6.heic").path
    let environment = [
      "HOME": folder.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC",
    ]
    let readable = Subprocess.run(
      [lightbox, "info", sequence, still, heic], environment: environment)
    XCTAssertEqual(readable.status, 0, readable.output)
    let lines = readable.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 3, readable.output)
    XCTAssertEqual(
      lines.first,
      "\(sequence): AVIF 64×48, 100 frames, 0:10, av1, "
        + "taken 2023-05-06T07:08:09+00:00 (movieCreationTime)")
    XCTAssertTrue(lines[1].hasPrefix("\(still): AVIF 768×512"), lines[1])
    XCTAssertTrue(lines[2].hasPrefix("\(heic): HEIC "), lines[2])

    let json = Subprocess.run(
      [lightbox, "info", "--json", sequence, still], environment: environment)
    let objects = try json.output.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(objects.map { $0["format"] as? String }, ["avifSequence", "avif"])
    XCTAssertEqual(objects[0]["frames"] as? Int, 100)
    XCTAssertEqual(objects[0]["displayWidth"] as? Int, 64)
  }
}

import LightboxTestSupport
import PhotoModel
import XCTest

/// `RAWPairing.Folding`, told the photos one at a time, names the RAW files `pair` folds,
/// on random libraries of few stems (so that stems repeat across formats, cases and
/// folders).
final class RAWPairingFoldingTests: XCTestCase {
  func testFoldingNamesTheRAWFilesPairFolds() {
    let seed = TestSeed.value
    print("RAWPairingFoldingTests seed \(seed)")
    var random = SeededGenerator(seed: seed)
    let kinds: [(MediaFormat, [String])] = [
      (.jpeg, ["JPG", "jpg"]), (.heic, ["HEIC"]), (.avif, ["avif"]), (.png, ["png"]),
      (.raw, ["CR2", "cr2", "NEF"]), (.video, ["MOV"]),
    ]
    var folds = 0
    for _ in 0..<50 {
      var assets: [Asset] = []
      for id in 0..<Int64.random(in: 0..<40, using: &random) {
        let (format, extensions) = kinds.randomElement(using: &random)!
        let path =
          ["/p/", "/q/"].randomElement(using: &random)! + ["IMG_1", "img_1", "IMG_2", "IMG_3"]
          .randomElement(using: &random)! + "." + extensions.randomElement(using: &random)!
        assets.append(
          Asset(
            id: AssetID(id), path: path, byteSize: 1, modificationTime: 0, format: format,
            storedPixelSize: nil, orientation: .up,
            captureDate: CaptureDate(year: 2024, month: 8, day: 13, source: .exif)))
      }
      let kept = Set(RAWPairing.pair(assets).map(\.id))
      let expected = Set(assets.indices.filter { !kept.contains(assets[$0].id) })
      var folding = RAWPairing.Folding(raws: assets.filter { $0.format == .raw }.shuffled())
      for (number, asset) in assets.enumerated() { folding.see(asset, number: number) }
      XCTAssertEqual(folding.folded(), expected, "seed \(seed): \(assets.map(\.path))")
      folds += expected.count
    }
    XCTAssertGreaterThan(folds, 0, "seed \(seed)")
  }
}

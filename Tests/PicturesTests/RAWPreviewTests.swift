import Foundation
import PhotoMetadata
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders

/// RAW files show their largest embedded preview, oriented by their own IFD0, for each
/// maker's layout (synthetic files from `RAWFixture`; the corpus has a real CR3 and RAF).
final class RAWPreviewTests: XCTestCase {
  /// A picture whose halves differ, so a wrong orientation or a swapped preview shows.
  private func jpeg(width: Int, height: Int, tint: UInt8) throws -> [UInt8] {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 4
        pixels[i] = x < width / 2 ? 230 : 20
        pixels[i + 1] = tint
        pixels[i + 2] = y < height / 2 ? 30 : 200
      }
    }
    return try JPEGEncoder.encode(Bitmap(width: width, height: height, pixels: pixels), quality: 90)
      .get()
  }

  func testEveryLayoutShowsItsLargestPreviewOriented() throws {
    let preview = try jpeg(width: 320, height: 240, tint: 40)
    let thumbnail = try jpeg(width: 160, height: 120, tint: 200)
    for layout in RAWFixture.Layout.allCases {
      let file = RAWFixture.make(layout, preview: preview, thumbnail: thumbnail, orientation: 6)
      let metadata = MetadataReader.read(bytes: file)
      XCTAssertEqual(metadata.format, .raw, "\(layout)")
      XCTAssertEqual(metadata.exifOrientation, 6, "\(layout)")
      XCTAssertEqual(metadata.cameraModel, "Model \(layout.rawValue)", "\(layout)")
      XCTAssertEqual(metadata.pixelSize, PixelSize(width: 320, height: 240), "\(layout)")
      let options = DecodeOptions(
        target: PixelSize(width: 1000, height: 1000), quality: .best,
        orientation: metadata.orientation)
      let image = try ImageDecoder.decode(data: file, options: options).get()
      // Orientation 6 turns the 320×240 preview into a 240×320 portrait.
      XCTAssertEqual(image.size, PixelSize(width: 240, height: 320), "\(layout)")
      // Turned clockwise, the preview's left half (red) is on top.
      XCTAssertGreaterThan(image.rgb(x: 120, y: 40).r, 180, "\(layout): top is the left half")
      XCTAssertLessThan(image.rgb(x: 120, y: 280).r, 70, "\(layout): bottom is the right half")
      // The preview, not the thumbnail (whose green channel is high).
      XCTAssertLessThan(image.rgb(x: 120, y: 40).g, 100, "\(layout): the thumbnail was shown")
    }
  }

  func testLosslessRawDataIsNeverTakenForAPreview() throws {
    let thumbnail = try jpeg(width: 160, height: 120, tint: 200)
    let file = RAWFixture.make(.dng, preview: thumbnail, thumbnail: thumbnail, orientation: 1)
    let previews = RAWPreviews.candidates(in: file)
    XCTAssertEqual(previews.map(\.size), [PixelSize(width: 160, height: 120)])
  }

  func testATruncatedPreviewFallsBackToTheNextOne() throws {
    let preview = try jpeg(width: 320, height: 240, tint: 40)
    let thumbnail = try jpeg(width: 160, height: 120, tint: 200)
    // NEF keeps JpgFromRaw after the thumbnail: cut the file inside it.
    var file = RAWFixture.make(.nef, preview: preview, thumbnail: thumbnail, orientation: 1)
    let full = RAWPreviews.candidates(in: file)
    XCTAssertEqual(full.first?.size, PixelSize(width: 320, height: 240))
    file = Array(file.prefix(full[0].range.lowerBound + preview.count / 2))
    let left = RAWPreviews.candidates(in: file)
    XCTAssertFalse(left.contains { $0.range == full[0].range }, "a preview past the end")
    XCTAssertEqual(left.first?.size, PixelSize(width: 160, height: 120))
    let image = try ImageDecoder.decode(
      data: file, options: DecodeOptions(target: PixelSize(width: 500, height: 500))
    ).get()
    XCTAssertEqual(image.size, PixelSize(width: 160, height: 120))
  }

  func testAnOldOlympusMakerNoteCountsFromTheFilesHeader() throws {
    let preview = try jpeg(width: 320, height: 240, tint: 40)
    let thumbnail = try jpeg(width: 160, height: 120, tint: 200)
    let file = RAWFixture.make(
      .orf, preview: preview, thumbnail: thumbnail, orientation: 1, oldOlympusNote: true)
    let previews = RAWPreviews.candidates(in: file)
    XCTAssertEqual(previews.first?.size, PixelSize(width: 320, height: 240))
    XCTAssertEqual(previews.first.map { Array(file[$0.range]) }, preview)
    // A maker note of another maker's kind is not read as Olympus's.
    var other = file
    let at = try XCTUnwrap(indexOf(Array("OLYMP\0".utf8), in: other))
    other[at] = UInt8(ascii: "X")
    XCTAssertEqual(
      RAWPreviews.candidates(in: other).first?.size, PixelSize(width: 160, height: 120))
  }

  private func indexOf(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    return (0...(haystack.count - needle.count)).first {
      Array(haystack[$0..<($0 + needle.count)]) == needle
    }
  }
}

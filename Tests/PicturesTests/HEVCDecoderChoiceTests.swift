import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import DecodeWorker
@testable import Pixels
@_spi(Decoders) @testable import Decoders

/// Which HEVC decoder libheif uses (`HEIFDecoder.HEVCDecoder`): FFmpeg's for a phone's
/// primary, libde265 for a small image, and the same pixels from both.
final class HEVCDecoderChoiceTests: XCTestCase {
  private func corpusFile(_ name: String) throws -> [UInt8] {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    return try [UInt8](Data(contentsOf: corpus.appendingPathComponent("heif/\(name)")))
  }

  private let large = DecodeOptions(
    target: PixelSize(width: 4096, height: 4096), mode: .fit, quality: .best, orientation: .up)

  func testAPhonePrimaryGoesToFFmpegAndComesOutAsFromLibde265() throws {
    // An iPhone's 2566×3313 primary: a grid of 42 tiles of 512×512.
    let data = try corpusFile("IMG_5195.HEIC")
    let before = HEIFDecoder.ffmpegHEVCPictures
    let chosen = try HEIFDecoder.decode(data, options: large).get()
    XCTAssertGreaterThanOrEqual(
      HEIFDecoder.ffmpegHEVCPictures - before, 35, "every tile through FFmpeg's decoder")
    let libde265 = try HEIFDecoder.decode(data, options: large, hevc: .libde265).get()
    XCTAssertEqual(chosen.bitmap.size, PixelSize(width: 2566, height: 3313))
    XCTAssert(chosen.bitmap.pixels == libde265.bitmap.pixels, "the same pixels from both")
    XCTAssertEqual(chosen.profile, libde265.profile)
  }

  func testASmallImageStaysWithLibde265() throws {
    // 451×461: less than `ffmpegHEVCPixels`, not worth loading libavcodec for.
    let data = try corpusFile("rainbow-451x461.heic")
    let before = HEIFDecoder.ffmpegHEVCPictures
    let image = try HEIFDecoder.decode(data, options: large).get()
    XCTAssertEqual(image.bitmap.size, PixelSize(width: 451, height: 461))
    XCTAssertEqual(HEIFDecoder.ffmpegHEVCPictures, before, "libde265 decoded it")
  }

  func testADamagedStreamFailsWithAOneLineErrorFromEither() throws {
    var data = try corpusFile("IMG_5195.HEIC")
    // Zeroes over the middle of the file: tiles' slices, not the meta box at its start.
    let middle = data.count / 2
    for index in middle..<(middle + 200_000) { data[index] = 0 }
    for hevc in [HEIFDecoder.HEVCDecoder.ffmpeg, .libde265] {
      switch HEIFDecoder.decode(data, options: large, hevc: hevc) {
      case .success(let image):
        XCTAssertEqual(image.bitmap.size, PixelSize(width: 2566, height: 3313), "\(hevc)")
      case .failure(let error):
        XCTAssertFalse(error.reason.contains("\n"), "\(hevc): \(error.reason)")
      }
    }
  }

  /// `LIGHTBOX_HEVC_DECODER=libde265` in a worker's environment keeps FFmpeg out: a card of a
  /// phone's grid then comes from libheif's planes, not from the tiles decoded round libheif,
  /// and the two pictures are close but not the same.
  func testTheEnvironmentKeepsLibde265InAWorker() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    let path = corpus.appendingPathComponent("heif/HMD_Nokia_8.3_5G_hdr.heif").path
    let lightbox = try BuiltProduct.requireLightbox()
    let card = DecodeOptions(
      target: PixelSize(width: 300, height: 228), mode: .fill, quality: .fast, orientation: .up)
    func decode(_ environment: [String: String]) throws -> Bitmap {
      let host = DecodeWorkerHost(
        configuration: .init(executable: lightbox, environment: environment))
      return try host.decode(path: path, options: card, kind: .images).get()
    }
    let ffmpeg = try decode(["LIGHTBOX_TEST_UNUSED": "1"])
    let libde265 = try decode(["LIGHTBOX_HEVC_DECODER": "libde265"])
    XCTAssertEqual(ffmpeg.size, libde265.size)
    XCTAssertNotEqual(ffmpeg.pixels, libde265.pixels, "the grid path, then libheif's planes")
    XCTAssertGreaterThan(TestImages.psnr(ffmpeg, libde265), 40)
  }
}

import Foundation
@_spi(Decoders) import Decoders
import ThumbnailCache
import LightboxTestSupport
import PhotoModel
import XCTest

/// `lightbox export --size N DIR FILE…`: upright JPEGs of the requested long edge (never
/// enlarged) from any kind Lightbox decodes, never over an existing file, an error line for
/// what cannot be exported.
final class ExportCommandTests: XCTestCase {
  var work: URL!
  var lightbox: String!

  override func setUpWithError() throws {
    lightbox = try BuiltProduct.requireLightbox()
    work = BuiltProduct.temporaryDirectory("export")
  }

  override func tearDown() {
    if let work { try? FileManager.default.removeItem(at: work) }
  }

  func corpus(_ relative: String) throws -> String {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    return corpus.appendingPathComponent(relative).path
  }

  /// The pixel size of the JPEG at `path` (decoded, so it is a whole JPEG).
  func size(_ path: String) throws -> PixelSize {
    XCTAssertEqual(ImageDecoder.format(ofFile: path), .jpeg, path)
    let options = DecodeOptions(target: PixelSize(width: 4096, height: 4096))
    return try ImageDecoder.decode(path: path, options: options).get().size
  }

  func testThreePhotosBecomeThreeJPEGsAndAreNeverOverwritten() throws {
    let sources = [
      try corpus("orientation/Landscape_6.jpg"),  // 1200×1800 stored, orientation 6
      try corpus("png-suite/other/logo.png"),  // 500×202
      try corpus("heif/orientation6.heic"),  // through the decode worker
    ]
    let folder = work.appendingPathComponent("out").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let environment = BuiltProduct.privateEnvironment(home: work)
    let first = Subprocess.run(
      [lightbox, "export", "--size", "300", folder] + sources, environment: environment)
    XCTAssertEqual(first.status, 0, first.output)
    XCTAssertTrue(first.output.contains("export: 3 photos: 3 written, 0 failed"), first.output)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    XCTAssertEqual(names, [".lightbox-export", "Landscape_6.jpg", "logo.jpg", "orientation6.jpg"])
    let landscape = try size(folder + "/Landscape_6.jpg")
    XCTAssertEqual(landscape, PixelSize(width: 300, height: 200), "turned upright")
    let logo = try size(folder + "/logo.jpg")
    XCTAssertEqual(logo.width, 300)
    XCTAssertEqual(Double(logo.height), 300 * 202 / 500, accuracy: 1)
    let heif = try size(folder + "/orientation6.jpg")
    XCTAssertEqual(max(heif.width, heif.height), 300)

    let before = names.map { FileManager.default.contents(atPath: folder + "/" + $0) }
    let second = Subprocess.run(
      [lightbox, "export", "--size", "200", folder] + sources, environment: environment)
    XCTAssertEqual(second.status, 1, second.output)
    XCTAssertTrue(second.output.contains("export: 3 photos: 0 written, 3 failed"), second.output)
    XCTAssertEqual(
      second.output.components(separatedBy: "already exists; not overwritten").count - 1, 3,
      second.output)
    let after = names.map { FileManager.default.contents(atPath: folder + "/" + $0) }
    XCTAssertEqual(before, after, "nothing was overwritten")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), names)
  }

  func testSmallPhotosAreNotEnlargedAndBadFilesAreReported() throws {
    let glenda = try corpus("png-suite/other/glenda.png")  // 233×300
    let text = work.appendingPathComponent("notes.txt").path
    try Data("not a photo\n".utf8).write(to: URL(fileURLWithPath: text))
    let folder = work.appendingPathComponent("out").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let run = Subprocess.run(
      [lightbox, "export", "--size", "1000", "--quality", "80", folder, text, glenda],
      environment: BuiltProduct.privateEnvironment(home: work))
    XCTAssertEqual(run.status, 1, run.output)
    XCTAssertTrue(run.output.contains("lightbox: \(text): "), run.output)
    XCTAssertEqual(try size(folder + "/glenda.jpg"), PixelSize(width: 233, height: 300))
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/notes.jpg"))
  }

  func testOutputNames() {
    XCTAssertEqual(PhotoExport.outputName(for: "/a/IMG_1.HEIC"), "IMG_1.jpg")
    XCTAssertEqual(PhotoExport.outputName(for: "b/photo.v2.png"), "photo.v2.jpg")
    XCTAssertEqual(PhotoExport.outputName(for: "/c/README"), "README.jpg")
    XCTAssertEqual(PhotoExport.outputName(for: "/d/.hidden"), ".hidden.jpg")
  }
}

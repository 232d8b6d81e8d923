import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders
@_spi(InProcessDecoding) @testable import DecodeWorker
@testable import ThumbnailCache

/// AVIF image sequences (`avis`, issue 33) decode through FFmpeg in a video worker: the
/// poster is the first frame (red; the frames from half a second on are blue), with or
/// without a still item (libheif 1.15 refuses a sequence without one: "Unsupported
/// file-type"), the thumbnail pipeline makes a tile, and p's frames loop.
final class AVIFSequencePosterTests: XCTestCase {
  private var files = DecodeWorkerFiles(label: "unused")

  override func setUp() { files = DecodeWorkerFiles(label: "avif-sequence") }
  override func tearDown() { files.remove() }

  private static let box = DecodeOptions(
    target: PixelSize(width: 256, height: 256), mode: .fit, quality: .fast)

  private static func isRed(_ bitmap: Bitmap) -> Bool {
    let centre = bitmap.rgb(x: bitmap.width / 2, y: bitmap.height / 2)
    return centre.r > 200 && centre.g < 60 && centre.b < 60
  }

  private static func isBlue(_ bitmap: Bitmap) -> Bool {
    let centre = bitmap.rgb(x: bitmap.width / 2, y: bitmap.height / 2)
    return centre.b > 200 && centre.r < 60 && centre.g < 60
  }

  func testASequenceGoesToAVideoWorkerAndAStillToAnImageWorker() throws {
    guard AVIFSequences.available else { throw XCTSkip(AVIFSequences.missingMessage) }
    let path = try AVIFSequences.make("kind.avif", in: files.folder, frames: 10)
    XCTAssertEqual(DecodeWorkerKind.of(path: path), .videos)
    XCTAssertEqual(DecodeWorkerKind(format: .avifSequence), .videos)
    XCTAssertEqual(DecodeWorkerKind(format: .avif), .images)
    XCTAssertEqual(DecodeWorkerKind(format: .heic), .images)
  }

  /// The worker (an image worker has no FFmpeg) gives the first frame, as in process, at
  /// the sequence's shape, whether or not the file has a still item.
  func testThePosterIsTheFirstFrameInTheWorker() throws {
    guard AVIFSequences.available else { throw XCTSkip(AVIFSequences.missingMessage) }
    let decoder = PhotoDecoder(host: try DecodeWorkerFiles.host())
    for still in [true, false] {
      let name = "still-\(still).avif"
      let path = try AVIFSequences.make(name, in: files.folder, stillItem: still)
      let remote = try decoder.decode(path: path, options: Self.box).get()
      XCTAssertEqual(remote.size, PixelSize(width: 64, height: 48), "\(name): never enlarged")
      XCTAssertTrue(Self.isRed(remote), "\(name): the first frame, not one a second in")
      let local = try PhotoDecoder.inProcess.decode(path: path, options: Self.box).get()
      XCTAssertEqual(remote, local, name)
      let head = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)).prefix(4096))
      let fromHead = try decoder.decode(data: head, path: path, options: Self.box).get()
      XCTAssertEqual(fromHead, remote, "\(name): the head is enough, FFmpeg reads the file")
    }
  }

  func testThePipelineMakesATileLabelledAVIF() throws {
    guard AVIFSequences.available else { throw XCTSkip(AVIFSequences.missingMessage) }
    let path = try AVIFSequences.make("tile.avif", in: files.folder, stillItem: false)
    let cache = ThumbnailDiskCache(root: files.folder + "/cache/thumbnails")
    let pipeline = ThumbnailPipeline(
      cache: cache, decoder: PhotoDecoder(host: try DecodeWorkerFiles.host()))
    let outcome = pipeline.thumbnail(path: path, size: .normal, wantsPixels: true) { _ in
      .init(orientation: .up, storedSize: PixelSize(width: 64, height: 48))
    }
    guard case .made(let tile, nil) = outcome else { return XCTFail("no tile: \(outcome)") }
    XCTAssertTrue(Self.isRed(tile))
    let head = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)).prefix(64))
    XCTAssertEqual(ThumbnailPipeline.mimeType(.avifSequence, head: head), "image/avif")
  }

  /// p: the worker streams the frames, red then blue, and starts again after the last.
  func testPlaybackFramesLoopThroughTheWorker() throws {
    guard AVIFSequences.available else { throw XCTSkip(AVIFSequences.missingMessage) }
    let path = try AVIFSequences.make("play.avif", in: files.folder, frames: 20)
    let source = try PhotoDecoder(host: try DecodeWorkerFiles.host()).frames(
      path: path, options: Self.box, start: 0, loops: true
    ).get()
    defer { source.close() }
    var frames: [(Bitmap, Double)] = []
    while frames.count < 30, case .frame(let bitmap, let seconds) = source.nextFrame() {
      frames.append((bitmap, seconds))
    }
    XCTAssertEqual(frames.count, 30, "a loop goes on past the 20th frame")
    XCTAssertTrue(Self.isRed(frames[0].0))
    XCTAssertTrue(Self.isBlue(frames[10].0))
    XCTAssertTrue(Self.isRed(frames[20].0), "the second round starts at the first frame")
    let times = frames.map(\.1)
    XCTAssertEqual(times, times.sorted(), "times keep counting through the loop")
    XCTAssertEqual(times[20], 2, accuracy: 0.01)
  }
}

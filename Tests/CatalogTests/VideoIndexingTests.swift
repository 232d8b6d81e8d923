import Foundation
import GRDB
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Catalog

/// Videos are assets: their duration, displayed size and capture date come out of the
/// catalog, and a catalog from before v4 reads the videos it set aside again.
final class VideoIndexingTests: XCTestCase {
  private var library = TestLibrary("unused")

  override func setUp() { library = TestLibrary("video-indexing") }
  override func tearDown() { library.remove() }

  private func copyCorpusVideos(_ names: [String]) throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    for name in names {
      try FileManager.default.copyItem(
        atPath: corpus.appendingPathComponent("video/\(name)").path,
        toPath: library.root + "/" + name)
    }
  }

  func testVideosAreIndexedWithTheirLengthSizeAndDate() throws {
    try copyCorpusVideos(["iPhone6_with-gps.mov", "uuid540.mp4", "derived_rotate180_sample.3gp"])
    let catalog = try Catalog(path: library.catalogPath)
    let summary = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(summary.errors, 0)
    let assets = Dictionary(
      uniqueKeysWithValues: try catalog.allAssets().map { ($0.fileName, $0) })
    XCTAssertEqual(assets.count, 3)
    let phone = try XCTUnwrap(assets["iPhone6_with-gps.mov"])
    XCTAssertEqual(phone.format, .video)
    XCTAssertEqual(try XCTUnwrap(phone.duration), 4.0017, accuracy: 0.001)
    XCTAssertEqual(phone.displayPixelSize, PixelSize(width: 320, height: 568))
    XCTAssertEqual(phone.captureDate.source, .quickTimeCreationDate)
    XCTAssertEqual(phone.captureDate.utcSeconds, 1_563_956_740, "2019-07-24T08:25:40Z")
    XCTAssertNotNil(phone.latitude)
    XCTAssertTrue(MediaType.videos.contains(phone))
    let clip = try XCTUnwrap(assets["uuid540.mp4"])
    XCTAssertEqual(try XCTUnwrap(clip.duration), 1.0344, accuracy: 0.001)
    XCTAssertEqual(clip.captureDate.source, .movieCreationTime)
    XCTAssertEqual(clip.captureDate.utcSeconds, 1_578_236_640, "2020-01-05T15:04:00Z")
    let turned = try XCTUnwrap(assets["derived_rotate180_sample.3gp"])
    XCTAssertEqual(turned.displayPixelSize, PixelSize(width: 176, height: 144))
    let identifiers = try catalog.read { db in
      try String.fetchAll(
        db, sql: "SELECT content_identifier FROM assets WHERE content_identifier IS NOT NULL")
    }
    XCTAssertEqual(identifiers, [], "none of these carries Apple's identifier: none invented")
    XCTAssertEqual(phone.cameraModel, "iPhone 6", "from Apple's keys")
  }

  /// The info panel names a video by its container and codec, read from the file's bytes
  /// (it said "VIDEO", issue 33 item 18): the names lie here on purpose.
  func testAVideoKeepsItsContainerAndCodec() throws {
    try copyCorpusVideos(["iPhone6_with-gps.mov", "uuid540.mp4", "derived_rotate180_sample.3gp"])
    try FileManager.default.moveItem(
      atPath: library.root + "/uuid540.mp4", toPath: library.root + "/renamed.mov")
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let labels = Dictionary(
      uniqueKeysWithValues: try catalog.allAssets().map { ($0.fileName, $0.formatLabel) })
    XCTAssertEqual(
      labels,
      [
        "iPhone6_with-gps.mov": "MOV · h264", "renamed.mov": "MP4 · h264",
        "derived_rotate180_sample.3gp": "3GP · mpeg4",
      ])
  }

  /// A catalog from before v9 reads its videos again for their container and codec.
  func testAVersion8CatalogReadsItsVideosAgain() throws {
    try copyCorpusVideos(["uuid540.mp4"])
    do {
      let catalog = try Catalog(path: library.catalogPath)
      _ = try Indexer(catalog: catalog).index(roots: [library.root])
      try catalog.write { db in try db.execute(sql: "UPDATE assets SET video_format = NULL") }
      try catalog.write { db in
        try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v9%'")
        try db.execute(sql: "ALTER TABLE assets DROP COLUMN video_format")
      }
    }
    let catalog = try Catalog(path: library.catalogPath)
    XCTAssertNil(try catalog.allAssets().first?.videoFormat)
    let summary = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(summary.changed, 1)
    XCTAssertEqual(try catalog.allAssets().first?.videoFormat, "MP4 · h264")
  }

  /// Before v4 a video was an "other file" with the reason "video"; after the migration the
  /// next scan reads it again and it becomes an asset.
  func testAVersion3CatalogReadsItsVideosAgain() throws {
    try copyCorpusVideos(["uuid540.mp4"])
    try FileManager.default.createDirectory(
      atPath: (library.catalogPath as NSString).deletingLastPathComponent,
      withIntermediateDirectories: true)
    let path = library.root + "/uuid540.mp4"
    var info = stat()
    XCTAssertEqual(stat(path, &info), 0)
    do {
      let queue = try DatabaseQueue(path: library.catalogPath, configuration: .waitingForLocks)
      try Catalog.migrator.migrate(queue, upTo: "v3: read the added kinds again")
      let mtime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
      try queue.write { db in
        try db.execute(
          sql: "INSERT INTO roots (path, added_at) VALUES (?, 0)",
          arguments: [Data(library.root.utf8)])
        try db.execute(
          sql: "INSERT INTO other_files (path, size, mtime_ns, reason) VALUES (?, ?, ?, 'video')",
          arguments: [Data(path.utf8), Int64(info.st_size), mtime])
      }
    }
    let catalog = try Catalog(path: library.catalogPath)
    _ = try Indexer(catalog: catalog).index(roots: [library.root])
    let assets = try catalog.allAssets()
    XCTAssertEqual(assets.map(\.fileName), ["uuid540.mp4"])
    XCTAssertEqual(try XCTUnwrap(assets.first?.duration), 1.0344, accuracy: 0.001)
  }

  /// A folder with one clip of each container ffmpeg can make here: every one an asset with
  /// its length (ffprobe's, within 2 ms), size and date; the undated ones fall back to the
  /// file's mtime like any photo.
  func testMatroskaWebMAndAVIClipsAreIndexedWithTheirLengths() throws {
    guard VideoClips.available else { throw XCTSkip(VideoClips.missingMessage) }
    var probes: [String: VideoClips.Probe] = [:]
    for clip in VideoClips.standard {
      let path = try VideoClips.make(clip, in: library.root)
      probes[clip.name] = try XCTUnwrap(VideoClips.probe(path), clip.name)
    }
    let catalog = try Catalog(path: library.catalogPath)
    let summary = try Indexer(catalog: catalog).index(roots: [library.root])
    XCTAssertEqual(summary.errors, 0)
    let assets = Dictionary(
      uniqueKeysWithValues: try catalog.allAssets().map { ($0.fileName, $0) })
    XCTAssertEqual(Set(assets.keys), Set(probes.keys))
    for (name, probe) in probes {
      let asset = try XCTUnwrap(assets[name], name)
      XCTAssertEqual(asset.format, .video, name)
      XCTAssertTrue(MediaType.videos.contains(asset), name)
      let expected = try XCTUnwrap(
        name.hasSuffix(".avi") ? probe.streamDuration : probe.formatDuration, name)
      XCTAssertEqual(try XCTUnwrap(asset.duration, name), expected, accuracy: 0.002, name)
      XCTAssertEqual(
        asset.displayPixelSize, PixelSize(width: probe.width ?? 0, height: probe.height ?? 0))
    }
    let mkv = try XCTUnwrap(assets["h264.mkv"])
    XCTAssertEqual(mkv.captureDate.source, .movieCreationTime)
    XCTAssertEqual(mkv.captureDate.utcSeconds, 1_614_834_367, "2021-03-04T05:06:07Z")
    XCTAssertNotNil(mkv.latitude)
    let avi = try XCTUnwrap(assets["mpeg4.avi"])
    XCTAssertEqual(avi.captureDate.source, .aviRecordingDate)
    XCTAssertEqual(avi.captureDate.exifText, "2006:10:26 16:46:00")
    XCTAssertEqual(try XCTUnwrap(assets["mjpeg.avi"]).captureDate.source, .fileModification)
  }
}

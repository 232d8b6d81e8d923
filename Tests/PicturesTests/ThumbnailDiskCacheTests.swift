import Foundation
import LightboxTestSupport
import PhotoModel
import XCTest

@testable import Pixels
@_spi(Decoders) @testable import Decoders
@testable import ThumbnailCache

final class ThumbnailDiskCacheTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "lightbox-thumbcache-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// A small JPEG "photo" in the temporary folder, with a chosen modification time.
  private func makePhoto(_ name: String, mtime: Int = 1_700_000_000) throws -> String {
    var pixels: [UInt8] = []
    for y in 0..<300 {
      for x in 0..<400 { pixels += [UInt8(x % 256), UInt8(y % 256), 90, 255] }
    }
    let jpeg = try JPEGEncoder.encode(Bitmap(width: 400, height: 300, pixels: pixels), quality: 85)
      .get()
    let path = folder + "/" + name
    try Data(jpeg).write(to: URL(fileURLWithPath: path))
    try setMTime(path, mtime)
    return path
  }

  private func setMTime(_ path: String, _ seconds: Int) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))], ofItemAtPath: path)
  }

  private func thumbnail(of path: String, size: ThumbnailSize) throws -> Bitmap {
    let options = DecodeOptions(
      target: PixelSize(width: size.pixels, height: size.pixels), mode: .fit, quality: .fast)
    return try ImageDecoder.decode(path: path, options: options).get()
  }

  /// What we write passes the spec's checks: location MD5(URI).png in the size folder,
  /// Thumb::URI / MTime / Size equal to the file's, the size class respected, mode 0600,
  /// folders 0700, no temporary file left behind; and it is read back.
  func testWrittenThumbnailFollowsTheSpec() throws {
    let photo = try makePhoto("holiday photo #1.jpg", mtime: 1_650_000_123)
    let cache = ThumbnailDiskCache(root: folder + "/cache/thumbnails")
    let source = try ThumbnailSource.forFile(atPath: photo).get()
    XCTAssertEqual(source.modificationTime, 1_650_000_123)
    let bitmap = try thumbnail(of: photo, size: .large)
    let written = try cache.store(
      bitmap, for: source, size: .large, imageSize: PixelSize(width: 400, height: 300)
    ).get()

    let uri =
      "file://" + folder.replacingOccurrences(of: " ", with: "%20")
      + "/holiday%20photo%20%231.jpg"
    XCTAssertEqual(source.uri, uri)
    XCTAssertEqual(written, folder + "/cache/thumbnails/large/" + MD5.hex(uri) + ".png")

    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: written)))
    let info = try XCTUnwrap(PNGTextReader.read(bytes))
    XCTAssertEqual(info.text["Thumb::URI"], uri)
    XCTAssertEqual(info.text["Thumb::MTime"], "1650000123")
    XCTAssertEqual(info.text["Thumb::Size"], String(source.byteSize))
    XCTAssertEqual(info.text["Thumb::Image::Width"], "400")
    XCTAssertEqual(info.text["Thumb::Image::Height"], "300")
    XCTAssertLessThanOrEqual(max(info.width, info.height), 256)
    XCTAssertEqual(max(info.width, info.height), 256)

    let attributes = try FileManager.default.attributesOfItem(atPath: written)
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    let dirAttributes = try FileManager.default.attributesOfItem(
      atPath: folder + "/cache/thumbnails/large")
    XCTAssertEqual((dirAttributes[.posixPermissions] as? NSNumber)?.intValue, 0o700)
    let entries = try FileManager.default.contentsOfDirectory(
      atPath: folder + "/cache/thumbnails/large")
    XCTAssertEqual(entries, [MD5.hex(uri) + ".png"], "temporary files left: \(entries)")

    XCTAssertTrue(cache.hasThumbnail(for: source, size: .large))
    XCTAssertFalse(cache.hasThumbnail(for: source, size: .normal))
    XCTAssertEqual(cache.lookup(source, size: .large), .thumbnail(bitmap))

    // ImageMagick, when present, must read our PNG and find the same keys, and its decode
    // of the pixels (the deflate stream is Lightbox's own, see CPNGWriter) must equal ours.
    if let identify = Self.tool("identify") {
      let out = try Self.run(identify, ["-format", "%w %h %[Thumb::URI]", written])
      XCTAssertEqual(out, "\(info.width) \(info.height) \(uri)")
    }
    if let convert = Self.tool("convert") {
      let (status, rgba) = try Self.output(of: convert, [written, "-depth", "8", "rgba:-"])
      XCTAssertEqual(status, 0, "ImageMagick could not read the thumbnail Lightbox wrote")
      XCTAssertEqual(rgba.count, bitmap.pixels.count)
      XCTAssertTrue(rgba == bitmap.pixels, "ImageMagick decodes other pixels than were written")
    }
  }

  /// A thumbnail made by another program in the spec's format (ImageMagick here) is found
  /// and used; once the file changes (new MTime) it is not.
  func testThumbnailWrittenByImageMagickIsReusedUntilStale() throws {
    guard let convert = Self.tool("convert") else {
      throw XCTSkip("ImageMagick `convert` is not installed: interoperability test skipped")
    }
    let photo = try makePhoto("from-file-manager.jpg", mtime: 1_600_000_000)
    let cache = ThumbnailDiskCache(root: folder + "/thumbnails")
    let source = try ThumbnailSource.forFile(atPath: photo).get()
    let target = cache.thumbnailPath(forURI: source.uri, size: .normal)
    try FileManager.default.createDirectory(
      atPath: folder + "/thumbnails/normal", withIntermediateDirectories: true)
    _ = try Self.run(
      convert,
      [
        photo, "-thumbnail", "128x128", "-set", "Thumb::URI", source.uri, "-set",
        "Thumb::MTime", "1600000000", target,
      ])
    guard case .thumbnail(let bitmap) = cache.lookup(source, size: .normal) else {
      return XCTFail("the ImageMagick thumbnail was not reused")
    }
    XCTAssertEqual(bitmap.size, PixelSize(width: 128, height: 96))
    // The picture is a gradient: red grows to the right, as in the photo.
    XCTAssertLessThan(bitmap.rgb(x: 5, y: 48).r, bitmap.rgb(x: 120, y: 48).r)

    try setMTime(photo, 1_600_000_100)
    let changed = try ThumbnailSource.forFile(atPath: photo).get()
    XCTAssertEqual(cache.lookup(changed, size: .normal), .missing)
    XCTAssertFalse(cache.hasThumbnail(for: changed, size: .normal))
  }

  /// Stale thumbnails of ours are ignored: another MTime, another size, another URI.
  func testStaleThumbnailsAreNotReused() throws {
    let photo = try makePhoto("a.jpg", mtime: 1_500_000_000)
    let cache = ThumbnailDiskCache(root: folder + "/thumbnails")
    let source = try ThumbnailSource.forFile(atPath: photo).get()
    _ = try cache.store(try thumbnail(of: photo, size: .normal), for: source, size: .normal).get()
    XCTAssertTrue(cache.hasThumbnail(for: source, size: .normal))

    var touched = source
    touched.modificationTime += 1
    XCTAssertEqual(cache.lookup(touched, size: .normal), .missing)
    var resized = source
    resized.byteSize += 1
    XCTAssertFalse(cache.hasThumbnail(for: resized, size: .normal))
    // Same MD5 file name but a different URI inside (a hash collision or a moved cache).
    let other = ThumbnailSource(
      path: folder + "/b.jpg", modificationTime: 1_500_000_000, byteSize: source.byteSize)
    let path = cache.thumbnailPath(forURI: source.uri, size: .normal)
    try FileManager.default.copyItem(
      atPath: path, toPath: cache.thumbnailPath(forURI: other.uri, size: .normal))
    XCTAssertFalse(cache.hasThumbnail(for: other, size: .normal))
  }

  /// Failure entries live in fail/lightbox-1.0/, hold URI and MTime, and stop mattering
  /// once the file changes.
  func testFailureEntries() throws {
    let path = folder + "/broken.jpg"
    try Data([0xFF, 0xD8, 0xFF, 0xDB, 0x00]).write(to: URL(fileURLWithPath: path))
    try setMTime(path, 1_400_000_000)
    let cache = ThumbnailDiskCache(root: folder + "/thumbnails")
    let source = try ThumbnailSource.forFile(atPath: path).get()
    XCTAssertEqual(cache.lookup(source, size: .large), .missing)
    let written = try cache.storeFailure(for: source).get()
    XCTAssertEqual(
      written, folder + "/thumbnails/fail/lightbox-1.0/" + MD5.hex(source.uri) + ".png")
    let info = try XCTUnwrap(
      PNGTextReader.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: written)))))
    XCTAssertEqual(info.text["Thumb::URI"], source.uri)
    XCTAssertEqual(info.text["Thumb::MTime"], "1400000000")
    XCTAssertTrue(cache.hasFailure(for: source))
    XCTAssertEqual(cache.lookup(source, size: .large), .failed)
    let attributes = try FileManager.default.attributesOfItem(atPath: written)
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)

    try setMTime(path, 1_400_000_500)
    let changed = try ThumbnailSource.forFile(atPath: path).get()
    XCTAssertFalse(cache.hasFailure(for: changed))
    XCTAssertEqual(cache.lookup(changed, size: .large), .missing)
  }

  /// A failure entry from decoders before this generation (an AVIF sequence they could not
  /// read, issue 33), or from a build that wrote no generation, is tried again; one from
  /// this generation is not.
  func testFailureEntriesOfOlderDecodersAreTriedAgain() throws {
    let path = folder + "/sequence.avif"
    try Data(Array("not decoded yet".utf8)).write(to: URL(fileURLWithPath: path))
    let cache = ThumbnailDiskCache(root: folder + "/thumbnails")
    let source = try ThumbnailSource.forFile(atPath: path).get()
    let written = try cache.storeFailure(for: source).get()
    let current = try XCTUnwrap(
      PNGTextReader.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: written)))))
    XCTAssertEqual(
      current.text["Lightbox::Decoders"], String(ThumbnailDiskCache.decoderGeneration))
    XCTAssertTrue(cache.hasFailure(for: source))
    let base = current.text.filter { $0.key.hasPrefix("Thumb::") }.map { ($0.key, $0.value) }
    for older in [[], [("Lightbox::Decoders", "1")]] {
      let pixel = Bitmap(width: 1, height: 1, fill: .black, alpha: 0)
      let png = try PNGEncoder.encode(pixel, text: base + older).get()
      try Data(png).write(to: URL(fileURLWithPath: written))
      XCTAssertFalse(cache.hasFailure(for: source), "\(older)")
      XCTAssertEqual(cache.lookup(source, size: .large), .missing, "\(older)")
    }
  }

  /// URIs are escaped as GLib escapes them, from a lexically normalised absolute path.
  func testURIEscapingAndNormalisation() {
    XCTAssertEqual(
      ThumbnailSource.fileURI(forAbsolutePath: "/home/jens/photos/me.png"),
      "file:///home/jens/photos/me.png")
    XCTAssertEqual(
      ThumbnailSource.fileURI(forAbsolutePath: "/a b/Ünï#?%;[x]/c+d,e=f@g:h$i&j'(k)*~!.jpg"),
      "file:///a%20b/%C3%9Cn%C3%AF%23%3F%25%3B%5Bx%5D/c+d,e=f@g:h$i&j'(k)*~!.jpg")
    XCTAssertEqual(ThumbnailSource.normalized("/a//b/./c/../d.jpg"), "/a/b/d.jpg")
    XCTAssertEqual(ThumbnailSource.normalized("/../x"), "/x")
    let relative = ThumbnailSource(path: "rel/p.jpg", modificationTime: 0, byteSize: 0)
    XCTAssertTrue(relative.path.hasPrefix("/"))
    XCTAssertTrue(relative.path.hasSuffix("/rel/p.jpg"))
    XCTAssertEqual(
      ThumbnailDiskCache.defaultRoot(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"]),
      "/x/cache/thumbnails")
    XCTAssertEqual(
      ThumbnailDiskCache.defaultRoot(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"]),
      "/h/.cache/thumbnails")
  }

  /// The chunk walk ignores damaged text chunks and refuses non-PNG data.
  func testTextReaderRejectsDamage() throws {
    let png = try PNGEncoder.encode(
      Bitmap(width: 2, height: 2, fill: .white), text: [("Thumb::URI", "file:///x")]
    ).get()
    XCTAssertEqual(PNGTextReader.read(png)?.text["Thumb::URI"], "file:///x")
    var damaged = png
    damaged[8 + 25 + 8 + 3] ^= 0x01  // a byte of the tEXt data: its CRC no longer matches
    XCTAssertNil(PNGTextReader.read(damaged)?.text["Thumb::URI"])
    XCTAssertNotNil(PNGTextReader.read(damaged))
    XCTAssertNil(PNGTextReader.read(Array(png[0..<20])))
    XCTAssertNil(PNGTextReader.read([UInt8](repeating: 0x89, count: 64)))
  }

  // MARK: - Helpers

  static func tool(_ name: String) -> String? {
    for dir in ["/usr/local/bin", "/usr/bin", "/bin"] {
      let path = dir + "/" + name
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }

  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let (status, data) = try output(of: tool, arguments)
    guard status == 0 else { throw XCTSkip("\(tool) failed with status \(status)") }
    return String(decoding: data, as: UTF8.self)
  }

  /// The exit status and standard output of `tool` run with `arguments`.
  static func output(of tool: String, _ arguments: [String]) throws -> (Int32, [UInt8]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, [UInt8](data))
  }
}

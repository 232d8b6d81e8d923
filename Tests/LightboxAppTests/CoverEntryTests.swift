@_spi(InProcessDecoding) import DecodeWorker
@_spi(Decoders) import Decoders
import DemoLibrary
import Foundation
import LightboxTestSupport
import PhotoMetadata
import PhotoModel
import PhotoStore
import Pixels
import TerminalGraphics
import ThumbnailCache
import XCTest

@testable import LightboxApp

/// Cards larger than a `large` thumbnail (year covers) keep entries of their own size in
/// `x-large/`, made from the cheapest source that has that size (issue 33 item 22).
final class CoverEntryTests: XCTestCase {
  var root: URL!
  var disk: ThumbnailDiskCache!

  override func setUp() {
    root = BuiltProduct.temporaryDirectory("covers")
    disk = ThumbnailDiskCache(root: root.appendingPathComponent("thumbnails").path)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: root)
  }

  /// A 1600×1200 JPEG with a gradient (so that scaling shows), optionally with an EXIF
  /// thumbnail, at a known modification time.
  func photo(_ name: String, exifThumbnail: Bitmap? = nil) throws -> String {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(1600 * 1200 * 4)
    for y in 0..<1200 {
      for x in 0..<1600 { pixels += [UInt8(x / 7 % 256), UInt8(y / 5 % 256), 90, 255] }
    }
    var exif: [UInt8]?
    if let exifThumbnail {
      let thumbnail = try JPEGEncoder.encode(exifThumbnail, quality: 80).get()
      exif = ExifWriter(
        byteOrder: .littleEndian, ifd0: [.init(0x0112, .short([1]))], thumbnailJPEG: thumbnail
      ).build()
    }
    let bytes = try JPEGEncoder.encode(
      Bitmap(width: 1600, height: 1200, pixels: pixels), quality: 85, exif: exif
    ).get()
    let path = root.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: path)
    return path
  }

  /// The browser's request for a card of `size` of the photo at `path`, with what the catalog
  /// knows of it.
  func request(_ path: String, size: PixelSize) throws -> ImageRequest {
    let metadata = try MetadataReader.read(contentsOf: path).get()
    return ImageRequest(
      key: ImageKey(asset: AssetID(1), size: size, fit: .fill), path: path,
      format: metadata.format ?? .jpeg, orientation: metadata.orientation, priority: .visible,
      bestQuality: false, exifThumbnail: metadata.exifThumbnail, storedSize: metadata.pixelSize)
  }

  func make(_ request: ImageRequest, cache: PictureCache = PictureCache()) -> Action {
    EffectRunner.makePicture(
      request, format: .halfBlock(.trueColor), background: .black, cache: cache,
      diskCache: disk, decoder: .inProcess)
  }

  /// The entry's header and text, or nil when there is none.
  func entry(_ path: String, _ size: ThumbnailSize) throws -> PNGTextReader? {
    let source = try ThumbnailSource.forFile(atPath: path).get()
    let file = disk.thumbnailPath(forURI: source.uri, size: size)
    guard let data = FileManager.default.contents(atPath: file) else { return nil }
    return PNGTextReader.read(Array(data))
  }

  /// Keeps the file's size and modification time but makes its bytes undecodable: from
  /// then on only the thumbnail cache can answer for it (a decode would fail).
  func spoil(_ path: String) throws {
    var status = stat()
    XCTAssertEqual(stat(path, &status), 0)
    let count = try Data(contentsOf: URL(fileURLWithPath: path)).count
    try Data(repeating: 0x41, count: count).write(to: URL(fileURLWithPath: path))
    var times = [status.st_atim, status.st_mtim]
    XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
  }

  func testCardEntryIsWrittenAtTheCardsSizeAndReadBackWithoutADecode() throws {
    let path = try photo("IMG_0001.jpg")
    let card = try request(path, size: PixelSize(width: 300, height: 228))
    let first = PictureCache()
    XCTAssertEqual(make(card, cache: first), .image(.loaded(card.key)))

    let source = try ThumbnailSource.forFile(atPath: path).get()
    let info = try XCTUnwrap(try entry(path, .xLarge), "no x-large entry")
    // 4:3 scaled to just cover 300×228: 304×228, not 512×384.
    XCTAssertEqual(
      PixelSize(width: info.width, height: info.height), .init(width: 304, height: 228))
    XCTAssertEqual(info.text["Thumb::URI"], source.uri)
    XCTAssertEqual(info.text["Thumb::MTime"], "1700000000")
    XCTAssertEqual(info.text["Thumb::Size"], String(source.byteSize))
    XCTAssertEqual(info.text["Thumb::Image::Width"], "1600")
    XCTAssertEqual(info.text["Thumb::Image::Height"], "1200")
    XCTAssertEqual(info.text["Thumb::Mimetype"], "image/jpeg")
    XCTAssertNil(try entry(path, .large), "a card writes no large entry")

    try spoil(path)
    let second = PictureCache()
    XCTAssertEqual(make(card, cache: second), .image(.loaded(card.key)))
    guard case .halfBlock(let before)? = first.picture(for: card.key),
      case .halfBlock(let after)? = second.picture(for: card.key)
    else { return XCTFail("no pictures") }
    XCTAssertEqual(after, before, "the second card is the entry's, as the first was")
  }

  func testAnEntryServesEveryCardItFillsOrThatItCannotServeBetter() {
    let card = PixelSize(width: 300, height: 228)
    let photo = PixelSize(width: 4000, height: 2250)
    func serves(_ width: Int, _ height: Int, display: PixelSize?) -> Bool {
      ThumbnailPipeline.entry(
        PixelSize(width: width, height: height), serves: card, display: display)
    }
    XCTAssertTrue(serves(405, 228, display: photo), "the 16:9 photo's cover")
    XCTAssertTrue(serves(304, 228, display: photo), "a 4:3 item of it, which fills the card too")
    XCTAssertTrue(serves(494, 227, display: photo), "a pixel short: rounding")
    XCTAssertFalse(serves(256, 144, display: photo), "made for a smaller card")
    XCTAssertTrue(serves(320, 214, display: photo), "a Canon R5's item: 94 % of the card")
    XCTAssertFalse(serves(300, 200, display: photo), "88 % of the card's height")
    XCTAssertTrue(serves(512, 288, display: photo), "512 px: as large as x-large goes")
    XCTAssertTrue(serves(280, 200, display: PixelSize(width: 280, height: 200)), "the whole photo")
    XCTAssertTrue(serves(256, 144, display: nil), "another program's entry of an unknown photo")
  }

  func testTilesUpTo256PixelsStillUseTheLargeEntry() throws {
    let path = try photo("IMG_0002.jpg")
    let tile = try request(path, size: PixelSize(width: 200, height: 152))
    XCTAssertEqual(make(tile), .image(.loaded(tile.key)))
    let info = try XCTUnwrap(try entry(path, .large), "no large entry")
    XCTAssertEqual(
      PixelSize(width: info.width, height: info.height), .init(width: 256, height: 192))
    XCTAssertNil(try entry(path, .xLarge))
  }

  func testALargerCardMakesTheEntryAgainAndASmallerOneIsServedByIt() throws {
    let path = try photo("IMG_0003.jpg")
    let small = try request(path, size: PixelSize(width: 300, height: 228))
    XCTAssertEqual(make(small), .image(.loaded(small.key)))
    let large = try request(path, size: PixelSize(width: 480, height: 360))
    XCTAssertEqual(make(large), .image(.loaded(large.key)))
    let info = try XCTUnwrap(try entry(path, .xLarge))
    XCTAssertEqual(
      PixelSize(width: info.width, height: info.height), .init(width: 480, height: 360))

    try spoil(path)
    XCTAssertEqual(make(small), .image(.loaded(small.key)), "the larger entry serves it")
  }

  func testAnEXIFThumbnailThatCoversTheCardIsTheEntrysSource() throws {
    // A thumbnail painted differently from the photo, so its use shows in the entry.
    let path = try photo(
      "IMG_0004.jpg", exifThumbnail: Bitmap(width: 400, height: 300, fill: RGB(250, 20, 20)))
    let card = try request(path, size: PixelSize(width: 300, height: 228))
    XCTAssertNotNil(card.exifThumbnail)
    var previews: [Action] = []
    let action = EffectRunner.makePicture(
      card, format: .halfBlock(.trueColor), background: .black, cache: PictureCache(),
      diskCache: disk, decoder: .inProcess, preview: { previews.append($0) })
    XCTAssertEqual(action, .image(.loaded(card.key)))
    XCTAssertEqual(previews, [], "a covering thumbnail is final")
    let source = try ThumbnailSource.forFile(atPath: path).get()
    let stored = try XCTUnwrap(disk.thumbnail(for: source, size: .xLarge))
    XCTAssertEqual(stored.size, PixelSize(width: 304, height: 228))
    let centre = stored.rgb(x: 152, y: 114)
    XCTAssertGreaterThan(centre.r, 200, "\(centre)")
    XCTAssertLessThan(centre.g, 60, "\(centre)")
  }

  /// Corpus HEICs: a thumbnail item that covers the card is the entry's source (what the
  /// decode worker does in the browser; here in process); one that does not cover it is not.
  func testHEIFCardsComeFromTheThumbnailItemWhenItCoversThem() throws {
    guard let corpus = CorpusLocator.corpus else { throw XCTSkip(CorpusLocator.missingMessage) }
    // Canon EOS R5: 2400×1600 with a 320×214 thumbnail item; a 300×200 card needs 300×200.
    // Samsung S24 FE: 4000×1848 with a 512×236 item (decoded 512×235); a 300×228 card needs
    // 494×228.
    // iPhone 8 Plus (arrow): 3024×4032 upright with a 240×320 item; a 300×228 card needs
    // 300×400, so its primary image is decoded.
    let cases = [
      ("Canon_EOS_R5.HIF", PixelSize(width: 300, height: 200), true),
      ("Samsung_Galaxy_S24_FE.heic", PixelSize(width: 300, height: 228), true),
      ("arrow.heic", PixelSize(width: 300, height: 228), false),
    ]
    for (name, card, fromItem) in cases {
      let original = corpus.appendingPathComponent("heif/" + name).path
      guard FileManager.default.fileExists(atPath: original) else {
        throw XCTSkip("\(original) is missing from the corpus")
      }
      let path = root.appendingPathComponent(name).path
      try FileManager.default.copyItem(atPath: original, toPath: path)
      let request = try request(path, size: card)
      XCTAssertEqual(make(request), .image(.loaded(request.key)), name)
      let source = try ThumbnailSource.forFile(atPath: path).get()
      let stored = try XCTUnwrap(disk.thumbnail(for: source, size: .xLarge), name)
      let cover = ThumbnailPipeline.coverSize(filling: card, display: request.storedSize)
      XCTAssertTrue(ThumbnailPipeline.entry(stored.size, serves: card, display: nil), name)
      XCTAssertLessThanOrEqual(abs(stored.width - cover.width), 1, name)
      XCTAssertLessThanOrEqual(abs(stored.height - cover.height), 1, name)
      // `.fast` takes a covering item, `.best` the primary (both are under 30 MP).
      func decoded(_ quality: DecodeQuality) throws -> Bitmap {
        try ImageDecoder.decode(
          path: path, options: DecodeOptions(target: cover, mode: .fit, quality: quality)
        ).get()
      }
      if fromItem {
        XCTAssertTrue(stored == (try decoded(.fast)), "\(name): not from the thumbnail item")
        XCTAssertFalse(stored == (try decoded(.best)), "\(name): the primary was decoded")
      } else {
        XCTAssertTrue(stored == (try decoded(.best)), "\(name): not from the primary")
      }
    }
  }
}

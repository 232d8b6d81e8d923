import Foundation
import Pixels
import Decoders
@_spi(InProcessDecoding) import DecodeWorker
import PhotoModel
import PhotoStore
import TerminalGraphics
import XCTest

@testable import LightboxApp

/// The fitted photo's decode-ahead: its first zoom step decoded whole while the fitted picture
/// is on screen, and a zoom step that waits for that decode instead of repeating it.
extension LoupePictureTests {
  /// The detail view's fitted key for the 1600×1200 photo in an 800×340-pixel area.
  func fittedRequest(_ path: String, priority: ImagePriority = .visible) -> ImageRequest {
    ImageRequest(
      key: ImageKey(asset: AssetID(1), size: PixelSize(width: 800, height: 340), fit: .fit),
      path: path, format: .jpeg, orientation: .up, priority: priority, bestQuality: true,
      storedSize: PixelSize(width: 1600, height: 1200))
  }

  func testTheFittedPhotoDecodesItsFirstZoomStepAheadAndTheStepOnlyCrops() throws {
    let (path, _) = try photo()
    let loupe = LoupeSourceCache()
    let pictures = PictureCache()
    let format = PictureFormat.halfBlock(.trueColor)
    // A neighbour (paging ahead) decodes nothing for the loupe.
    _ = EffectRunner.makePicture(
      fittedRequest(path, priority: .neighbour), format: format, background: .black,
      cache: pictures, decoder: .inProcess, loupe: loupe, prefetch: { $0() })
    XCTAssertEqual(loupe.byteCount, 0)
    // The photo on screen: fit is 340/1200 screen pixels per image pixel; the first step,
    // ×√2, needs 0.4, which libjpeg-turbo decodes at 4/8: the whole photo at 800×600.
    let fitted = fittedRequest(path)
    XCTAssertEqual(
      EffectRunner.makePicture(
        fitted, format: format, background: .black, cache: pictures, decoder: .inProcess,
        loupe: loupe, prefetch: { $0() }), .image(.loaded(fitted.key)))
    XCTAssertEqual(loupe.byteCount, 800 * 600 * 4)
    let (region, size) = try XCTUnwrap(
      AppState.firstZoomStep(
        image: PixelSize(width: 1600, height: 1200), area: PixelSize(width: 800, height: 340)))
    let scale = LoupePicture.neededScale(for: region, at: size)
    XCTAssertEqual(scale, 0.4, accuracy: 0.01)
    let ahead = try XCTUnwrap(loupe.part(for: path, showing: region, scale: scale))
    XCTAssertEqual(ahead.scale, 0.5)
    // The zoom step itself: no decode (the cache holds the same bytes), no preview, and the
    // picture it cuts is the one a region decode of its own would give.
    var previews: [Action] = []
    let key = ImageKey(asset: AssetID(1), size: size, fit: .fit, region: region)
    XCTAssertEqual(
      EffectRunner.makeLoupePicture(
        request(path, key: key), format: format, background: .black, cache: pictures,
        loupe: loupe, decoder: PhotoDecoder.inProcess, preview: { previews.append($0) },
        prefetch: { $0() }), .image(.loaded(key)))
    XCTAssertEqual(loupe.byteCount, 800 * 600 * 4)
    XCTAssertEqual(previews, [])
    let own = try LoupePicture.part(
      request(path, key: key), region: region, scale: scale,
      photo: PixelSize(width: 1600, height: 1200), cache: LoupeSourceCache(),
      decoder: PhotoDecoder.inProcess, background: .black
    ).get()
    let fromAhead = LoupePicture.crop(ahead, region: region, size: size)
    let fromOwn = LoupePicture.crop(own, region: region, size: size)
    let match = psnr(fromAhead, fromOwn)
    print("first zoom step cut from the decode-ahead vs its own region decode: \(match) dB")
    XCTAssertGreaterThan(match, 40)
  }

  func testOnlyTheFittedJPEGOnScreenIsDecodedAhead() throws {
    let fitted = fittedRequest("/p.jpg")
    XCTAssertTrue(LoupePicture.wantsDecodeAhead(fitted))
    XCTAssertFalse(LoupePicture.wantsDecodeAhead(fittedRequest("/p.jpg", priority: .neighbour)))
    var png = fitted
    png.format = .png
    XCTAssertFalse(LoupePicture.wantsDecodeAhead(png))
    var zoomed = fitted
    zoomed.key = ImageKey(
      asset: AssetID(1), size: PixelSize(width: 800, height: 340), fit: .fit,
      region: ImageRegion(x: 0, y: 0, width: 800, height: 600))
    XCTAssertFalse(LoupePicture.wantsDecodeAhead(zoomed))
    var tile = fitted
    tile.key = ImageKey(asset: AssetID(1), size: PixelSize(width: 140, height: 140), fit: .fill)
    XCTAssertFalse(LoupePicture.wantsDecodeAhead(tile))
  }

  func testAPhotoPagedToWhosePictureWasMadeAsANeighbourIsDecodedAheadToo() throws {
    let (path, _) = try photo()
    let inbox = ActionInbox(wake: {})
    let runner = EffectRunner(
      inbox: inbox, cache: PictureCache(), format: .halfBlock(.trueColor), background: .black,
      catalogPath: nil, decoder: .inProcess)
    defer { runner.stop() }
    // Paging ahead: the next photo's fitted picture is made as a neighbour; nothing ahead.
    let neighbour = fittedRequest(path, priority: .neighbour)
    runner.run(.loadImage(neighbour))
    let deadline = Date(timeIntervalSinceNow: 30)
    while runner.cache.picture(for: neighbour.key) == nil, Date() < deadline {
      usleep(10_000)
    }
    XCTAssertNotNil(runner.cache.picture(for: neighbour.key), "the neighbour's picture")
    XCTAssertEqual(runner.loupeBytesAfterQueuedDecodes(), 0)
    // Paged to it: the picture is at hand (no decode), and its first zoom step is decoded.
    runner.run(.loadImage(fittedRequest(path)))
    XCTAssertEqual(runner.loupeBytesAfterQueuedDecodes(), 800 * 600 * 4)
  }

  func testAZoomStepWaitsForTheDecodeUnderWayInsteadOfDecodingAgain() throws {
    let cache = LoupeSourceCache()
    let whole = ImageRegion(x: 0, y: 0, width: 1600, height: 1200)
    let inside = ImageRegion(x: 0, y: 200, width: 1600, height: 800)
    XCTAssertTrue(cache.beginDecode(of: whole, for: "/p", scale: 0.4))
    XCTAssertFalse(cache.beginDecode(of: whole, for: "/p", scale: 0.4), "the same one twice")
    // Not covered by the decode under way (sharper, another photo): no part, no wait.
    XCTAssertNil(cache.waitForDecodes(for: "/p", showing: inside, scale: 0.8, timeout: 30))
    XCTAssertNil(cache.waitForDecodes(for: "/q", showing: inside, scale: 0.4, timeout: 30))
    let made = LoupeSourceCache.Part(
      path: "/p", x: 0, y: 0, scale: 0.5,
      bitmap: Bitmap(width: 800, height: 600, fill: RGB(10, 200, 30)))
    let decoder = Thread {
      Thread.sleep(forTimeInterval: 0.2)
      cache.endDecode(of: whole, for: "/p", scale: 0.4, part: made)
    }
    decoder.start()
    // The part is not in the cache until the decode ends: only a wait returns it.
    let part = try XCTUnwrap(cache.waitForDecodes(for: "/p", showing: inside, scale: 0.4))
    XCTAssertEqual(part.bitmap.rgb(x: 5, y: 5), RGB(10, 200, 30))
    XCTAssertEqual(part.scale, 0.5)
    // A decode that failed ends the wait with nothing.
    XCTAssertTrue(cache.beginDecode(of: whole, for: "/r", scale: 0.4))
    let failing = Thread {
      Thread.sleep(forTimeInterval: 0.1)
      cache.endDecode(of: whole, for: "/r", scale: 0.4, part: nil)
    }
    failing.start()
    XCTAssertNil(cache.waitForDecodes(for: "/r", showing: inside, scale: 0.4))
    XCTAssertTrue(cache.beginDecode(of: whole, for: "/r", scale: 0.4), "ended, so free again")
  }
}

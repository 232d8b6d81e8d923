import CTurboJPEG
import DemoLibrary
import Pixels
import Decoders
import PhotoModel
import XCTest

/// Pixels and file bytes of demo items: they look like photos, carry the EXIF they should,
/// are stored turned when the orientation says so, and are reproducible.
final class DemoPictureTests: XCTestCase {
  private let items = DemoLibraryGenerator.plan(DemoLibraryOptions(directory: "/unused"))

  /// The first item matching each predicate (distinct), so that a handful covers the cases.
  private func sample(_ predicates: [(DemoItem) -> Bool]) -> [DemoItem] {
    var chosen: [DemoItem] = []
    for p in predicates {
      if let item = items.first(where: { p($0) && !chosen.contains($0) }) { chosen.append(item) }
    }
    return chosen
  }

  func testSameSeedSameBytesDifferentSeedDifferentBytes() throws {
    let some = sample([
      { $0.kind == .photo }, { $0.kind == .screenshot }, { $0.kind == .panorama },
    ])
    XCTAssertEqual(some.count, 3)
    for item in some {
      let a = try DemoLibraryGenerator.fileBytes(item).get()
      let b = try DemoLibraryGenerator.fileBytes(item).get()
      XCTAssertEqual(a, b, item.relativePath)
    }
    let other = DemoLibraryGenerator.plan(DemoLibraryOptions(directory: "/unused", seed: 99))
    let mine = try DemoLibraryGenerator.fileBytes(items[0]).get()
    let theirs = try DemoLibraryGenerator.fileBytes(other[0]).get()
    XCTAssertNotEqual(mine, theirs)
  }

  func testPicturesLookLikeScenesNotSwatches() {
    var themes = Set<SceneTheme>()
    var picks: [DemoItem] = []
    for item in items where item.kind == .photo && !item.scene.selfie {
      if themes.insert(item.scene.theme).inserted { picks.append(item) }
    }
    XCTAssertGreaterThanOrEqual(picks.count, 5, "several landscape themes: \(themes)")
    for item in picks {
      let bitmap = DemoLibraryGenerator.paint(item)
      XCTAssertEqual(bitmap.size, item.uprightSize)
      let colours = distinctColours(bitmap)
      XCTAssertGreaterThan(colours, 5_000, "\(item.scene.theme): \(colours) colours")
      // Sky above, land or water below: a clear change of brightness down the picture.
      let top = meanLuma(bitmap, rows: 0..<(bitmap.height / 8))
      let bottom = meanLuma(bitmap, rows: (bitmap.height * 7 / 8)..<bitmap.height)
      XCTAssertGreaterThan(
        abs(top - bottom), 8, "\(item.scene.theme) \(item.scene.phase): \(top) vs \(bottom)")
      // Still structured at thumbnail size: a 16×16 reduction is not one flat colour.
      XCTAssertGreaterThan(thumbnailContrast(bitmap), 12, "\(item.scene.theme) at 16×16")
    }
    let screenshot = items.first { $0.kind == .screenshot }!
    let shot = DemoLibraryGenerator.paint(screenshot)
    XCTAssertGreaterThan(distinctColours(shot), 100)
    XCTAssertGreaterThan(thumbnailContrast(shot), 12)
  }

  func testCameraFilesCarryTheExifTheyWereGiven() throws {
    let picks = sample([
      { $0.kind == .photo && $0.camera?.bigEndian == true },
      { $0.kind == .photo && $0.camera?.bigEndian == false && $0.gps != nil },
      { $0.kind == .photo && $0.isSelfie },
      { $0.kind == .panorama },
      { $0.orientation == .right },
    ])
    XCTAssertEqual(picks.count, 5)
    for item in picks {
      let jpeg = try DemoLibraryGenerator.fileBytes(item).get()
      let tiff = try XCTUnwrap(JPEGTestParser.exifRightAfterSOI(jpeg), item.relativePath)
      let exif = try XCTUnwrap(TIFFTestReader(tiff))
      let camera = try XCTUnwrap(item.camera)
      XCTAssertEqual(exif.little, !camera.bigEndian)
      XCTAssertEqual(TIFFTestReader.string(exif.ifd0[0x010F]), camera.make)
      XCTAssertEqual(TIFFTestReader.string(exif.ifd0[0x0110]), camera.model)
      XCTAssertEqual(
        TIFFTestReader.number(exif.ifd0[0x0112]).map(Int.init), item.orientation.rawValue)
      let d = item.captureDate
      XCTAssertEqual(TIFFTestReader.string(exif.exif[0x9003]), d.exifText)
      XCTAssertEqual(TIFFTestReader.string(exif.exif[0x9011]), d.offsetText)
      XCTAssertEqual(
        TIFFTestReader.string(exif.exif[0x9291]).flatMap { Int($0) }, d.millisecond)
      let e = try XCTUnwrap(item.exposure)
      XCTAssertEqual(
        TIFFTestReader.rationals(exif.exif[0x829A])?.first ?? 0,
        Double(e.exposureTime.numerator) / Double(e.exposureTime.denominator), accuracy: 1e-9)
      XCTAssertEqual(
        TIFFTestReader.rationals(exif.exif[0x829D])?.first ?? 0,
        Double(e.fNumber.numerator) / Double(e.fNumber.denominator), accuracy: 1e-9)
      XCTAssertEqual(TIFFTestReader.number(exif.exif[0x8827]).map(Int.init), Int(e.iso))
      XCTAssertEqual(
        TIFFTestReader.rationals(exif.exif[0x920A])?.first ?? 0,
        Double(e.focalLength.numerator) / Double(e.focalLength.denominator), accuracy: 1e-9)
      XCTAssertEqual(TIFFTestReader.string(exif.exif[0xA434]), item.lensModel)
      if let gps = item.gps {
        let lat = try XCTUnwrap(TIFFTestReader.rationals(exif.gps[0x0002]))
        XCTAssertEqual(lat[0] + lat[1] / 60 + lat[2] / 3600, abs(gps.latitude), accuracy: 1e-4)
        XCTAssertEqual(
          TIFFTestReader.string(exif.gps[0x0001]), gps.latitude >= 0 ? "N" : "S")
      } else {
        XCTAssertTrue(exif.gps.isEmpty)
      }
      // Frame size is the stored size; the IFD1 thumbnail is a JPEG inside the block.
      let frame = try XCTUnwrap(JPEGTestParser.frameSize(jpeg))
      XCTAssertEqual(PixelSize(width: frame.width, height: frame.height), item.storedSize)
      let thumbOffset = try XCTUnwrap(TIFFTestReader.number(exif.ifd1[0x0201]))
      let thumbLength = try XCTUnwrap(TIFFTestReader.number(exif.ifd1[0x0202]))
      XCTAssertLessThanOrEqual(Int(thumbOffset + thumbLength), tiff.count)
      XCTAssertEqual(Array(tiff[Int(thumbOffset)..<Int(thumbOffset) + 2]), [0xFF, 0xD8])
    }
  }

  func testScreenshotsArePNGWithoutExif() throws {
    let item = try XCTUnwrap(items.first { $0.kind == .screenshot })
    let png = try DemoLibraryGenerator.fileBytes(item).get()
    XCTAssertEqual(Array(png.prefix(4)), [137, 80, 78, 71])
    XCTAssertFalse(containsChunk(png, "eXIf"))
    XCTAssertTrue(containsChunk(png, "tEXt"))
    XCTAssertEqual(readBE32(png, 16), 800)
    XCTAssertEqual(readBE32(png, 20), 500)
  }

  func testTurnedPhotosAreStoredTransposed() throws {
    for orientation in [Orientation.right, .left] {
      let item = try XCTUnwrap(items.first { $0.orientation == orientation })
      let upright = DemoLibraryGenerator.paint(item)
      let stored = DemoLibraryGenerator.storedBitmap(item)
      XCTAssertEqual(stored.width, upright.height)
      XCTAssertEqual(stored.height, upright.width)
      // Applying the EXIF orientation to the stored pixels gives the upright picture back.
      let restored = apply(orientation, to: stored)
      XCTAssertEqual(restored, upright, "\(orientation)")
      XCTAssertNotEqual(stored.pixels, upright.pixels)
      // And the file really holds the turned pixels.
      let jpeg = try DemoLibraryGenerator.fileBytes(item).get()
      let decoded = try XCTUnwrap(decodeJPEG(jpeg))
      XCTAssertEqual(decoded.size, stored.size)
      XCTAssertLessThan(meanDifference(decoded, stored), 6)
    }
  }

  // MARK: Helpers

  private func apply(_ orientation: Orientation, to s: Bitmap) -> Bitmap {
    // Display is s.height wide, s.width tall.
    let w = s.height
    let h = s.width
    var out = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        // 6: turn the stored picture 90° clockwise; 8: counter-clockwise.
        let (sx, sy) = orientation == .right ? (y, s.height - 1 - x) : (s.width - 1 - y, x)
        let si = (sy * s.width + sx) * 4
        let di = (y * w + x) * 4
        for k in 0..<4 { out[di + k] = s.pixels[si + k] }
      }
    }
    return Bitmap(width: w, height: h, pixels: out)
  }

  private func distinctColours(_ b: Bitmap) -> Int {
    var set = Set<UInt32>()
    for i in stride(from: 0, to: b.pixels.count, by: 4) {
      set.insert(UInt32(b.pixels[i]) << 16 | UInt32(b.pixels[i + 1]) << 8 | UInt32(b.pixels[i + 2]))
    }
    return set.count
  }

  private func meanLuma(_ b: Bitmap, rows: Range<Int>) -> Double {
    var sum = 0.0
    for y in rows {
      for x in 0..<b.width {
        let c = b.rgb(x: x, y: y)
        sum += 0.299 * Double(c.r) + 0.587 * Double(c.g) + 0.114 * Double(c.b)
      }
    }
    return sum / Double(rows.count * b.width)
  }

  /// Standard deviation of luma over a 16×16 box reduction.
  private func thumbnailContrast(_ b: Bitmap) -> Double {
    var cells: [Double] = []
    for cy in 0..<16 {
      for cx in 0..<16 {
        let rows = (cy * b.height / 16)..<((cy + 1) * b.height / 16)
        var sum = 0.0
        var n = 0
        for y in rows {
          for x in (cx * b.width / 16)..<((cx + 1) * b.width / 16) {
            let c = b.rgb(x: x, y: y)
            sum += 0.299 * Double(c.r) + 0.587 * Double(c.g) + 0.114 * Double(c.b)
            n += 1
          }
        }
        cells.append(sum / Double(n))
      }
    }
    let mean = cells.reduce(0, +) / Double(cells.count)
    return (cells.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(cells.count)).squareRoot()
  }

  private func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
    var total = 0
    for i in 0..<a.pixels.count where i % 4 != 3 {
      total += abs(Int(a.pixels[i]) - Int(b.pixels[i]))
    }
    return Double(total) / Double(a.pixels.count / 4 * 3)
  }

  private func decodeJPEG(_ jpeg: [UInt8]) -> Bitmap? {
    guard let handle = tjInitDecompress() else { return nil }
    defer { tjDestroy(handle) }
    var w: Int32 = 0
    var h: Int32 = 0
    var sub: Int32 = 0
    var cs: Int32 = 0
    let ok = jpeg.withUnsafeBufferPointer {
      tjDecompressHeader3(handle, $0.baseAddress, UInt(jpeg.count), &w, &h, &sub, &cs)
    }
    guard ok == 0 else { return nil }
    var out = [UInt8](repeating: 0, count: Int(w * h * 4))
    let rc = jpeg.withUnsafeBufferPointer { src in
      out.withUnsafeMutableBufferPointer { dst in
        tjDecompress2(
          handle, src.baseAddress, UInt(jpeg.count), dst.baseAddress, w, 0, h,
          Int32(TJPF_RGBA.rawValue), TJFLAG_ACCURATEDCT)
      }
    }
    guard rc == 0 else { return nil }
    return Bitmap(width: Int(w), height: Int(h), pixels: out)
  }

  private func readBE32(_ b: [UInt8], _ at: Int) -> Int {
    Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
  }

  private func containsChunk(_ png: [UInt8], _ type: String) -> Bool {
    let t = Array(type.utf8)
    var i = 8
    while i + 8 <= png.count {
      if Array(png[(i + 4)..<(i + 8)]) == t { return true }
      i += 12 + readBE32(png, i)
    }
    return false
  }
}

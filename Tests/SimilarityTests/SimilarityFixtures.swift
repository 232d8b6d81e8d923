import Decoders
import LightboxTestSupport
import PhotoModel
import Pixels
import XCTest

/// Pictures and files the Similarity tests share, all made in memory.
enum SimilarityFixtures {
  /// A smooth scene with a few shapes, different for each `seed`: something with structure
  /// at every scale, as a photo has.
  static func scene(width: Int, height: Int, seed: UInt64) -> Bitmap {
    var rng = SeededGenerator(seed: seed)
    var blobs: [(x: Double, y: Double, r: Double, c: (Double, Double, Double))] = []
    for _ in 0..<6 {
      blobs.append(
        (
          Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng),
          Double.random(in: 0.1...0.4, using: &rng),
          (
            Double.random(in: 0...255, using: &rng), Double.random(in: 0...255, using: &rng),
            Double.random(in: 0...255, using: &rng)
          )
        ))
    }
    let tilt = Double.random(in: -1...1, using: &rng)
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let u = Double(x) / Double(width)
        let v = Double(y) / Double(height)
        var r = 90 + 60 * (u * tilt + v)
        var g = 100 + 50 * v
        var b = 120 - 40 * u
        for blob in blobs {
          let d = ((u - blob.x) * (u - blob.x) + (v - blob.y) * (v - blob.y)).squareRoot()
          if d < blob.r {
            // Shaded like a lit ball: no flat areas, whose equal cells no hash can order.
            let shade = 1 - 0.4 * d / blob.r
            r = blob.c.0 * shade
            g = blob.c.1 * shade
            b = blob.c.2 * shade
          }
        }
        let i = (y * width + x) * 4
        pixels[i] = UInt8(max(0, min(255, r)))
        pixels[i + 1] = UInt8(max(0, min(255, g)))
        pixels[i + 2] = UInt8(max(0, min(255, b)))
      }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  /// A JPEG of `bitmap` at `quality`.
  static func jpeg(_ bitmap: Bitmap, quality: Int = 90) throws -> [UInt8] {
    try JPEGEncoder.encode(bitmap, quality: quality).get()
  }

  /// `jpeg` with a segment (marker, body) inserted right after SOI.
  static func inserting(segment marker: UInt8, body: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
    let length = body.count + 2
    return Array(jpeg[0..<2]) + [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body
      + Array(jpeg[2...])
  }

  /// A HEIF file (ftyp, meta with iinf and iloc, mdat) with a coded item `picture` (id 1,
  /// hvc1) and an Exif item `exif` (id 2): enough structure for the image-data layout.
  static func heif(picture: [UInt8], exif: [UInt8], exifFirst: Bool = false) -> [UInt8] {
    func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
      TestImages.bigEndian(UInt32(body.count + 8)) + Array(type.utf8) + body
    }
    func infe(_ id: UInt16, _ type: String) -> [UInt8] {
      box("infe", [2, 0, 0, 0, UInt8(id >> 8), UInt8(id & 0xFF), 0, 0] + Array(type.utf8) + [0])
    }
    let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
    let iinf = box("iinf", [0, 0, 0, 0, 0, 2] + infe(1, "hvc1") + infe(2, "Exif"))
    // The iloc's offsets depend on the meta box's size, which does not depend on them.
    func iloc(pictureAt: Int, exifAt: Int) -> [UInt8] {
      // version 0, offset size 4, length size 4, base offset size 0, two items of one extent.
      var body: [UInt8] = [0, 0, 0, 0, 0x44, 0x00, 0, 2]
      body +=
        [0, 1, 0, 0, 0, 1] + TestImages.bigEndian(UInt32(pictureAt))
        + TestImages.bigEndian(UInt32(picture.count))
      body +=
        [0, 2, 0, 0, 0, 1] + TestImages.bigEndian(UInt32(exifAt))
        + TestImages.bigEndian(UInt32(exif.count))
      return box("iloc", body)
    }
    let metaSize = box("meta", [0, 0, 0, 0] + iinf + iloc(pictureAt: 0, exifAt: 0)).count
    let dataStart = ftyp.count + metaSize + 8
    let pictureAt = exifFirst ? dataStart + exif.count : dataStart
    let exifAt = exifFirst ? dataStart : dataStart + picture.count
    let meta = box("meta", [0, 0, 0, 0] + iinf + iloc(pictureAt: pictureAt, exifAt: exifAt))
    let mdat = box("mdat", exifFirst ? exif + picture : picture + exif)
    return ftyp + meta + mdat
  }
}

import Foundation
import Pixels
import PhotoModel

/// Builders for synthetic image files and helpers to compare bitmaps.
public enum TestImages {
  /// Peak signal-to-noise ratio of the RGB channels of two bitmaps of one size, in dB
  /// (infinity when identical).
  public static func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
    precondition(a.width == b.width && a.height == b.height)
    var sum = 0.0
    for i in 0..<a.pixels.count where i % 4 != 3 {
      let d = Double(a.pixels[i]) - Double(b.pixels[i])
      sum += d * d
    }
    let mse = sum / Double(a.width * a.height * 3)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
  }

  /// CRC-32 (ISO 3309, as PNG uses it).
  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  public static func bigEndian(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }

  /// One PNG chunk with a correct CRC.
  public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
  }

  public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  public static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8)
    -> [UInt8]
  {
    chunk("IHDR", bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, 0])
  }

  /// A zlib stream holding `data` in stored (uncompressed) deflate blocks.
  public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let n = min(65535, data.count - offset)
      let final: UInt8 = offset + n == data.count ? 1 : 0
      out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
      out += data[offset..<offset + n]
      offset += n
    } while offset < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return out + bigEndian(b << 16 | a)
  }

  /// A valid 8-bit RGBA PNG (colour type 6) of `bitmap`, written without any encoder.
  public static func png(rgba bitmap: Bitmap) -> [UInt8] {
    var raw: [UInt8] = []
    for y in 0..<bitmap.height {
      raw.append(0)  // Filter type None.
      raw += bitmap.pixels[y * bitmap.width * 4..<(y + 1) * bitmap.width * 4]
    }
    return pngSignature
      + ihdr(width: UInt32(bitmap.width), height: UInt32(bitmap.height), bitDepth: 8, colorType: 6)
      + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
  }

  /// A PNG whose header declares `width` × `height` greyscale, followed by a tiny IDAT.
  public static func pngBomb(width: UInt32, height: UInt32) -> [UInt8] {
    pngSignature + ihdr(width: width, height: height, bitDepth: 8, colorType: 0)
      + chunk("IDAT", zlibStored([0, 0])) + chunk("IEND", [])
  }

  /// A baseline JPEG header (SOI, DQT, SOF0, DHT, SOS) declaring `width` × `height`
  /// greyscale, with a few bytes of scan data and EOI.
  public static func jpegBomb(width: UInt16, height: UInt16) -> [UInt8] {
    var out: [UInt8] = [0xFF, 0xD8]
    out += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
    out += [0xFF, 0xC0, 0x00, 0x0B, 0x08, UInt8(height >> 8), UInt8(height & 0xFF)]
    out += [UInt8(width >> 8), UInt8(width & 0xFF), 0x01, 0x01, 0x11, 0x00]
    // DC table 0 with one 1-bit code (symbol 0) and AC table 0 with one code (EOB).
    let counts: [UInt8] = [1] + [UInt8](repeating: 0, count: 15)
    out += [0xFF, 0xC4, 0x00, 0x14, 0x00] + counts + [0x00]
    out += [0xFF, 0xC4, 0x00, 0x14, 0x10] + counts + [0x00]
    out += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
    out += [UInt8](repeating: 0, count: 64) + [0xFF, 0xD9]
    return out
  }

  /// A bitmap whose pixel (x, y) encodes its position: R = x, G = y, B = 7.
  public static func coordinates(width: Int, height: Int) -> Bitmap {
    var px: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width { px += [UInt8(x), UInt8(y), 7, 255] }
    }
    return Bitmap(width: width, height: height, pixels: px)
  }

  /// A one-pixel black/white checkerboard.
  public static func checkerboard(width: Int, height: Int) -> Bitmap {
    var px: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        let v: UInt8 = (x + y) % 2 == 0 ? 0 : 255
        px += [v, v, v, 255]
      }
    }
    return Bitmap(width: width, height: height, pixels: px)
  }

  /// Mean absolute difference per colour channel, or nil when the sizes differ.
  public static func meanAbsoluteDifference(_ a: Bitmap, _ b: Bitmap) -> Double? {
    guard a.width == b.width, a.height == b.height else { return nil }
    var total = 0
    for i in 0..<a.pixels.count where i % 4 != 3 {
      total += abs(Int(a.pixels[i]) - Int(b.pixels[i]))
    }
    return Double(total) / Double(max(1, a.width * a.height * 3))
  }

  /// Pearson correlation of the luma of two same-sized bitmaps (1: same structure,
  /// -1: a negative), or nil when the sizes differ or one is flat.
  public static func lumaCorrelation(_ a: Bitmap, _ b: Bitmap) -> Double? {
    guard a.width == b.width, a.height == b.height else { return nil }
    func luma(_ p: [UInt8], _ i: Int) -> Double {
      0.299 * Double(p[i]) + 0.587 * Double(p[i + 1]) + 0.114 * Double(p[i + 2])
    }
    let n = a.width * a.height
    let xs = (0..<n).map { luma(a.pixels, $0 * 4) }
    let ys = (0..<n).map { luma(b.pixels, $0 * 4) }
    let mx = xs.reduce(0, +) / Double(n)
    let my = ys.reduce(0, +) / Double(n)
    var sxy = 0.0
    var sxx = 0.0
    var syy = 0.0
    for i in 0..<n {
      sxy += (xs[i] - mx) * (ys[i] - my)
      sxx += (xs[i] - mx) * (xs[i] - mx)
      syy += (ys[i] - my) * (ys[i] - my)
    }
    guard sxx > 0, syy > 0 else { return nil }
    return sxy / (sxx * syy).squareRoot()
  }

  /// True when every alpha byte is 255.
  public static func isOpaque(_ b: Bitmap) -> Bool {
    stride(from: 3, to: b.pixels.count, by: 4).allSatisfy { b.pixels[$0] == 255 }
  }

  /// True when `reason` is a non-empty single line without control characters.
  public static func isOneLine(_ reason: String) -> Bool {
    !reason.isEmpty
      && !reason.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
  }
}

import CSixel
import Foundation
import Pixels
import PhotoModel

/// Decodes a sixel stream with libsixel's own decoder (for in-process PSNR checks).
enum SixelRoundTrip {
  /// The decoded RGB pixels and size, or nil when libsixel cannot read the stream.
  static func decode(_ bytes: [UInt8]) -> (width: Int, height: Int, rgb: [UInt8])? {
    var data = bytes
    var pixels: UnsafeMutablePointer<UInt8>?
    var palette: UnsafeMutablePointer<UInt8>?
    var width: Int32 = 0
    var height: Int32 = 0
    var ncolors: Int32 = 0
    let status = data.withUnsafeMutableBufferPointer {
      sixel_decode_raw(
        $0.baseAddress, Int32($0.count), &pixels, &width, &height, &palette, &ncolors, nil)
    }
    guard status & 0x1000 == 0, let pixels, let palette else { return nil }
    defer {
      free(pixels)
      free(palette)
    }
    var rgb = [UInt8](repeating: 0, count: Int(width) * Int(height) * 3)
    for i in 0..<(Int(width) * Int(height)) {
      let index = Int(pixels[i])
      rgb[i * 3] = palette[index * 3]
      rgb[i * 3 + 1] = palette[index * 3 + 1]
      rgb[i * 3 + 2] = palette[index * 3 + 2]
    }
    return (Int(width), Int(height), rgb)
  }

  /// PSNR in dB of `rgb` (decoded) against `reference` (RGBA), over the shared area.
  static func psnr(_ decoded: (width: Int, height: Int, rgb: [UInt8]), reference: Bitmap) -> Double
  {
    let w = min(decoded.width, reference.width)
    let h = min(decoded.height, reference.height)
    var sum = 0.0
    for y in 0..<h {
      for x in 0..<w {
        for c in 0..<3 {
          let a = Double(decoded.rgb[(y * decoded.width + x) * 3 + c])
          let b = Double(reference.pixels[(y * reference.width + x) * 4 + c])
          sum += (a - b) * (a - b)
        }
      }
    }
    let mse = sum / Double(w * h * 3)
    return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
  }

  /// Low-frequency error of a decoded sixel stream against `reference` (a 200 px wide
  /// `skyAndDetail` picture) over its sky, the top 80 rows: mean squared difference of 7×7
  /// box averages. A good dither averages back to the gradient; posterised bands do not.
  /// Nil when the stream does not decode.
  static func blurredSkyError(_ bytes: [UInt8], reference bitmap: Bitmap) -> Double? {
    guard let d = decode(bytes) else { return nil }
    var sum = 0.0
    var n = 0.0
    for y in 3..<(80 - 3) {
      for x in 3..<(200 - 3) {
        for c in 0..<3 {
          var a = 0.0
          var b = 0.0
          for dy in -3...3 {
            for dx in -3...3 {
              a += Double(d.rgb[((y + dy) * d.width + x + dx) * 3 + c])
              b += Double(bitmap.pixels[((y + dy) * 200 + x + dx) * 4 + c])
            }
          }
          sum += (a - b) * (a - b) / 2401
          n += 1
        }
      }
    }
    return sum / n
  }
}

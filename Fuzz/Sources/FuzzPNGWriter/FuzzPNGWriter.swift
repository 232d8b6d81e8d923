import Pixels
@_spi(Decoders) import Decoders
import PhotoModel

/// The thumbnail writer and the resampler on arbitrary pixels: the first byte picks the
/// width (1…64), the second a resampling target; the rest are RGBA pixels (repeated to fill
/// the last row). The hand-written deflate stream must read back through libpng to exactly
/// the pixels written (both composited on the same background), and a resampled bitmap must
/// have the size asked for.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGWriter(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let start, count > 2 else { return 0 }
  let width = Int(start[0] & 0x3F) + 1
  let knobs = start[1]
  let body = Array(UnsafeBufferPointer(start: start + 2, count: count - 2))
  guard !body.isEmpty else { return 0 }
  let height = max(1, (body.count + width * 4 - 1) / (width * 4))
  var pixels = [UInt8](repeating: 0, count: width * height * 4)
  for i in 0..<pixels.count { pixels[i] = body[i % body.count] }
  if start[0] & 0x40 != 0 {
    // Opaque: the writer takes the RGB path.
    for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
  }
  let bitmap = Bitmap(width: width, height: height, pixels: pixels)

  guard case .success(let png) = PNGEncoder.encodeFast(bitmap) else {
    preconditionFailure("the fast writer refused a \(width)×\(height) bitmap")
  }
  let background = RGB(knobs, 255 &- knobs, 77)
  let options = DecodeOptions(target: bitmap.size, background: background)
  guard case .success(let decoded) = ImageDecoder.decode(data: png, options: options) else {
    preconditionFailure("libpng refused the fast writer's \(width)×\(height) PNG")
  }
  // The decoder's compositing (PNGDecoder.composite, internal to Imaging), restated.
  var expected = bitmap.pixels
  let bg = [UInt32(background.r), UInt32(background.g), UInt32(background.b)]
  for i in stride(from: 0, to: expected.count, by: 4) where expected[i + 3] != 255 {
    let a = UInt32(expected[i + 3])
    for c in 0..<3 {
      expected[i + c] = UInt8((UInt32(expected[i + c]) * a + bg[c] * (255 - a) + 127) / 255)
    }
    expected[i + 3] = 255
  }
  precondition(decoded.size == bitmap.size && decoded.pixels == expected, "round trip differs")

  let target = PixelSize(width: Int(knobs & 0x0F) * 9 + 1, height: Int(knobs >> 4) * 9 + 1)
  let resized = bitmap.resized(to: target)
  precondition(resized.size == target && resized.pixels.count == target.width * target.height * 4)
  return 0
}

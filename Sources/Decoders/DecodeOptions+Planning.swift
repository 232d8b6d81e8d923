import Pixels
import PhotoModel

extension DecodeOptions {
  /// True when a smaller picture that stands for the photo (a HEIF's thumbnail item, an
  /// x-large cover entry) is big enough for `needed`: at least 90 % of it on each side.
  ///
  /// "Big enough", not "as large": the Canon R5's 320×214 item is 94 % of a year card's
  /// 342×228 cover, and the 6 % it is enlarged by does not show at a card's size, where the
  /// primary would cost the card 150 ms of a core (10-bit 4:2:2 tiles); an iPhone's 240×320
  /// item is 80 % of a portrait card's and stays refused: a quarter's enlargement softens it
  /// (docs/DECISIONS.md, 2026-11-29).
  public static func isBigEnough(_ size: PixelSize, for needed: PixelSize) -> Bool {
    size.width * 10 >= needed.width * 9 && size.height * 10 >= needed.height * 9
  }

  /// The smallest upright size a decoded image must cover so that fitting it to `target`
  /// loses nothing, for an image whose full upright size is `display`.
  ///
  /// `.fit`: the fitted size (or the whole image when it already fits). `.fill`: the size
  /// of the image scaled to just cover the target (or the whole image when it is smaller,
  /// since it will be enlarged anyway).
  public func requiredSize(forDisplay display: PixelSize) -> PixelSize {
    guard !display.isEmpty else { return display }
    let box = Bitmap.fittedSize(of: display, into: target, mode: .fill)
    switch mode {
    case .fit:
      return Bitmap.fittedSize(of: display, into: box, mode: .fit)
    case .fill:
      if display.width <= box.width || display.height <= box.height { return display }
      // Cover: the side that is relatively shorter matches the target, the other is
      // rounded up. Sides are at most 2^24 (box) and 2^31 (display): no overflow.
      if display.width * box.height >= display.height * box.width {
        let w = (display.width * box.height + display.height - 1) / display.height
        return PixelSize(width: min(w, display.width), height: box.height)
      } else {
        let h = (display.height * box.width + display.width - 1) / display.width
        return PixelSize(width: box.width, height: min(h, display.height))
      }
    }
  }

  /// Text for "image too large" refusals: "200 MP".
  var maxPixelsText: String {
    maxPixels >= 1_000_000 ? "\(maxPixels / 1_000_000) MP" : "\(maxPixels) pixels"
  }

  /// Nil when `stored` is within the pixel budget, else the refusal.
  func refusal(forStored stored: PixelSize) -> ImageError? {
    if stored.width <= 0 || stored.height <= 0 {
      return ImageError("image has no pixels (\(stored.width)×\(stored.height))")
    }
    if stored.area > maxPixels {
      return ImageError("image too large (\(stored), limit \(maxPixelsText))")
    }
    return nil
  }
}
